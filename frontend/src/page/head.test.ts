import { HOME_SHARE_IMAGE, shareImageUrl, titleLeavingPage } from '@mudawwana/rules';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, renderHeadTags, safeJson } from './head';

describe('renderHeadTags', () => {
  it('writes title, description, canonical, Open Graph, Twitter and JSON-LD', () => {
    const html = renderHeadTags(
      {
        title: 'مقال "تجريبي"',
        description: 'وصف <قصير>',
        path: '/post/hello',
        image: '/og/post/hello.png?v=0123456789abcdef',
        imageAlt: 'مقال "تجريبي"',
        type: 'article',
        jsonLd: { '@type': 'BlogPosting', headline: '</script><script>alert(1)</script>' },
      },
      'https://blog.example',
    );
    // the title isolated in its direction (RLM, RLI … PDI) before the blog's name: rules/direction.ts
    expect(html).toContain('<title>\u200F\u2067مقال &quot;تجريبي&quot;\u2069 | مدوّنة</title>');
    expect(html).toContain('<meta name="description" content="وصف &lt;قصير&gt;" />');
    expect(html).toContain('<link rel="canonical" href="https://blog.example/post/hello" />');
    expect(html).toContain('<meta property="og:image" content="https://blog.example/og/post/hello.png?v=0123456789abcdef" />');
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    // the alt text leaves the page like the title: marked and isolated
    expect(html).toContain(`<meta property="og:image:alt" content="${titleLeavingPage('مقال &quot;تجريبي&quot;', 'rtl')}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta name="twitter:image" content="https://blog.example/og/post/hello.png?v=0123456789abcdef" />');
    expect(html).toContain('application/rss+xml');
    expect(html).not.toContain('</script><script>alert');
    expect(html).toContain('"@context":"https://schema.org"');
  });

  it("credits the blog's fediverse account on a post (Mastodon's link previews), and on no page without one", () => {
    const post = renderHeadTags(
      { title: 'مقال', path: '/post/hello', type: 'article', fediverseCreator: '@blog@blog.example' },
      'https://blog.example',
    );
    expect(post).toContain('<meta name="fediverse:creator" content="@blog@blog.example" />');
    expect(renderHeadTags({ path: '/' }, 'https://blog.example')).not.toContain('fediverse:creator');
  });

  it("uses the blog name alone for the home page, and the home page's share image for a page without its own", () => {
    const html = renderHeadTags({ path: '/' }, 'http://localhost:3000');
    expect(html).toContain('<title>مدوّنة</title>');
    const home = `http://localhost:3000${shareImageUrl({ kind: 'home' }, HOME_SHARE_IMAGE)}`;
    expect(html).toContain(`<meta property="og:image" content="${home}" />`);
    expect(html).toContain(`<meta name="twitter:image" content="${home}" />`);
    expect(html).toContain('<meta property="og:image:alt" content="مدوّنة: مدونة تقنية شخصية" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // The fediverse profile's field naming the blog is verified by this link back (rel="me").
    expect(html).toContain('<link rel="me" href="http://localhost:3000/" />');
    expect(renderHeadTags({ path: '/about' }, 'http://localhost:3000')).not.toContain('rel="me"');
  });
  it("names the blog once for a post whose meta title the editor wrote as 'title | مدوّنة'", async () => {
    const { buildPostPayload, emptyPostForm } = await import('@/lib/post-payload');
    const { metaTitle } = buildPostPayload({ ...emptyPostForm, title: 'مقال', content: '<p>نص</p>' }, true);
    const html = renderHeadTags({ title: metaTitle, path: '/post/maqal' }, 'https://blog.example');
    expect(html).toContain('<title>\u200F\u2067مقال\u2069 | مدوّنة</title>');
    expect(html).toContain('<meta property="og:title" content="\u200F\u2067مقال\u2069 | مدوّنة" />');
  });
  it('keeps a Latin-first Arabic title right to left, isolates a Latin one, and names the translations', () => {
    expect(renderHeadTags({ title: 'Rust للمبتدئين', path: '/post/rust' }, 'https://blog.example')).toContain(
      '<title>\u200F\u2067Rust للمبتدئين\u2069 | مدوّنة</title>',
    );
    const english = renderHeadTags(
      {
        title: 'Rust for beginners',
        direction: 'ltr',
        path: '/post/rust-en',
        alternates: [
          { language: 'en', path: '/post/rust-en' },
          { language: 'ar', path: '/post/رست' },
        ],
      },
      'https://blog.example',
    );
    expect(english).toContain('<title>\u200F\u2066Rust for beginners\u2069 | مدوّنة</title>');
    expect(english).toContain('<link rel="alternate" hreflang="en" href="https://blog.example/post/rust-en" />');
    expect(english).toContain(`<link rel="alternate" hreflang="ar" href="https://blog.example/post/${encodeURIComponent('رست')}" />`);
  });
});

describe('a post with comments', () => {
  it('gives the count and each Comment its absolute address on the page, a reader’s text kept inside the JSON', () => {
    const comment = (id: number, text: string) => ({
      '@type': 'Comment',
      author: { '@type': 'Person', name: 'ليلى' },
      text,
      url: `/post/hello#comment-${id}`,
    });
    const html = renderHeadTags(
      { path: '/post/hello', jsonLd: { '@type': 'BlogPosting', commentCount: 2, comment: [comment(1, 'نص'), comment(2, '</script><b>')] } },
      'https://blog.example',
    );
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(html)![1]) as {
      commentCount: number;
      comment: { url: string; text: string }[];
    };
    expect(ld.commentCount).toBe(2);
    expect(ld.comment.map((c) => c.url)).toEqual([
      'https://blog.example/post/hello#comment-1',
      'https://blog.example/post/hello#comment-2',
    ]);
    expect(ld.comment[1].text).toBe('</script><b>');
    expect(html).not.toContain('</script><b>');
  });
});

describe('paginated lists', () => {
  it('link the previous and next pages with absolute URLs, next to a self canonical', () => {
    const html = renderHeadTags({ path: '/category/ai?page=2', prev: '/category/ai', next: '/category/ai?page=3' }, 'https://b.example');
    expect(html).toContain('<link rel="canonical" href="https://b.example/category/ai?page=2" />');
    expect(html).toContain('<link rel="prev" href="https://b.example/category/ai" />');
    expect(html).toContain('<link rel="next" href="https://b.example/category/ai?page=3" />');
  });

  it('write no prev on the first page and no next on the last', () => {
    const html = renderHeadTags({ path: '/?view=all', next: '/?view=all&page=2' }, 'https://b.example');
    expect(html).not.toContain('rel="prev"');
    expect(html).toContain('<link rel="next" href="https://b.example/?view=all&amp;page=2" />');
  });
});

describe('helpers', () => {
  it('escapes JSON for script elements and resolves absolute URLs', () => {
    expect(safeJson({ a: '<b>&' })).toBe('{"a":"\\u003cb\\u003e\\u0026"}');
    expect(absoluteUrl('/x', 'https://e.com/blog')).toBe('https://e.com/blog/x');
  });
});
