/** RSS 2.0 feed, sitemap and robots.txt of the public site, built from published content only. */

export interface FeedPost {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  createdAt: string;
  updatedAt: string;
  tags: string[];
  category?: string | null;
}

export interface SitemapEntry {
  path: string;
  lastmod?: string | null;
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

function cdata(value: string): string {
  return `<![CDATA[${value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

export function absolute(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function encodePath(path: string): string {
  return path
    .split('/')
    .map((part) => encodeURIComponent(decodeURIComponent(part)))
    .join('/');
}

/** RSS 2.0 with the full content of each post (content:encoded) and an atom:link to itself. */
export function buildRss(options: { publicUrl: string; title: string; description: string; posts: FeedPost[] }): string {
  const { publicUrl, title, description, posts } = options;
  const self = absolute(publicUrl, '/rss.xml');
  const lastBuild = posts.length > 0 ? new Date(Math.max(...posts.map((p) => Date.parse(p.updatedAt) || 0))) : new Date(0);
  const items = posts.map((post) => {
    const link = absolute(publicUrl, encodePath(`/post/${post.slug}`));
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(post.createdAt).toUTCString()}</pubDate>`,
      post.category ? `      <category>${escapeXml(post.category)}</category>` : '',
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <description>${escapeXml(post.excerpt ?? '')}</description>`,
      `      <content:encoded>${cdata(post.content)}</content:encoded>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '  <channel>',
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(absolute(publicUrl, '/'))}</link>`,
    `    <description>${escapeXml(description)}</description>`,
    '    <language>ar</language>',
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml" />`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

export function buildSitemap(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod =
      entry.lastmod && !Number.isNaN(Date.parse(entry.lastmod)) ? `<lastmod>${new Date(entry.lastmod).toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeXml(absolute(publicUrl, encodePath(entry.path)))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function buildRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /auth',
    'Disallow: /reset-password',
    '',
    `Sitemap: ${absolute(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
