import { describe, expect, it } from 'vitest';
import { buildRobots, buildRss, buildSitemap, buildSitemapFile, SITEMAP_MAX_URLS } from './feeds';

const post = {
  title: 'عنوان <خاص> & "مقتبس"',
  slug: 'مقال-عربي',
  excerpt: 'مقتطف',
  content: '<p>نص</p><pre><code>a ]]> b</code></pre>',
  createdAt: '2025-01-05T09:07:00.000Z',
  updatedAt: '2025-01-06T10:00:00.000Z',
  tags: ['وسم'],
  category: 'تقنية',
  language: 'ar',
  translations: [],
};

describe('buildRss', () => {
  it('writes RSS 2.0 with escaped titles, encoded links and full content in CDATA', () => {
    const xml = buildRss({ publicUrl: 'https://blog.example/', title: 'مدوّنة', description: 'وصف', posts: [post] });
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>\u200F\u2067عنوان &lt;خاص&gt; &amp; &quot;مقتبس&quot;\u2069</title>');
    expect(xml).toContain(`<link>https://blog.example/post/${encodeURIComponent('مقال-عربي')}</link>`);
    expect(xml).toContain(
      '<content:encoded><![CDATA[<div lang="ar" dir="rtl"><p>نص</p><pre><code>a ]]]]><![CDATA[> b</code></pre></div>]]></content:encoded>',
    );
    expect(xml).toContain('<pubDate>Sun, 05 Jan 2025 09:07:00 GMT</pubDate>');
    expect(xml).toContain('<category>تقنية</category>');
    expect(xml).toContain('<atom:link href="https://blog.example/rss.xml" rel="self"');
  });

  it('gives each item its language, direction, isolated title and translations', () => {
    const english = {
      ...post,
      title: 'Rust for beginners',
      slug: 'rust',
      language: 'en',
      translations: [{ language: 'ar', path: '/post/رست' }],
    };
    const xml = buildRss({ publicUrl: 'https://blog.example/', title: 'مدوّنة', description: 'وصف', posts: [english] });
    expect(xml).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    expect(xml).toContain('<title>\u200E\u2066Rust for beginners\u2069</title>');
    expect(xml).toContain('<dc:language>en</dc:language>');
    expect(xml).toContain('<![CDATA[<div lang="en" dir="ltr">');
    expect(xml).toContain(`<atom:link rel="alternate" hreflang="ar" href="https://blog.example/post/${encodeURIComponent('رست')}" />`);
    expect(xml).toContain('<language>ar</language>');
  });
});

describe('buildSitemap', () => {
  it('lists absolute URLs with ISO last-modified dates', async () => {
    const xml = await buildSitemap('https://blog.example', [
      { path: '/', lastmod: '2025-01-06T10:00:00.000Z' },
      { path: '/about', lastmod: null },
    ]);
    expect(xml).toContain('<url><loc>https://blog.example/</loc><lastmod>2025-01-06T10:00:00.000Z</lastmod></url>');
    expect(xml).toContain('<url><loc>https://blog.example/about</loc></url>');
  });
  it('names the language versions of a translated page with xhtml:link', async () => {
    const xml = await buildSitemap('https://blog.example', [
      {
        path: '/post/en',
        alternates: [
          { language: 'en', path: '/post/en' },
          { language: 'ar', path: '/post/ar' },
        ],
      },
    ]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(
      '<url><loc>https://blog.example/post/en</loc><xhtml:link rel="alternate" hreflang="en" href="https://blog.example/post/en" /><xhtml:link rel="alternate" hreflang="ar" href="https://blog.example/post/ar" /></url>',
    );
  });
});

describe('buildSitemapFile', () => {
  const entries = Array.from({ length: 5 }, (_, i) => ({ path: `/post/p${i + 1}`, lastmod: `2025-01-0${i + 1}T00:00:00.000Z` }));
  const locs = (xml: string | null) => [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  it('keeps one /sitemap.xml up to the limit (50,000 URLs by default), with no numbered parts', async () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(await buildSitemapFile('https://b.example', entries, '/sitemap.xml')).toBe(await buildSitemap('https://b.example', entries));
    expect(await buildSitemapFile('https://b.example', entries, '/sitemap.xml', 5)).toContain('<urlset');
    expect(await buildSitemapFile('https://b.example', entries, '/sitemap-1.xml', 5)).toBeNull();
  });

  it('past the limit, /sitemap.xml is an index of parts of at most the limit each, every URL in exactly one part', async () => {
    const index = await buildSitemapFile('https://b.example', entries, '/sitemap.xml', 2);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).not.toContain('<urlset');
    expect(locs(index)).toEqual(['https://b.example/sitemap-1.xml', 'https://b.example/sitemap-2.xml', 'https://b.example/sitemap-3.xml']);
    expect(index).toContain('<sitemap><loc>https://b.example/sitemap-2.xml</loc><lastmod>2025-01-04T00:00:00.000Z</lastmod></sitemap>');
    const parts = await Promise.all(
      [1, 2, 3].map(async (n) => locs(await buildSitemapFile('https://b.example', entries, `/sitemap-${n}.xml`, 2))),
    );
    expect(parts.map((part) => part.length)).toEqual([2, 2, 1]);
    expect(parts.flat()).toEqual(entries.map((entry) => `https://b.example${entry.path}`));
  });

  it("gives each part of the index its newest entry's date, whatever the entries' order and how their dates are written", async () => {
    const mixed = [
      { path: '/a', lastmod: '2025-03-01T00:00:00.000Z' },
      { path: '/b', lastmod: 'Tue, 01 Apr 2025 12:00:00 GMT' },
      { path: '/c', lastmod: '2025-02-01T00:00:00.000Z' },
      { path: '/d', lastmod: null },
      { path: '/e', lastmod: 'not a date' },
      { path: '/f' },
    ];
    const index = await buildSitemapFile('https://b.example', mixed, '/sitemap.xml', 3);
    expect(index).toContain('<sitemap><loc>https://b.example/sitemap-1.xml</loc><lastmod>2025-04-01T12:00:00.000Z</lastmod></sitemap>');
    expect(index).toContain('<sitemap><loc>https://b.example/sitemap-2.xml</loc></sitemap>');
  });

  it('has no part beyond the last, and no file for other paths', async () => {
    expect(await buildSitemapFile('https://b.example', entries, '/sitemap-4.xml', 2)).toBeNull();
    expect(await buildSitemapFile('https://b.example', entries, '/sitemap-0.xml', 2)).toBeNull();
    expect(await buildSitemapFile('https://b.example', entries, '/sitemaps.xml', 2)).toBeNull();
  });

  it('writes a sitemap of many URLs a slice at a time, each URL once and in order', async () => {
    const many = Array.from({ length: 4_500 }, (_, i) => ({ path: `/post/p${i}`, lastmod: null }));
    const xml = await buildSitemap('https://b.example', many);
    expect(locs(xml)).toEqual(many.map((entry) => `https://b.example${entry.path}`));
  });
});

describe('robots', () => {
  it('points robots at the sitemap', () => {
    expect(buildRobots('https://blog.example')).toContain('Sitemap: https://blog.example/sitemap.xml');
  });
});
