import { setImmediate as nextTurn } from 'node:timers/promises';
import { languageDirection, titleLeavingPage } from '@mudawwana/rules';
import { absolute, encodePath } from '../common/public-origin';
import { cdata, escapeXml } from '../common/xml';

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
  /** A canonical BCP 47 tag. */
  language: string;
  /** Its public translations (the other posts of its translation group). */
  translations: Alternate[];
}

/** Another language's version of a page: a hreflang alternate. */
export interface Alternate {
  language: string;
  path: string;
}

export interface SitemapEntry {
  path: string;
  lastmod?: string | null;
  /** Every language's version of the page, itself included (none: it has no translations). */
  alternates?: Alternate[];
}

/**
 * RSS 2.0 with the full content of each post (content:encoded) and an atom:link to itself. RSS has one language per
 * channel: each item says its own in dc:language, its content carries lang and dir, its title is isolated in its
 * direction (feed readers show titles as bare text), and its translations are atom:link alternates with hreflang.
 */
export function buildRss(options: { publicUrl: string; title: string; description: string; posts: FeedPost[] }): string {
  const { publicUrl, title, description, posts } = options;
  const self = absolute(publicUrl, '/rss.xml');
  const lastBuild = posts.length > 0 ? new Date(Math.max(...posts.map((p) => Date.parse(p.updatedAt) || 0))) : new Date(0);
  const items = posts.map((post) => {
    const link = absolute(publicUrl, encodePath(`/post/${post.slug}`));
    const direction = languageDirection(post.language);
    return [
      '    <item>',
      `      <title>${escapeXml(titleLeavingPage(post.title, direction))}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(post.createdAt).toUTCString()}</pubDate>`,
      post.category ? `      <category>${escapeXml(post.category)}</category>` : '',
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <description>${escapeXml(post.excerpt ?? '')}</description>`,
      `      <content:encoded>${cdata(`<div lang="${escapeXml(post.language)}" dir="${direction}">${post.content}</div>`)}</content:encoded>`,
      `      <dc:language>${escapeXml(post.language)}</dc:language>`,
      ...post.translations.map((translation) => `      ${alternateLink('atom:link', publicUrl, translation)}`),
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
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

/** A hreflang alternate as a link element (atom:link in the feed, xhtml:link in the sitemap). */
function alternateLink(element: string, publicUrl: string, { language, path }: Alternate): string {
  const href = escapeXml(absolute(publicUrl, encodePath(path)));
  return `<${element} rel="alternate" hreflang="${escapeXml(language)}" href="${href}" />`;
}

/** The sitemaps protocol's limit of URLs in one file; past it /sitemap.xml becomes an index of numbered files. */
export const SITEMAP_MAX_URLS = 50_000;

/** /sitemap.xml and its numbered parts /sitemap-1.xml, /sitemap-2.xml, … */
export const SITEMAP_PATH = /^\/sitemap(?:-([1-9]\d{0,5}))?\.xml$/;

/** A date as toISOString writes it: used as it is (the loaders' dates all are; parsing 10,000 of them again cost 20 ms). */
const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A last-modified date as toISOString writes it, or null when it is missing or no date. */
function isoInstant(lastmod: string | null | undefined): string | null {
  if (!lastmod) return null;
  if (ISO_INSTANT.test(lastmod)) return lastmod;
  return Number.isNaN(Date.parse(lastmod)) ? null : new Date(lastmod).toISOString();
}

function lastmodTag(lastmod: string | null | undefined): string {
  const instant = isoInstant(lastmod);
  return instant === null ? '' : `<lastmod>${instant}</lastmod>`;
}

/**
 * The newest last-modified date of these entries. Dates as toISOString writes them sort as their instants do, so they
 * are compared as they are; parsing 50,000 of them, then spreading the times into Math.max, held the serving thread
 * for tens of milliseconds per part of a 100,000-post sitemap's index (issue 23).
 */
function newest(entries: SitemapEntry[]): string | null {
  let latest: string | null = null;
  for (const { lastmod } of entries) {
    const instant = isoInstant(lastmod);
    if (instant !== null && (latest === null || instant > latest)) latest = instant;
  }
  return latest;
}

/**
 * URLs written per turn of the event loop: a sitemap file of 50,000 URLs (100,000 posts) is a few MB of XML, and
 * writing it at once held the serving thread for 150 ms (issue 23).
 */
const SITEMAP_SLICE = 2_000;

export async function buildSitemap(publicUrl: string, entries: SitemapEntry[]): Promise<string> {
  const origin = escapeXml(absolute(publicUrl, '/'));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (let from = 0; from < entries.length; from += SITEMAP_SLICE) {
    if (from > 0) await nextTurn();
    for (const entry of entries.slice(from, from + SITEMAP_SLICE)) {
      const alternates = (entry.alternates ?? []).map((alternate) => alternateLink('xhtml:link', publicUrl, alternate)).join('');
      lines.push(
        `  <url><loc>${origin}${escapeXml(encodePath(entry.path).replace(/^\/+/, ''))}</loc>${lastmodTag(entry.lastmod)}${alternates}</url>`,
      );
    }
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/**
 * The sitemap file at `path` (matching SITEMAP_PATH), or null when there is none. Up to `maxUrls` entries,
 * /sitemap.xml lists them all; beyond, it is a sitemap index of /sitemap-N.xml files of `maxUrls` entries each
 * (in the entries' order), each with the newest last-modified date of its part.
 */
export async function buildSitemapFile(
  publicUrl: string,
  entries: SitemapEntry[],
  path: string,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<string | null> {
  const match = SITEMAP_PATH.exec(path);
  if (!match) return null;
  const parts = Math.ceil(entries.length / maxUrls);
  if (parts <= 1) return match[1] === undefined ? buildSitemap(publicUrl, entries) : null;
  if (match[1] !== undefined) {
    const part = Number(match[1]);
    return part <= parts ? buildSitemap(publicUrl, entries.slice((part - 1) * maxUrls, part * maxUrls)) : null;
  }
  const sitemaps = Array.from({ length: parts }, (_, index) => {
    const loc = escapeXml(absolute(publicUrl, `/sitemap-${index + 1}.xml`));
    return `  <sitemap><loc>${loc}</loc>${lastmodTag(newest(entries.slice(index * maxUrls, (index + 1) * maxUrls)))}</sitemap>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemaps,
    '</sitemapindex>',
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
