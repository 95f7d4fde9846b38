/**
 * Slug rules of SPEC §3, made Unicode-aware: Arabic (and any other script's) letters,
 * marks and digits are kept; only punctuation and symbols are dropped so a slug is URL-safe.
 */

const MIN_SLUG_LENGTH = 3;
/**
 * Generated slugs are cut to this many characters: '&' → '-and-' can make a slug much longer than its
 * text, and a -2, -3 … suffix must still fit the slug columns (200 characters for categories).
 */
export const MAX_SLUG_LENGTH = 190;
const NOT_SLUG_CHARACTER = /[^\p{L}\p{M}\p{N}_-]+/gu;

function collapseHyphens(value: string): string {
  return value.replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '');
}

/** At most MAX_SLUG_LENGTH characters (code points, as the database counts them), no trailing hyphen. */
function limitLength(slug: string): string {
  const characters = Array.from(slug);
  return characters.length <= MAX_SLUG_LENGTH ? slug : collapseHyphens(characters.slice(0, MAX_SLUG_LENGTH).join(''));
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

/** True when a value is already in slug form (what the API stores and routes on). */
export function isSlug(value: string): boolean {
  return value.length > 0 && collapseHyphens(value.replace(NOT_SLUG_CHARACTER, '')) === value && value === value.toLowerCase();
}

/**
 * Tag slug (the address of /tag/:slug): like a page slug, with '#' and '+' spelled out so that C, C# and C++ stay
 * three tags; '' when a tag has no letters or digits (it then has no page).
 */
export function tagSlug(name: string): string {
  return pageSlugify(name.replace(/&/g, '-and-').replace(/#/g, '-sharp-').replace(/\+/g, '-plus-'));
}
