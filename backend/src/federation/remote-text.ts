import sanitize from 'sanitize-html';
import { COMMENT_LIMITS } from '@mudawwana/rules';

/** At most `max` characters (code points), trimmed. */
function cut(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('').trim();
}

/**
 * A Note's HTML as a comment's plain text (comments are never HTML): every tag dropped by sanitize-html with nothing
 * allowed, paragraphs and line breaks kept as new lines, entities decoded, links left as their text (a mention of
 * the blog reads `@blog`), at most the comment's length.
 */
export function noteText(html: string): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p[^>]*>/gi, '\n\n');
  const text = sanitize(marked, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  const decoded = text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : name === '#39' ? "'" : ' ',
  );
  return cut(decoded.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n'), COMMENT_LIMITS.contentMaxLength);
}

/** A display name as plain text on one line, control characters out, at most the comment's name length. */
export function displayName(name: string | null | undefined, fallback: string): string {
  const text = sanitize(name ?? '', { allowedTags: [], allowedAttributes: {} })
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ');
  return cut(text, COMMENT_LIMITS.nameMaxLength) || cut(fallback, COMMENT_LIMITS.nameMaxLength);
}
