import { decodeHTML } from 'entities';
import sanitize from 'sanitize-html';

/** Up to this many characters of a comment are kept (the comment form's own limit is far below). */
const MAX_COMMENT_CHARACTERS = 10_000;

/**
 * A comment of the old blog as this blog stores comments: plain text (it escapes them when it shows them). Tags
 * dropped, paragraphs and line breaks kept as new lines, entities decoded once.
 */
export function commentText(html: string): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p[^>]*>/gi, '\n\n');
  const text = decodeHTML(sanitize(marked, { allowedTags: [], allowedAttributes: {} }));
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_COMMENT_CHARACTERS);
}
