import type sanitize from 'sanitize-html';

/**
 * The allow-lists for formulas (MathML Core as temml writes it) and footnotes, spread into the post sanitiser
 * (sanitize-html.ts). MathML gets presentation attributes only: no `href`, no `xlink:*`, no `<maction>`,
 * `<annotation-xml>` or any element that can hold HTML, no event handlers, no ids.
 */

export const MATH_TAGS = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msub',
  'msup',
  'msubsup',
  'munder',
  'mover',
  'munderover',
  'mmultiscripts',
  'mprescripts',
  'none',
  'mfrac',
  'msqrt',
  'mroot',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'merror',
  'mtable',
  'mtr',
  'mtd',
];

/** Attributes any MathML element may carry (MathML Core §2.1.3), besides `dir` and `style` allowed everywhere. */
const MATH_GLOBAL = ['class', 'displaystyle', 'scriptlevel', 'mathvariant', 'mathcolor', 'mathbackground', 'mathsize'];
const MATH_OWN: Record<string, string[]> = {
  math: ['display'],
  annotation: ['encoding'],
  mo: [
    'fence',
    'form',
    'stretchy',
    'symmetric',
    'largeop',
    'movablelimits',
    'lspace',
    'rspace',
    'minsize',
    'maxsize',
    'separator',
    'accent',
  ],
  mover: ['accent'],
  munder: ['accentunder'],
  munderover: ['accent', 'accentunder'],
  mfrac: ['linethickness'],
  mspace: ['width', 'height', 'depth'],
  mpadded: ['width', 'height', 'depth', 'lspace', 'voffset'],
  menclose: ['notation'],
  mtable: ['columnalign', 'rowalign', 'rowspacing', 'columnspacing'],
  mtr: ['columnalign', 'rowalign'],
  mtd: ['columnalign', 'rowalign', 'columnspan', 'rowspan'],
};
export const MATH_ATTRIBUTES: Record<string, string[]> = Object.fromEntries(
  MATH_TAGS.map((tag) => [tag, [...MATH_GLOBAL, ...(MATH_OWN[tag] ?? [])]]),
);

/** temml's class names (they name its layout fixes; `Temml-Local.css` styles them). */
const TEMML_CLASS = /^(tml-[a-z-]+|actuarial|circle-pad|ff-squash|longdiv-top|phasor-bottom|wbk-acc|menclose|mathcal|mathscr)$/;
export const MATH_CLASSES: Record<string, RegExp[]> = Object.fromEntries(MATH_TAGS.map((tag) => [tag, [TEMML_CLASS]]));

const LENGTH = /^-?\d{0,4}(\.\d+)?(em|ex|pt|px|mu|%)?$/;
const LENGTHS = /^(-?\d{0,4}(\.\d+)?(em|ex|pt|px|%)?\s*){1,4}$/;
const BORDER = /^\d{0,2}(\.\d+)?(em|px|pt)\s+(solid|dashed|double|dotted)(\s+(#[0-9a-f]{3,8}|[a-z]{3,20}))?$/i;
/** The inline styles temml writes (table padding and rules, block display, boxes): lengths and keywords only. */
const MATH_STYLE: Record<string, RegExp[]> = {
  display: [/^(block math|inline math|block|inline-block|flex)$/],
  width: [LENGTH],
  height: [LENGTH],
  padding: [LENGTHS],
  'padding-top': [LENGTH],
  'padding-bottom': [LENGTH],
  'padding-left': [LENGTH],
  'padding-right': [LENGTH],
  'margin-left': [LENGTH],
  border: [BORDER, /^\d{1,2}px solid$/],
  'border-top': [BORDER],
  'border-bottom': [BORDER],
  'border-left': [BORDER],
  'border-right': [BORDER],
  'text-align': [/^(left|right|center)$/],
  'white-space': [/^(pre-line|nowrap|normal)$/],
  'font-weight': [/^bold$/],
  'font-style': [/^italic$/],
};
export const mathStyles = (textStyles: Record<string, RegExp[]>): Record<string, Record<string, RegExp[]>> =>
  Object.fromEntries(MATH_TAGS.map((tag) => [tag, { ...MATH_STYLE, ...textStyles }]));

/** A formula's wrapper: its TeX source, and on an error the message (title) and the marker class. */
export const FORMULA_ATTRIBUTES = ['class', 'data-tex', 'title'];
export const FORMULA_CLASSES = { span: ['math-inline', 'math-error'], div: ['math-block', 'math-error'] };

/**
 * Footnotes: the reference `<sup><a href="#fn-N" id="fnref-N" role="doc-noteref">N</a></sup>`, the list
 * `<section class="footnotes" role="doc-endnotes"><ol><li id="fn-N"><a href="#fnref-N" role="doc-backlink"
 * aria-label="…">↪</a>…</li></ol></section>`. Ids are kept only in these two forms (keepFootnoteId).
 */
export const FOOTNOTE_LINK_ATTRIBUTES = ['id', 'role', 'aria-label'];
export const FOOTNOTE_SECTION_ATTRIBUTES = ['class', 'role'];
export const FOOTNOTE_ITEM_ATTRIBUTES = ['id'];
export const FOOTNOTE_CLASSES = { section: ['footnotes'] };

/** The `id` and `role` values each footnote element may have; any other value is dropped with its attribute. */
export const FOOTNOTE_LINK = { id: /^fnref-\d{1,4}$/, role: /^doc-(noteref|backlink)$/ };
export const FOOTNOTE_ITEM = { id: /^fn-\d{1,4}$/ };
export const FOOTNOTE_SECTION = { role: /^doc-endnotes$/ };

/** The attributes less an `id` or `role` whose value is not of the footnote form. */
export function keepFootnoteIds(attribs: sanitize.Attributes, forms: { id?: RegExp; role?: RegExp }): sanitize.Attributes {
  const kept = { ...attribs };
  for (const name of ['id', 'role'] as const) {
    if (name in kept && !forms[name]?.test(kept[name])) delete kept[name];
  }
  return kept;
}
