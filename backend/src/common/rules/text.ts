/** Text rules shared by the editor (client) and the API (server): reading time and excerpts (SPEC §3, §9). */

export const WORDS_PER_MINUTE = 200;
export const DEFAULT_READ_TIME = 5;
export const EXCERPT_LENGTH = 160;

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The visible text of an HTML fragment: tags removed, common entities decoded, white space folded. */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|div|h[1-6]|li|br|tr|td|th|blockquote|pre)\b[^>]*>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Minutes to read: words (tags stripped) / 200, rounded up; at least 1 for any text. */
export function readingTime(html: string): number {
  const text = stripHtml(html);
  if (!text) return 0;
  return Math.ceil(text.split(' ').length / WORDS_PER_MINUTE);
}

/** The minutes a reader is shown: the stored value, or 5 when it is missing. */
export function displayReadTime(readTime: number | null | undefined): number {
  return readTime && readTime > 0 ? readTime : DEFAULT_READ_TIME;
}

/** First 160 characters of the text, with an ellipsis when it was longer. */
export function generateExcerpt(html: string, length = EXCERPT_LENGTH): string {
  const text = stripHtml(html);
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}
