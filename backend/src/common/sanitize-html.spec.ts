import { describe, expect, it } from 'vitest';
import { sanitizeContent } from './sanitize-html';

describe('sanitizeContent removes everything that can run', () => {
  it('drops <script> with its content', () => {
    expect(sanitizeContent('<p>hi</p><script>alert(1)</script>')).toBe('<p>hi</p>');
  });

  it('drops event handler attributes', () => {
    const clean = sanitizeContent('<img src="https://example.com/a.png" onerror="alert(1)"><p onclick="x()">t</p>');
    expect(clean).not.toMatch(/onerror|onclick|alert/);
    expect(clean).toContain('<img src="https://example.com/a.png" />');
  });

  it('drops javascript: and data: URLs', () => {
    const clean = sanitizeContent(
      '<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt:alert(2)">y</a><img src="data:image/png;base64,AAAA">',
    );
    expect(clean).not.toMatch(/javascript|data:/i);
    expect(clean).toContain('<a>x</a>');
  });

  it('removes iframes that are not YouTube embeds', () => {
    expect(sanitizeContent('<iframe src="https://evil.example/embed/x"></iframe><p>a</p>')).toBe('<p>a</p>');
    expect(sanitizeContent('<iframe src="https://www.youtube.com/watch?v=x"></iframe>')).toBe('');
    expect(sanitizeContent('<iframe src="https://youtube.com.evil.example/embed/x"></iframe>')).toBe('');
  });

  it('drops style, object, embed, form and unsafe CSS', () => {
    const clean = sanitizeContent(
      '<style>body{}</style><object data="x"></object><embed src="x"><form><input></form><p style="background-image: url(javascript:x); position: fixed">t</p>',
    );
    expect(clean).toBe('<p>t</p>');
  });

  it('forces rel=noopener on links that open a new window', () => {
    expect(sanitizeContent('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  // Any target but _self/_parent/_top opens (or reuses) another window, which gets window.opener without noopener;
  // browsers read the keywords in any case, and the author's own rel must not be able to drop the guard.
  it.each(['_BLANK', '_new', 'preview', ' _blank', '_self'])('forces rel=noopener noreferrer on a link with target=%j', (target) => {
    const clean = sanitizeContent(`<a href="https://example.com" target="${target}" rel="opener">x</a>`);
    expect(clean).toBe(`<a href="https://example.com" target="${target}" rel="noopener noreferrer nofollow">x</a>`);
  });

  it('leaves the rel of a link without a target as the author wrote it', () => {
    expect(sanitizeContent('<a href="https://example.com" rel="nofollow">x</a>')).toBe(
      '<a href="https://example.com" rel="nofollow">x</a>',
    );
  });
});

describe('sanitizeContent keeps what the editor produces', () => {
  it('keeps dir, text-align, direction and colours', () => {
    const html =
      '<p dir="rtl" style="text-align:right;direction:rtl"><span style="color:#ff0000;background-color:rgb(1, 2, 3)">نص</span></p>';
    expect(sanitizeContent(html)).toBe(html);
  });

  it('keeps named colours', () => {
    expect(sanitizeContent('<span style="color:blue">a</span>')).toBe('<span style="color:blue">a</span>');
  });

  it('keeps a YouTube embed', () => {
    const html =
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" allowfullscreen="true" frameborder="0"></iframe>';
    expect(sanitizeContent(html)).toBe(html);
    const nocookie = '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>';
    expect(sanitizeContent(nocookie)).toBe(nocookie);
  });

  it('keeps tables', () => {
    const html = '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>';
    expect(sanitizeContent(html)).toBe(html);
  });

  it('keeps code with its language class, and drops other classes', () => {
    expect(sanitizeContent('<pre><code class="language-ts">const a = 1;</code></pre>')).toBe(
      '<pre><code class="language-ts">const a = 1;</code></pre>',
    );
    expect(sanitizeContent('<code class="evil language-ts">x</code>')).toBe('<code class="language-ts">x</code>');
    expect(sanitizeContent('<p class="big">x</p>')).toBe('<p>x</p>');
  });

  it('keeps sub, sup, headings 1-6, lists, quotes and inline formatting', () => {
    const html =
      '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6><p>H<sub>2</sub>O x<sup>2</sup> <strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ol start="3"><li>a</li></ol><ul><li>b</li></ul><blockquote>q</blockquote>';
    expect(sanitizeContent(html)).toBe(html);
  });

  it('keeps http(s), mailto and tel links and https images', () => {
    const html =
      '<a href="https://a.example">a</a><a href="mailto:a@b.c">m</a><a href="tel:+1">t</a><img src="https://a.example/i.png" alt="صورة" />';
    expect(sanitizeContent(html)).toBe(html);
  });
});
