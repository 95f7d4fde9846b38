import {
  headTitle,
  HOME_SHARE_IMAGE,
  HOME_SHARE_IMAGE_ALT,
  SHARE_IMAGE_SIZE,
  shareImageUrl,
  titleLeavingPage,
  type TextDirection,
} from '@mudawwana/rules';
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
  /**
   * The share image link previews show (og:image): the address of the page's own (shareImageUrl of
   * @mudawwana/rules, which names its version); the home page's image for a page without one.
   */
  image?: string;
  /** What the share image says, for those who cannot see it (og:image:alt): the title it shows. */
  imageAlt?: string;
  type?: 'website' | 'article';
  publishedTime?: string;
  modifiedTime?: string;
  tags?: string[];
  noindex?: boolean;
  /** The direction of the title's language (a post's; the blog's right to left when unsaid): the title is isolated in it. */
  direction?: TextDirection;
  /** The page's language versions, itself included (a translated post): `<link rel="alternate" hreflang>`. */
  alternates?: { language: string; path: string }[];
  /** The fediverse account credited as the author in Mastodon's link previews (`@handle@host`): post pages. */
  fediverseCreator?: string;
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

/** A page's share image and its alt text: its own, or (for a page without one) the home page's, with the blog's name. */
export function shareImageOf(head: Pick<HeadData, 'image' | 'imageAlt' | 'title' | 'direction'>): { path: string; alt: string } {
  if (!head.image) return { path: shareImageUrl({ kind: 'home' }, HOME_SHARE_IMAGE), alt: HOME_SHARE_IMAGE_ALT };
  const alt = head.imageAlt ?? head.title;
  // the title, as it leaves the page: marked and isolated, so a Latin first word does not turn it around
  return { path: head.image, alt: alt ? titleLeavingPage(alt, head.direction ?? 'rtl') : HOME_SHARE_IMAGE_ALT };
}

/** The head tags of a server-rendered page (title, description, canonical, Open Graph, Twitter, JSON-LD, feed link). */
export function renderHeadTags(head: HeadData, publicUrl: string): string {
  const blog = t('blog.name');
  const title = headTitle(head.title, head.direction);
  const description = head.description ?? t('blog.tagline');
  const url = absoluteUrl(head.path, publicUrl);
  const shareImage = shareImageOf(head);
  const image = absoluteUrl(shareImage.path, publicUrl);
  const imageAlt = shareImage.alt;
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
    // Every page has a share image (docs/decisions/027-share-images.md): always the large card.
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="${SHARE_IMAGE_SIZE.width}" />`,
    `<meta property="og:image:height" content="${SHARE_IMAGE_SIZE.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(imageAlt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(imageAlt)}" />`,
  ];
  if (head.publishedTime) tags.push(`<meta property="article:published_time" content="${escapeHtml(head.publishedTime)}" />`);
  if (head.modifiedTime) tags.push(`<meta property="article:modified_time" content="${escapeHtml(head.modifiedTime)}" />`);
  for (const tag of head.tags ?? []) tags.push(`<meta property="article:tag" content="${escapeHtml(tag)}" />`);
  if (head.fediverseCreator) tags.push(`<meta name="fediverse:creator" content="${escapeHtml(head.fediverseCreator)}" />`);
  // The home page is the fediverse account's profile address and a field of its profile: a link to itself marked
  // rel="me" is what Mastodon looks for to show that field verified (docs/decisions/031).
  if (head.path === '/') tags.push(`<link rel="me" href="${escapeHtml(absoluteUrl('/', publicUrl))}" />`);
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
