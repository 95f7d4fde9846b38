import { describe, expect, it } from 'vitest';
import { buildRobots, buildRss, buildSitemap, escapeXml } from './feeds';

const post = {
  title: 'عنوان <خاص> & "مقتبس"',
  slug: 'مقال-عربي',
  excerpt: 'مقتطف',
  content: '<p>نص</p><pre><code>a ]]> b</code></pre>',
  createdAt: '2025-01-05T09:07:00.000Z',
  updatedAt: '2025-01-06T10:00:00.000Z',
  tags: ['وسم'],
  category: 'تقنية',
};

describe('buildRss', () => {
  it('writes RSS 2.0 with escaped titles, encoded links and full content in CDATA', () => {
    const xml = buildRss({ publicUrl: 'https://blog.example/', title: 'مدوّنة', description: 'وصف', posts: [post] });
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>عنوان &lt;خاص&gt; &amp; &quot;مقتبس&quot;</title>');
    expect(xml).toContain(`<link>https://blog.example/post/${encodeURIComponent('مقال-عربي')}</link>`);
    expect(xml).toContain('<content:encoded><![CDATA[<p>نص</p><pre><code>a ]]]]><![CDATA[> b</code></pre>]]></content:encoded>');
    expect(xml).toContain('<pubDate>Sun, 05 Jan 2025 09:07:00 GMT</pubDate>');
    expect(xml).toContain('<category>تقنية</category>');
    expect(xml).toContain('<atom:link href="https://blog.example/rss.xml" rel="self"');
  });
});

describe('buildSitemap', () => {
  it('lists absolute URLs with ISO last-modified dates', () => {
    const xml = buildSitemap('https://blog.example', [
      { path: '/', lastmod: '2025-01-06T10:00:00.000Z' },
      { path: '/about', lastmod: null },
    ]);
    expect(xml).toContain('<url><loc>https://blog.example/</loc><lastmod>2025-01-06T10:00:00.000Z</lastmod></url>');
    expect(xml).toContain('<url><loc>https://blog.example/about</loc></url>');
  });
});

describe('robots and escaping', () => {
  it('points robots at the sitemap and strips characters XML forbids', () => {
    expect(buildRobots('https://blog.example')).toContain('Sitemap: https://blog.example/sitemap.xml');
    expect(escapeXml('a\u0001b<')).toBe('ab&lt;');
  });
});
