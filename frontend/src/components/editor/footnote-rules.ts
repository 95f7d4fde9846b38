/**
 * N from a note's id (`fn-N` as stored, `fn:N` as tiptap-footnotes numbers it) or a reference's (`fnref-N`);
 * null for any other id.
 */
export function footnoteNumber(id: string, kind: 'fn' | 'fnref' = 'fn'): number | null {
  const match = (kind === 'fn' ? /^fn[-:](\d{1,4})$/ : /^fnref-(\d{1,4})$/).exec(id);
  return match ? Number(match[1]) : null;
}

const FIRST_STRONG = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]|(\p{L})/u;

/**
 * A note's direction: its paragraph's `dir` when set to one, else its first strong letter's (right to left for
 * Arabic-script and other RTL letters), else the site's (rtl).
 */
export function noteDirection(dir: string | undefined, text: string): 'ltr' | 'rtl' {
  if (dir === 'ltr' || dir === 'rtl') return dir;
  const first = FIRST_STRONG.exec(text);
  return first?.[1] ? 'ltr' : 'rtl';
}

/**
 * The back-link's arrow: "back up to where you were reading", drawn as text so it needs no CSS (feed readers, mail).
 * Hooked arrows are not mirrored by the bidi algorithm (not Bidi_Mirrored), so the direction is chosen here: in a
 * left-to-right note the way back points left (↩, as in most LTR footnotes), in a right-to-left one it points right (↪).
 */
export function backLinkArrow(dir: 'ltr' | 'rtl'): string {
  return dir === 'ltr' ? '↩' : '↪';
}
