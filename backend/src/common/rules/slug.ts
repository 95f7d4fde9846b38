/**
 * Slug rules of SPEC §3, made Unicode-aware: Arabic (and any other script's) letters,
 * marks and digits are kept; only punctuation and symbols are dropped so a slug is URL-safe.
 */

const MIN_SLUG_LENGTH = 3;
const NOT_SLUG_CHARACTER = /[^\p{L}\p{M}\p{N}_-]+/gu;

function collapseHyphens(value: string): string {
  return value.replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '');
}

/** 'post-' + the last 8 digits of the current time + a random number 0-999 (SPEC §3). */
export function fallbackSlug(prefix = 'post', now: number = Date.now(), random: () => number = Math.random): string {
  const digits = String(now).slice(-8);
  return `${prefix}-${digits}${Math.floor(random() * 1000)}`;
}

/** Post and category slug: lowercase, trim, whitespace to hyphens, '&' to '-and-', repeated hyphens collapsed. */
export function slugify(text: string, now?: number, random?: () => number): string {
  const slug = collapseHyphens(
    text
      .toLowerCase()
      .trim()
      .replace(/&/g, '-and-')
      .replace(/\s+/g, '-')
      .replace(NOT_SLUG_CHARACTER, ''),
  );
  return slug.length < MIN_SLUG_LENGTH ? fallbackSlug('post', now, random) : slug;
}

/** Page slug: lowercase, whitespace to hyphens, non-word characters removed, hyphens collapsed and trimmed. */
export function pageSlugify(text: string): string {
  return collapseHyphens(text.toLowerCase().trim().replace(/\s+/g, '-').replace(NOT_SLUG_CHARACTER, ''));
}

/** True when a value is already in slug form (what the API stores and routes on). */
export function isSlug(value: string): boolean {
  return value.length > 0 && collapseHyphens(value.replace(NOT_SLUG_CHARACTER, '')) === value && value === value.toLowerCase();
}
