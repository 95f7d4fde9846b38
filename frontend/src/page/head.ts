import { headTitle, type TextDirection } from '@mudawwana/rules';
import { t } from '@/i18n';

/** What a page tells search engines and link previews about itself. */
export interface HeadData {
  /** Page title without the blog name (the name is appended). */
  title?: string;
  description?: string;
  /** Path of the canonical URL, e.g. /post/my-slug */
  path: string;
  /** Paths of the previous and next pages of a paginated list (rel="prev" / rel="next"). */
  prev?: string;
  next?: string;
  image?: string | null;
  type?: 'website' | 'article';
  publishedTime?: string;
  modifiedTime?: string;
  tags?: string[];
  noindex?: boolean;
  /** The direction of the title's language (a post's; the blog's right to left when unsaid): the title is isolated in it. */
  direction?: TextDirection;
  /** The page's language versions, itself included (a translated post): `<link rel="alternate" hreflang>`. */
  alternates?: { language: string; path: string }[];
  /** Extra JSON-LD object (BlogPosting, WebSite, ...). */
  jsonLd?: Record<string, unknown>;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON that is safe inside a <script> element. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function absoluteUrl(pathOrUrl: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return new URL(pathOrUrl.replace(/^\/+/, ''), publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href;
}

/** The head tags of a server-rendered page (title, description, canonical, Open Graph, Twitter, JSON-LD, feed link). */
export function renderHeadTags(head: HeadData, publicUrl: string): string {
  const blog = t('blog.name');
  const title = headTitle(head.title, head.direction);
  const description = head.description ?? t('blog.tagline');
  const url = absoluteUrl(head.path, publicUrl);
  const image = head.image ? absoluteUrl(head.image, publicUrl) : undefined;
  const tags: string[] = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(['prev', 'next'] as const)
      .filter((rel) => head[rel])
      .map((rel) => `<link rel="${rel}" href="${escapeHtml(absoluteUrl(head[rel] as string, publicUrl))}" />`),
    ...(head.alternates ?? []).map(
      ({ language, path }) =>
        `<link rel="alternate" hreflang="${escapeHtml(language)}" href="${escapeHtml(absoluteUrl(path, publicUrl))}" />`,
    ),
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(blog)}" href="${escapeHtml(absoluteUrl('/rss.xml', publicUrl))}" />`,
    `<meta property="og:site_name" content="${escapeHtml(blog)}" />`,
    `<meta property="og:locale" content="ar_AR" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
  ];
  if (image) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(image)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    );
  }
  if (head.publishedTime) tags.push(`<meta property="article:published_time" content="${escapeHtml(head.publishedTime)}" />`);
  if (head.modifiedTime) tags.push(`<meta property="article:modified_time" content="${escapeHtml(head.modifiedTime)}" />`);
  for (const tag of head.tags ?? []) tags.push(`<meta property="article:tag" content="${escapeHtml(tag)}" />`);
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  if (head.jsonLd) {
    const ld: Record<string, unknown> = { '@context': 'https://schema.org', ...head.jsonLd };
    for (const key of ['url', 'mainEntityOfPage', 'image']) {
      const value = ld[key];
      if (typeof value === 'string') ld[key] = absoluteUrl(value, publicUrl);
    }
    // A post's comments (schema.org Comment) link to their place on the page: /post/slug#comment-12.
    if (Array.isArray(ld.comment)) {
      ld.comment = ld.comment.map((comment: unknown) =>
        comment && typeof comment === 'object' && typeof (comment as { url?: unknown }).url === 'string'
          ? { ...comment, url: absoluteUrl((comment as { url: string }).url, publicUrl) }
          : comment,
      );
    }
    if (ld['@type'] === 'BlogPosting') {
      ld.publisher = { '@type': 'Organization', name: blog, url: absoluteUrl('/', publicUrl) };
    }
    tags.push(`<script type="application/ld+json">${safeJson(ld)}</script>`);
  }
  return tags.join('\n    ');
}
