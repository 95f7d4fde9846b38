import { measureLines, type TextStyle } from './pango-text';

/** Where a title too long for its lines is cut: after its last whole word that fits, then this. */
export const ELLIPSIS = '…';

/**
 * The title as it fits in `maxLines` lines of `style`: whole, or its longest run of leading words that fits with an
 * ellipsis after it. libvips' text operation has no ellipsis of its own (pango ellipsizes only a layout of fixed
 * height, which libvips uses to pick a font size instead), so the fit is measured: words are dropped by a binary search
 * over how many to keep, each candidate drawn to count its lines (measureLines), about log₂(words) + 1 draws for a
 * long title.
 */
export async function fitTitle(title: string, style: TextStyle, maxLines: number): Promise<string> {
  const text = title.replace(/\s+/g, ' ').trim();
  if ((await measureLines(text, style)) <= maxLines) return text;
  const words = text.split(' ');
  const withEllipsis = (count: number) => `${words.slice(0, count).join(' ')}${ELLIPSIS}`;
  // The most words that fit: at least one (a single word longer than the lines breaks inside itself, pango's "word").
  let fits = 1;
  let tooMany = words.length;
  while (tooMany - fits > 1) {
    const middle = Math.floor((fits + tooMany) / 2);
    if ((await measureLines(withEllipsis(middle), style)) <= maxLines) fits = middle;
    else tooMany = middle;
  }
  return withEllipsis(fits);
}
