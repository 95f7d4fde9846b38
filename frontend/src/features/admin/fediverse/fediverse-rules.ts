import { admin as t } from '@/i18n/admin';
import {
  ApiError,
  errorMessage,
  type DeliveryCountsDto,
  type DeliveryStatus,
  type FederationActivityType,
  type FederationBlockKind,
} from '../api';

/** The screen's sections, named in the address (?view=…) so a link opens the right one. */
export const FEDIVERSE_VIEWS = ['followers', 'deliveries', 'blocks'] as const;
export type FediverseView = (typeof FEDIVERSE_VIEWS)[number];

/** A section named in the address, or the first one, the followers. */
export function viewFrom(value: string | null): FediverseView {
  return (FEDIVERSE_VIEWS as readonly string[]).includes(value ?? '') ? (value as FediverseView) : 'followers';
}

/** What was sent, in Arabic words: the post's publication, edit or withdrawal, or the answer to a follow. */
export const ACTIVITY_LABEL: Record<FederationActivityType, string> = {
  Create: t.activityCreate,
  Update: t.activityUpdate,
  Delete: t.activityDelete,
  Accept: t.activityAccept,
  Reject: t.activityReject,
};

/** A delivery's state as a badge. */
export const DELIVERY_BADGE: Record<DeliveryStatus, { label: string; palette: string }> = {
  pending: { label: t.deliveryPending, palette: 'yellow' },
  sending: { label: t.deliverySending, palette: 'blue' },
  delivered: { label: t.deliveryDelivered, palette: 'green' },
  failed: { label: t.deliveryFailed, palette: 'red' },
  gone: { label: t.deliveryGone, palette: 'gray' },
};

/** The deliveries' filter: every state, then one per state (the failed ones are those to look at). */
export type DeliveryTab = DeliveryStatus | 'all';
export const DELIVERY_TABS: readonly { value: DeliveryTab; label: string }[] = [
  { value: 'all', label: t.deliveryTabAll },
  { value: 'failed', label: t.deliveryFailed },
  { value: 'gone', label: t.deliveryGone },
  { value: 'pending', label: t.deliveryPending },
  { value: 'sending', label: t.deliverySending },
  { value: 'delivered', label: t.deliveryDelivered },
];

/** A tab's count: its state's, or every state's for «الكل» (unknown while the counts load). */
export function deliveryTabCount(counts: DeliveryCountsDto | undefined, tab: DeliveryTab): number | undefined {
  if (!counts) return undefined;
  return tab === 'all' ? counts.pending + counts.sending + counts.delivered + counts.failed + counts.gone : counts[tab];
}

/**
 * The tabs shown: «يُرسل الآن» only while something is being sent (or it is the open tab): a delivery is in that state
 * for seconds at most, and on a phone its empty tab would take a line of its own.
 */
export function shownDeliveryTabs(counts: DeliveryCountsDto | undefined, open: DeliveryTab): typeof DELIVERY_TABS {
  return DELIVERY_TABS.filter(({ value }) => value !== 'sending' || open === 'sending' || (counts?.sending ?? 0) > 0);
}

/** What the server lets the author retry: a delivery it gave up on, or whose server answered 404 or 410. */
export function canRetry(status: DeliveryStatus): boolean {
  return status === 'failed' || status === 'gone';
}

/** The server an inbox belongs to ('mastodon.example', with its port when it has one), for the row's title. */
export function serverOf(inboxUrl: string): string {
  try {
    return new URL(inboxUrl).host || inboxUrl;
  } catch {
    return inboxUrl;
  }
}

export const BLOCK_KIND_LABEL: Record<FederationBlockKind, string> = {
  domain: t.blockKindDomain,
  actor: t.blockKindActor,
};

/**
 * Why a new handle was refused, in Arabic. The API answers a handle that breaks its rule with a 400 carrying only
 * class-validator's English message (no error code), so a 400 without a code on this form means the handle's rule.
 */
export function handleError(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status === 400 && !error.code) return t.handleInvalid;
  return errorMessage(error, t.handleSaveError);
}

/** Why a block was refused, in Arabic: the API's code (BLOCK_INVALID, BLOCK_EXISTS) has its sentence. */
export function blockError(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status === 400 && !error.code) return t.blockValueRequired;
  return errorMessage(error, t.blockAddError);
}
