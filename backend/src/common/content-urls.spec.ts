import { describe, expect, it } from 'vitest';
import { rewriteContentUrls } from './content-urls';
import { sanitizeContent } from './sanitize-html';

const absolute = (url: string) => (url.startsWith('/') ? `https://blog.example${url}` : url);

describe('rewriteContentUrls', () => {
  const stored = sanitizeContent(
    '<h2 style="text-align: right" dir="rtl">عنوان &amp; رمز</h2><p>نص&nbsp;عربي <a href="/post/مقال" target="_blank">رابط</a> و<a href="https://a.example/?a=1&amp;b=2">آخر</a></p>' +
      '<p><img src="/uploads/a.webp" alt="صورة" /><a>بلا عنوان</a></p><pre><code class="language-html">&lt;img src="/uploads/b.webp"&gt; ]]&gt;</code></pre>' +
      '<table><tbody><tr><td colspan="2" style="color: #fff">خلية</td></tr></tbody></table><div data-youtube-video=""><iframe src="https://www.youtube.com/embed/x"></iframe></div>',
  );

  it('gives the HTML back character for character when no address changes', () => {
    expect(rewriteContentUrls(stored, (url) => url)).toBe(stored);
  });

  it("passes each link's and image's address through, decoded, and changes nothing else", () => {
    const seen: string[] = [];
    const html = rewriteContentUrls(stored, (url, tag) => {
      seen.push(`${tag} ${url}`);
      return absolute(url);
    });
    expect(seen).toEqual(['a /post/مقال', 'a https://a.example/?a=1&b=2', 'img /uploads/a.webp']);
    expect(html).toBe(
      stored
        .replace('href="/post/مقال"', 'href="https://blog.example/post/مقال"')
        .replace('src="/uploads/a.webp"', 'src="https://blog.example/uploads/a.webp"'),
    );
    // an address in text is text
    expect(html).toContain('&lt;img src="/uploads/b.webp"&gt; ]]&gt;');
  });

  it('reads any spelling of the attribute, writes the new value escaped in double quotes, and only the first of two', () => {
    const html = `<IMG alt='a src=/x' SRC=/uploads/c.webp src="/second"><a title="t" href = '/p?x=1&amp;y="2"'>l</a>`;
    expect(rewriteContentUrls(html, absolute)).toBe(
      `<IMG alt='a src=/x' src="https://blog.example/uploads/c.webp" src="/second"><a title="t" href="https://blog.example/p?x=1&amp;y=&quot;2&quot;">l</a>`,
    );
  });
});
