import { decodeHTML } from 'entities';

/**
 * Post HTML as prose to summarise (excerpts, meta descriptions, mail previews): each formula as its TeX rather than
 * its MathML's letters (`a^2+b^2` reads better than `a2b2`), footnote references and the list of notes left out (a
 * summary does not say "known1." nor end with the notes). For the stored markup (docs/decisions/030): a formula is
 * `<span class="math-inline…" data-tex="…">…</span>` or the same `div` with `math-block`, whose content holds no
 * element of its own name.
 */
export function proseOfPost(html: string): string {
  return html
    .replace(/<section class="footnotes"[\s\S]*?<\/section>/g, ' ')
    .replace(/<sup><a href="#fn-\d+" id="fnref-\d+"[^>]*>\d+<\/a><\/sup>/g, '')
    .replace(/<(span|div) class="math-(?:inline|block)[^"]*" data-tex="([^"]*)"[^>]*>[\s\S]*?<\/\1>/g, (_whole, _tag, tex: string) =>
      // the TeX as text: decoded from the attribute, then written again as text for the tag stripper
      decodeHTML(tex).replace(/&/g, '&amp;').replace(/</g, '&lt;'),
    );
}
