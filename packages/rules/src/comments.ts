/**
 * Reader comments (issue 24): the limits both the form and the API enforce, when a post takes comments, and the
 * checks that hold a comment for the author (a blocklisted word in any of its Arabic forms, too many links).
 */
import { searchWords, wordForms } from './arabic-search.js';

export const COMMENT_LIMITS = {
  nameMinLength: 2,
  nameMaxLength: 80,
  emailMaxLength: 255,
  contentMinLength: 2,
  contentMaxLength: 5000,
  /** A page of a post's comments (and of the admin's list): a post with more shows further pages. */
  pageSize: 100,
  /** Blocklist entries the settings keep, each at most this long. */
  blocklistMaxEntries: 500,
  blocklistEntryMaxLength: 64,
} as const;

/** hold-all: every comment waits; hold-first: a reader's first waits, later ones (same name and email) appear; hold-none. */
export const COMMENT_MODERATION_MODES = ['hold-all', 'hold-first', 'hold-none'] as const;
export type CommentModerationMode = (typeof COMMENT_MODERATION_MODES)[number];

/** pending: waits for the author; approved: shown; spam and rejected: kept out of sight (deleted for good by the author). */
export const COMMENT_STATUSES = ['pending', 'approved', 'spam', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** The blog's comment settings (admin › comments). */
export interface CommentSettings {
  /** The site-wide switch: off, no post takes comments and none is shown. */
  enabled: boolean;
  moderation: CommentModerationMode;
  /** A comment with more links than this waits for the author, whatever the mode. */
  maxLinks: number;
  /** Words (or phrases of one word each) that hold a comment, matched in every Arabic form (see blocklistHits). */
  blocklist: string[];
}

export const DEFAULT_COMMENT_SETTINGS: CommentSettings = {
  enabled: true,
  moderation: 'hold-first',
  maxLinks: 2,
  blocklist: [],
};

/** A post's own choice: open, closed, or open until N days after it was published. */
export interface PostCommentPolicy {
  commentsOpen: boolean;
  commentsCloseAfterDays: number | null;
  /** When readers first saw it (publishAt when it was scheduled, else its creation). */
  publishedAt: Date;
}

/** When a post's comments close by its own choice of days, or null when no time closes them (open, or closed by hand). */
export function commentsCloseTime(post: PostCommentPolicy): Date | null {
  if (!post.commentsOpen || post.commentsCloseAfterDays === null) return null;
  return new Date(post.publishedAt.getTime() + post.commentsCloseAfterDays * 86_400_000);
}

/** Whether a post takes new comments now (existing approved comments stay shown either way). */
export function commentsOpenNow(settings: Pick<CommentSettings, 'enabled'>, post: PostCommentPolicy, now = new Date()): boolean {
  if (!settings.enabled || !post.commentsOpen) return false;
  const closes = commentsCloseTime(post);
  return closes === null || now < closes;
}

/** Web addresses as readers write them (with a scheme or starting www.), which comments show as links. */
export const COMMENT_LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'\u060c\u061b]+[^\s<>"'.,:;!?)\]\u060c\u061b\u061f]/giu;

export function linksIn(text: string): number {
  return [...text.matchAll(COMMENT_LINK)].length;
}

/**
 * The blocklisted words a comment contains, matched as search matches (arabic-search.ts): the same normalisation
 * (tashkeel, tatweel, alef and yaa forms, case) and the same word forms (with or without the article, attached
 * conjunctions and prepositions, plural and pronoun endings), so «بالكازينو», «الكَازينـو» and «كازينوهات» all meet
 * «كازينو». A listed entry of several words matches when they appear one after the other.
 */
export function blocklistHits(text: string, blocklist: readonly string[]): string[] {
  const words = searchWords(text).map((word) => new Set(wordForms(word)));
  const meets = (listed: string, at: number) => wordForms(listed).some((form) => words[at]?.has(form));
  return blocklist.filter((entry) => {
    const listed = searchWords(entry);
    if (listed.length === 0) return false;
    return words.some((_, start) => listed.every((word, offset) => meets(word, start + offset)));
  });
}

/** Why a comment waits for the author instead of appearing (the admin shows it); null: nothing held it. */
export type CommentHoldReason = 'moderation' | 'first-comment' | 'blocklist' | 'links';
