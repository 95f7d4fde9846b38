import { describe, expect, it } from 'vitest';
import { formulasAsTex, renderFormulas, texToMathml } from './formulas';
import { sanitizeContent } from './sanitize-html';

const save = (html: string) => sanitizeContent(renderFormulas(html));

describe('texToMathml', () => {
  it('writes MathML that reads left to right, block formulas as blocks', () => {
    const inline = texToMathml('\\frac{a}{b}', false);
    expect(inline).toEqual({ mathml: expect.stringMatching(/^<math dir="ltr"><mfrac><mi>a<\/mi><mi>b<\/mi><\/mfrac>/) });
    const block = texToMathml('\\sum_{i=1}^n i', true);
    expect('mathml' in block && block.mathml).toMatch(/^<math dir="ltr" display="block"/);
  });

  it('gives the error of TeX that does not parse, and of untrusted commands, instead of throwing', () => {
    expect(texToMathml('\\frac{a', false)).toEqual({ error: expect.stringContaining("expected '}'") });
    expect(texToMathml('\\class{evil}{x}', false)).toEqual({ error: expect.stringContaining('not trusted') });
    expect(texToMathml('\\href{javascript:alert(1)}{x}', false)).toEqual({ error: expect.stringContaining('Unsupported') });
    expect(texToMathml('x'.repeat(5000), false)).toEqual({ error: expect.stringContaining('longer') });
  });
});

describe('renderFormulas then the sanitiser (what a save stores)', () => {
  it('stores the MathML made from data-tex, whatever the browser sent inside', () => {
    const html = save('<p dir="rtl">المعادلة <span class="math-inline" data-tex="x^2"><b>stale</b></span> هنا</p>');
    expect(html).toBe(
      '<p dir="rtl">المعادلة <span class="math-inline" data-tex="x^2"><math dir="ltr"><msup><mi>x</mi><mn class="tml-sml-pad">2</mn></msup></math></span> هنا</p>',
    );
    expect(save(html)).toBe(html);
  });

  it('keeps what temml writes for a block formula with a matrix (display, table padding)', () => {
    const html = save('<div class="math-block" data-tex="\\begin{pmatrix}1&amp;2\\\\3&amp;4\\end{pmatrix}"></div>');
    expect(html).toContain('<math dir="ltr" display="block" class="tml-display" style="display:block math">');
    expect(html).toMatch(/<mtd style="padding-left:0em;padding-right:5\.9776pt"><mn>1<\/mn><\/mtd>/);
    expect(html).toContain('<mo fence="true" form="prefix" stretchy="true">(</mo>');
  });

  it('keeps bad TeX as its source with a visible error marker', () => {
    const html = save('<p><span class="math-inline" data-tex="\\frac{a">x</span></p>');
    expect(html).toMatch(
      /^<p><span class="math-inline math-error" data-tex="\\frac\{a" title="Unexpected end of input[^"]*"><code dir="ltr">\\frac\{a<\/code><\/span><\/p>$/,
    );
  });

  it('leaves HTML without formulas as it was', () => {
    const html = '<p>a &amp; b</p>';
    expect(renderFormulas(html)).toBe(html);
  });
});

describe('the sanitiser on MathML and footnotes sent by hand', () => {
  it('drops links, scripts, handlers and foreign elements inside math', () => {
    const html = sanitizeContent(
      '<math dir="ltr" href="javascript:alert(1)" xmlns:xlink="http://www.w3.org/1999/xlink"><mi xlink:href="javascript:alert(2)" onclick="x()" id="evil" class="tml-prime other">a</mi>' +
        '<maction actiontype="statusline"><mtext>b</mtext></maction><annotation-xml encoding="text/html"><img src="https://evil.example/x.png"></annotation-xml>' +
        '<mtext style="position:fixed;top:0;background-image:url(https://evil.example/)">c</mtext><script>alert(3)</script></math>',
    );
    expect(html).toMatch(/^<math dir="ltr"><mi class="tml-prime">a<\/mi><mtext>b<\/mtext>.*<mtext>c<\/mtext><\/math>$/);
    expect(html).not.toMatch(/href|xlink|onclick|evil"|id=|other|maction|annotation|position|url\(|script/);
  });

  it('keeps the footnote markup, and ids only of the fn-N and fnref-N forms', () => {
    const reference = '<p>نص<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup></p>';
    const notes =
      '<section class="footnotes" role="doc-endnotes"><ol><li id="fn-1" dir="rtl"><a href="#fnref-1" role="doc-backlink" aria-label="العودة إلى الحاشية 1">↪</a><div><p>حاشية</p></div></li></ol></section>';
    expect(sanitizeContent(reference + notes)).toBe(reference + notes);
    expect(
      sanitizeContent(
        '<p><a href="#x" id="login" role="button" onclick="x()">a</a></p><section class="hero" role="dialog" id="fn-1"><ol><li id="main">b</li></ol></section>',
      ),
    ).toBe('<p><a href="#x">a</a></p><section><ol><li>b</li></ol></section>');
  });
});

describe('formulasAsTex (mail)', () => {
  it('shows each formula as its TeX source in left-to-right code', () => {
    const stored = save('<p>أ <span class="math-inline" data-tex="a &lt; b"></span></p>');
    expect(formulasAsTex(stored)).toBe('<p>أ <span class="math-inline" data-tex="a < b"><code dir="ltr">a &lt; b</code></span></p>');
  });
});
