import temml from 'temml';

export type TexPreview = { mathml: string } | { error: string };

/**
 * The author's TeX as MathML for the editor's preview, by the same renderer (temml) and options the server uses when
 * it stores the post (backend/src/common/formulas.ts), so what the author sees is what readers get; or temml's error.
 */
export function previewTex(tex: string, display: boolean): TexPreview {
  if (!tex.trim()) return { error: '' };
  try {
    return { mathml: temml.renderToString(tex, { displayMode: display, throwOnError: true, trust: false, maxExpand: 1000 }) };
  } catch (error) {
    // temml underlines the place with combining low lines (U+0332): noise in a message
    return { error: (error instanceof Error ? error.message : String(error)).replace(/\u0332/g, '').trim() };
  }
}
