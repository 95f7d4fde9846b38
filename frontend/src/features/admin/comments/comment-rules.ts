import { COMMENT_LIMITS } from '@mudawwana/rules';
import { formatDay, toDate } from '@/i18n/format';
import { admin as t, DAYS_AGO, HOURS_AGO, MINUTES_AGO } from '@/i18n/admin';
import { plural } from '@/i18n/plural';
import type {
  BulkCommentsDtoAction,
  CommentCountsDto,
  CommentDtoHoldReason,
  CommentModerationMode,
  CommentSettingsDto,
  CommentStatus,
  ListCommentsParams,
  UpdateCommentSettingsDto,
} from '../api';

/** The screen's tabs: one per state, and every comment. */
export type CommentTab = CommentStatus | 'all';

export const COMMENT_TABS: readonly { value: CommentTab; label: string }[] = [
  { value: 'pending', label: t.commentsTabPending },
  { value: 'approved', label: t.commentsTabApproved },
  { value: 'spam', label: t.commentsTabSpam },
  { value: 'rejected', label: t.commentsTabRejected },
  { value: 'all', label: t.tabAll },
];

/** A tab named in the address (?status=…), or the default one, the comments waiting for the author. */
export function tabFrom(value: string | null): CommentTab {
  return COMMENT_TABS.some((tab) => tab.value === value) ? (value as CommentTab) : 'pending';
}

export function tabCount(counts: CommentCountsDto | undefined, tab: CommentTab): number | undefined {
  return counts?.[tab];
}

/** The list call of a tab, a search and a page. */
export function listParams(tab: CommentTab, search: string, page: number): ListCommentsParams {
  const params: ListCommentsParams = { page };
  if (tab !== 'all') params.status = tab;
  const q = search.trim();
  if (q) params.q = q;
  return params;
}

/** The Arabic badge of why a comment waits for the author. */
export function holdReasonLabel(reason: CommentDtoHoldReason): string | null {
  switch (reason) {
    case 'first-comment':
      return t.holdFirstComment;
    case 'blocklist':
      return t.holdBlocklist;
    case 'links':
      return t.holdLinks;
    case 'moderation':
      return t.holdModeration;
    default:
      return null;
  }
}

export const STATUS_BADGES: Record<CommentStatus, { label: string; palette: string }> = {
  pending: { label: t.commentStatusPending, palette: 'yellow' },
  approved: { label: t.commentStatusApproved, palette: 'green' },
  spam: { label: t.commentStatusSpam, palette: 'red' },
  rejected: { label: t.commentStatusRejected, palette: 'gray' },
};

/** What a row's state action did, said in the toast: the state the comment is in now. */
export const STATUS_DONE: Record<CommentStatus, string> = {
  pending: t.commentBackToPending,
  approved: t.commentApproved,
  spam: t.commentMarkedSpam,
  rejected: t.commentRejected,
};

/** The bulk actions, in the bar's order, with the toast's title of each. */
export const BULK_DONE: Record<BulkCommentsDtoAction, string> = {
  approve: t.bulkApproved,
  spam: t.bulkMarkedSpam,
  reject: t.bulkRejected,
  delete: t.bulkDeleted,
};

/** 'الآن', 'منذ 3 دقائق', 'منذ ساعتين', 'منذ 11 يومًا'; past a month, the day ('21 نوفمبر 2026'). */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return formatDay(value);
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  // a clock a little ahead of the server's: a comment of a moment ago
  if (minutes < 1) return MINUTES_AGO.zero;
  if (minutes < 60) return plural(minutes, MINUTES_AGO);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, HOURS_AGO);
  const days = Math.floor(hours / 24);
  if (days <= 30) return plural(days, DAYS_AGO);
  return formatDay(date);
}

/** Why a reply cannot be sent yet (null: it can): the server's limits of a comment's text. */
export function replyProblem(text: string): string | null {
  return text.trim().length < COMMENT_LIMITS.contentMinLength ? t.replyTooShort : null;
}

// ---- settings

/** The settings form: the blocklist as the textarea holds it, the link limit as the number field holds it. */
export interface CommentSettingsForm {
  enabled: boolean;
  moderation: CommentModerationMode;
  maxLinks: string;
  blocklist: string;
}

export const MODERATION_MODES: readonly { value: CommentModerationMode; label: string; hint: string }[] = [
  { value: 'hold-all', label: t.moderationHoldAll, hint: t.moderationHoldAllHint },
  { value: 'hold-first', label: t.moderationHoldFirst, hint: t.moderationHoldFirstHint },
  { value: 'hold-none', label: t.moderationHoldNone, hint: t.moderationHoldNoneHint },
];

export const MAX_LINKS_LIMIT = 50;

/** The blocklist, one entry a line. */
export function blocklistToText(blocklist: readonly string[]): string {
  return blocklist.join('\n');
}

/** The textarea's lines as the list the server keeps: trimmed, blank lines and repeats dropped, the order kept. */
export function blocklistFromText(text: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const word = line.trim().replace(/\s+/g, ' ');
    if (!word || seen.has(word)) continue;
    seen.add(word);
    words.push(word);
  }
  return words;
}

/** What is wrong with the blocklist the textarea holds (null: nothing): too many entries, or one too long. */
export function blocklistProblem(text: string): string | null {
  const words = blocklistFromText(text);
  if (words.length > COMMENT_LIMITS.blocklistMaxEntries) return t.blocklistTooMany(COMMENT_LIMITS.blocklistMaxEntries);
  const long = words.find((word) => word.length > COMMENT_LIMITS.blocklistEntryMaxLength);
  return long ? t.blocklistTooLong(COMMENT_LIMITS.blocklistEntryMaxLength, long) : null;
}

/** The link limit typed (a whole number 0..50), or null when it is not one. */
export function parseMaxLinks(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_LINKS_LIMIT ? value : null;
}

export function settingsFormFrom(settings: CommentSettingsDto): CommentSettingsForm {
  return {
    enabled: settings.enabled,
    moderation: settings.moderation,
    maxLinks: String(settings.maxLinks),
    blocklist: blocklistToText(settings.blocklist),
  };
}

/** The PATCH body of a valid form (check settingsProblems first). */
export function settingsPayload(form: CommentSettingsForm): UpdateCommentSettingsDto {
  return {
    enabled: form.enabled,
    moderation: form.moderation,
    maxLinks: parseMaxLinks(form.maxLinks) ?? 0,
    blocklist: blocklistFromText(form.blocklist),
  };
}

export interface SettingsProblems {
  maxLinks?: string;
  blocklist?: string;
}

export function settingsProblems(form: CommentSettingsForm): SettingsProblems {
  const problems: SettingsProblems = {};
  if (parseMaxLinks(form.maxLinks) === null) problems.maxLinks = t.maxLinksInvalid;
  const blocklist = blocklistProblem(form.blocklist);
  if (blocklist) problems.blocklist = blocklist;
  return problems;
}

/** Whether saving the form would change anything (the blocklist compared as the list it becomes). */
export function settingsChanged(form: CommentSettingsForm, saved: CommentSettingsForm): boolean {
  return (
    form.enabled !== saved.enabled ||
    form.moderation !== saved.moderation ||
    form.maxLinks.trim() !== saved.maxLinks.trim() ||
    blocklistFromText(form.blocklist).join('\n') !== blocklistFromText(saved.blocklist).join('\n')
  );
}
