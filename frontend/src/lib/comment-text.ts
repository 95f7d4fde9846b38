import { COMMENT_LINK } from '@mudawwana/rules';

/** A run of a reader's text: plain, or a web address shown as a link to `href`. */
export type CommentPart = { text: string; href?: undefined } | { text: string; href: string };

/**
 * A reader's comment (plain text, never HTML) as runs of text and the web addresses in it, found as the server counts
 * them (COMMENT_LINK of @mudawwana/rules: with a scheme or starting www., never ending in punctuation, Arabic or
 * Latin). An address without a scheme opens over https; nothing but http(s) ever becomes a link.
 */
export function commentParts(content: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let at = 0;
  for (const match of content.matchAll(COMMENT_LINK)) {
    const text = match[0];
    if (match.index > at) parts.push({ text: content.slice(at, match.index) });
    parts.push({ text, href: /^https?:\/\//i.test(text) ? text : `https://${text}` });
    at = match.index + text.length;
  }
  if (at < content.length) parts.push({ text: content.slice(at) });
  return parts;
}
