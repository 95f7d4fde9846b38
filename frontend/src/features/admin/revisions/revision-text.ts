import { diffWords, type Change } from 'diff';

/** Arabic words are letters diff's own word rule does not know: split on words the way Intl does for Arabic. */
const WORDS = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('ar', { granularity: 'word' }) : undefined;

/** The readable text of sanitized HTML (paragraphs and list items on lines of their own), for a diff. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<\/(p|h[1-6]|li|blockquote|pre|tr)>/gi, '$&\n').replace(/<br\s*\/?>/gi, '\n');
  const doc = new DOMParser().parseFromString(withBreaks, 'text/html');
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** The word-level changes from `before` to `after` (whole Arabic words, not letters). */
export function wordDiff(before: string, after: string): Change[] {
  return diffWords(before, after, WORDS ? { intlSegmenter: WORDS } : undefined);
}

export function hasChanges(changes: Change[]): boolean {
  return changes.some((change) => change.added || change.removed);
}
