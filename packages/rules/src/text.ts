import { decodeHTML } from 'entities';
import { proseOfPost } from './notes-and-formulas.js';

/** Text rules shared by the editor (client) and the API (server): visible text and excerpts (SPEC §3, §9). */

export const DEFAULT_READ_TIME = 5;
export const EXCERPT_LENGTH = 160;

/**
 * The visible text of an HTML fragment: tags removed, every character reference decoded (named, decimal and hex,
 * as a browser reads them; `entities` is the decoder of htmlparser2 and parse5), white space folded.
 */
export function stripHtml(html: string): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|div|h[1-6]|li|br|tr|td|th|blockquote|pre)\b[^>]*>/gi, ' ')
    .replace(/<[^>]+>/g, '');
  return decodeHTML(text).replace(/\s+/g, ' ').trim(); // \s includes the no-break space
}

/** The minutes a reader is shown: the stored value, or 5 when it is missing. */
export function displayReadTime(readTime: number | null | undefined): number {
  return readTime && readTime > 0 ? readTime : DEFAULT_READ_TIME;
}

/** What a cut excerpt ends with: one character, counted against the limit like any other. */
export const EXCERPT_ELLIPSIS = '…';

/**
 * The text whole when it fits in 160 characters; otherwise cut with an ellipsis so that the result, ellipsis
 * included, is at most 160 characters (the editor's 'n / 160' counter and the limit agree). The cut ends on a whole
 * word unless that would lose more than a quarter of the room. Formulas count as their TeX, footnotes not at all
 * (proseOfPost).
 */
export function generateExcerpt(html: string, length = EXCERPT_LENGTH): string {
  const text = stripHtml(proseOfPost(html));
  if (text.length <= length) return text;
  const room = text.slice(0, length - EXCERPT_ELLIPSIS.length);
  const endsOnWord = text[room.length] === ' ';
  const lastSpace = room.lastIndexOf(' ');
  const cut = endsOnWord || lastSpace <= room.length * 0.75 ? room : room.slice(0, lastSpace);
  return `${cut.trimEnd()}${EXCERPT_ELLIPSIS}`;
}
