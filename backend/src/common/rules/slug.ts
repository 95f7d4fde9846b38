/**
 * Slug rules of SPEC §3, made Unicode-aware: Arabic (and any other script's) letters,
 * marks and digits are kept; only punctuation and symbols are dropped so a slug is URL-safe.
 */

const MIN_SLUG_LENGTH = 3;
/** Long titles make long addresses; slugs stop at a word boundary before this length. */
export const MAX_SLUG_LENGTH = 200;
const NOT_SLUG_CHARACTER = /[^\p{L}\p{M}\p{N}_-]+/gu;

function collapseHyphens(value: string): string {
  return value.replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '');
}

function limitLength(slug: string): string {
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH);
  const lastHyphen = cut.lastIndexOf('-');
  return lastHyphen >= MIN_SLUG_LENGTH ? cut.slice(0, lastHyphen) : cut;
}

/** 'post-' + the last 8 digits of the current time + a random number 0-999 (SPEC §3). */
export function fallbackSlug(prefix = 'post', now: number = Date.now(), random: () => number = Math.random): string {
  const digits = String(now).slice(-8);
  return `${prefix}-${digits}${Math.floor(random() * 1000)}`;
}

/** Post and category slug: lowercase, trim, whitespace to hyphens, '&' to '-and-', repeated hyphens collapsed. */
export function slugify(text: string, now?: number, random?: () => number): string {
  const slug = limitLength(
    collapseHyphens(text.toLowerCase().trim().replace(/&/g, '-and-').replace(/\s+/g, '-').replace(NOT_SLUG_CHARACTER, '')),
  );
  return slug.length < MIN_SLUG_LENGTH ? fallbackSlug('post', now, random) : slug;
}

/** Page slug: lowercase, whitespace to hyphens, non-word characters removed, hyphens collapsed and trimmed. */
export function pageSlugify(text: string): string {
  return limitLength(collapseHyphens(text.toLowerCase().trim().replace(/\s+/g, '-').replace(NOT_SLUG_CHARACTER, '')));
}
