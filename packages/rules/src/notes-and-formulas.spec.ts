import { describe, expect, it } from 'vitest';
import { proseOfPost } from './notes-and-formulas.js';
import { generateExcerpt } from './text.js';

const STORED =
  '<p dir="rtl">قانون <span class="math-inline" data-tex="a^2 &lt; c^2"><math dir="ltr"><msup><mi>a</mi><mn>2</mn></msup><mo>&lt;</mo><msup><mi>c</mi><mn>2</mn></msup></math></span> معروف<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup>.</p>' +
  '<div class="math-block" data-tex="\\frac{1}{2}"><math dir="ltr" display="block"><mfrac><mn>1</mn><mn>2</mn></mfrac></math></div>' +
  '<p>خطأ <span class="math-inline math-error" data-tex="\\frac{1" title="…"><code dir="ltr">\\frac{1</code></span> هنا<sup>2</sup></p>' +
  '<section class="footnotes" role="doc-endnotes"><ol><li id="fn-1" dir="rtl"><a href="#fnref-1" role="doc-backlink" aria-label="…">↪</a><div><p>حاشية</p></div></li></ol></section>';

describe('proseOfPost', () => {
  it('summarises formulas as their TeX, without footnote references or notes', () => {
    expect(generateExcerpt(STORED)).toBe('قانون a^2 < c^2 معروف. \\frac{1}{2} خطأ \\frac{1 هنا2');
  });

  it('leaves HTML without notes or formulas as it was', () => {
    const html = '<p>نص <sup>2</sup> و<span class="x">y</span></p>';
    expect(proseOfPost(html)).toBe(html);
  });
});
