import render from 'dom-serializer';
import { Element, Text } from 'domhandler';
import { appendChild, findAll } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { createRequire } from 'node:module';
import type Temml from 'temml';

/**
 * temml is loaded when a formula is first rendered (on a save): most posts have none, and the server that only
 * serves readers never needs its 3 MB of heap (issue 23: the memory budget).
 */
let loadedTemml: typeof Temml | undefined;
const temml = (): typeof Temml => (loadedTemml ??= createRequire(__filename)('temml') as typeof Temml);

/** The editor's formula elements: `<span class="math-inline" data-tex>` and `<div class="math-block" data-tex>`. */
const FORMULA_CLASS = { span: 'math-inline', div: 'math-block' } as const;

/** Longer TeX is kept as source with the error marker: a formula, not a document, and a bound on the work. */
export const MAX_TEX_LENGTH = 4000;

const isFormula = (node: Element): boolean =>
  (node.name === 'span' || node.name === 'div') &&
  'data-tex' in node.attribs &&
  (node.attribs.class ?? '').split(/\s+/).includes(FORMULA_CLASS[node.name]);

export type TexResult = { mathml: string } | { error: string };

/**
 * TeX as MathML Core (temml), left to right whatever the paragraph around it (`dir="ltr"`: TeX is written and read
 * left to right, KaTeX#343), `display="block"` for a block formula. temml's `trust` stays off, so `\href`, `\htmlId`,
 * `\class` and the like are errors, not links or attributes; `maxExpand` bounds macro expansion.
 */
export function texToMathml(tex: string, display: boolean): TexResult {
  if (tex.length > MAX_TEX_LENGTH) return { error: `Formula longer than ${MAX_TEX_LENGTH} characters` };
  try {
    const mathml = temml().renderToString(tex, { displayMode: display, throwOnError: true, trust: false, maxExpand: 1000 });
    return { mathml: mathml.replace(/^<math\b/, '<math dir="ltr"') };
  } catch (error) {
    // temml underlines the place with combining low lines (U+0332): noise in a tooltip
    return { error: (error instanceof Error ? error.message : String(error)).replace(/\u0332/g, '').trim() };
  }
}

/** TeX shown as itself: code, left to right. */
function codeOf(tex: string): Element {
  const code = new Element('code', { dir: 'ltr' });
  appendChild(code, new Text(tex));
  return code;
}

/**
 * Post or page HTML with every formula's MathML made again from its TeX (`data-tex`), so readers need no math
 * JavaScript and the stored MathML never comes from the browser. TeX that does not parse keeps its source, shown as
 * code with the `math-error` class (a visible marker) and the message in `title`: saving never fails on a formula.
 */
export function renderFormulas(html: string): string {
  if (!html.includes('data-tex')) return html;
  const document = parseDocument(html);
  const formulas = findAll(isFormula, document.children);
  if (formulas.length === 0) return html;
  for (const formula of formulas) {
    const tex = formula.attribs['data-tex'] ?? '';
    const result = texToMathml(tex, formula.name === 'div');
    const baseClass = FORMULA_CLASS[formula.name as keyof typeof FORMULA_CLASS];
    formula.children = [];
    if ('mathml' in result) {
      formula.attribs = { class: baseClass, 'data-tex': tex };
      for (const node of parseDocument(result.mathml).children) appendChild(formula, node);
    } else {
      formula.attribs = { class: `${baseClass} math-error`, 'data-tex': tex, title: result.error };
      appendChild(formula, codeOf(tex));
    }
  }
  return render(document, { encodeEntities: 'utf8' });
}

/** For places that cannot show MathML (mail): each formula as its TeX source in left-to-right code. */
export function formulasAsTex(html: string): string {
  if (!html.includes('data-tex')) return html;
  const document = parseDocument(html);
  for (const formula of findAll(isFormula, document.children)) {
    formula.children = [];
    appendChild(formula, codeOf(formula.attribs['data-tex'] ?? ''));
  }
  return render(document, { encodeEntities: 'utf8' });
}
