import { cdata, escapeXml } from '../common/xml';

/**
 * The WordPress eXtended RSS format, version 1.2, element by element as WordPress's own exporter writes it
 * (wp-admin/includes/export.php), so that WordPress's importer, and the importers that read WordPress files, take it.
 *
 * Written as text: the shape is fixed, every value goes through one of two escapes (common/xml.ts: text, or a CDATA
 * section where WordPress writes one), and each item comes out as one string that can be sent as soon as it is made.
 * An XML builder would add a tree per item to build and walk, and nothing to check that the escapes do not.
 */

export const WXR_VERSION = '1.2';

/** The blog as a whole: the channel. `baseUrl` is the blog's origin, without a trailing slash. */
export interface WxrChannel {
  title: string;
  description: string;
  language: string;
  baseUrl: string;
  exportedAt: Date;
}

export interface WxrAuthor {
  id: number;
  login: string;
  email: string;
  displayName: string;
}

/** A category or a tag; `slug` in WordPress's form (wordpressSlug). */
export interface WxrTerm {
  termId: number;
  slug: string;
  name: string;
}

/** A category or tag of an item, by its slug in WordPress's form. */
export interface WxrItemTerm {
  domain: 'category' | 'post_tag';
  slug: string;
  name: string;
}

export interface WxrComment {
  id: number;
  author: string;
  authorEmail: string;
  date: Date;
  /** HTML, as WordPress stores a comment's text. */
  content: string;
  /** The comment it answers, 0 for none. */
  parent: number;
  /** The author's wp:author_id for the blog's own replies, 0 for a reader. */
  userId: number;
}

export type WxrStatus = 'publish' | 'future' | 'draft' | 'inherit';

export interface WxrItem {
  /** wp:post_id: unique among every item of the file (posts, pages and attachments share WordPress's one table). */
  id: number;
  title: string;
  link: string;
  guid: string;
  creator: string;
  content: string;
  excerpt: string;
  date: Date;
  modified: Date;
  commentStatus: 'open' | 'closed';
  /** The slug in WordPress's form (wordpressSlug). */
  name: string;
  status: WxrStatus;
  parent: number;
  type: 'post' | 'page' | 'attachment';
  sticky: boolean;
  /** The file of an attachment. */
  attachmentUrl?: string;
  terms: WxrItemTerm[];
  meta: { key: string; value: string }[];
  comments: WxrComment[];
}

/** WordPress's post_name and term slug columns hold 200 characters. */
const WORDPRESS_SLUG_LENGTH = 200;

/**
 * A slug as WordPress stores it (sanitize_title_with_dashes): each character that is not ASCII percent-encoded as its
 * UTF-8 bytes in lower-case hex (`تقنية` → `%d8%aa%d9%82%d9%86%d9%8a%d8%a9`), cut to 200 characters at a whole
 * character, without a hyphen at the end. Only ASCII letters, digits, `-` and `_` are left otherwise: a slug of this
 * blog has nothing else (@mudawwana/rules slugify).
 */
export function wordpressSlug(slug: string): string {
  let encoded = '';
  for (const character of slug) {
    const piece = character.charCodeAt(0) < 0x80 ? character : encodeURIComponent(character).toLowerCase();
    if (encoded.length + piece.length > WORDPRESS_SLUG_LENGTH) break;
    encoded += piece;
  }
  return encoded.replace(/-+$/, '');
}

/** A date as WordPress's date columns hold it: `2024-05-01 09:30:00` (UTC here, for both the local and the _gmt column). */
export function wordpressDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A date as RSS writes it, in WordPress's form: `Wed, 01 May 2024 09:30:00 +0000`. */
export function rssDate(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

const element = (name: string, value: string) => `<${name}>${value}</${name}>`;
const text = (name: string, value: string) => element(name, escapeXml(value));
const data = (name: string, value: string) => element(name, cdata(value));

/** The lines of a block, indented by `depth` tabs as WordPress indents them. */
const lines = (depth: number, parts: string[]) => parts.map((part) => `${'\t'.repeat(depth)}${part}\n`).join('');

/** Everything before the first item: the channel, its author, its categories and tags. */
export function wxrHead(channel: WxrChannel, author: WxrAuthor, categories: WxrTerm[], tags: WxrTerm[]): string {
  const authorLine =
    '<wp:author>' +
    text('wp:author_id', String(author.id)) +
    data('wp:author_login', author.login) +
    data('wp:author_email', author.email) +
    data('wp:author_display_name', author.displayName) +
    data('wp:author_first_name', '') +
    data('wp:author_last_name', '') +
    '</wp:author>';
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>\n',
    `<!-- A WordPress eXtended RSS file (WXR ${WXR_VERSION}) exported by Mudawwana: WordPress's importer (Tools → Import → WordPress) and the importers of other platforms read it. -->\n`,
    `<!-- generator="Mudawwana" created="${wordpressDate(channel.exportedAt).slice(0, 16)}" -->\n`,
    '<rss version="2.0"\n',
    '\txmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"\n',
    '\txmlns:content="http://purl.org/rss/1.0/modules/content/"\n',
    '\txmlns:wfw="http://wellformedweb.org/CommentAPI/"\n',
    '\txmlns:dc="http://purl.org/dc/elements/1.1/"\n',
    '\txmlns:wp="http://wordpress.org/export/1.2/"\n',
    '>\n\n<channel>\n',
    lines(1, [
      text('title', channel.title),
      text('link', channel.baseUrl),
      text('description', channel.description),
      text('pubDate', rssDate(channel.exportedAt)),
      text('language', channel.language),
      text('wp:wxr_version', WXR_VERSION),
      text('wp:base_site_url', channel.baseUrl),
      text('wp:base_blog_url', channel.baseUrl),
      '',
      authorLine,
      '',
    ]),
    ...categories.map(
      (category) =>
        lines(1, ['<wp:category>']) +
        lines(2, [
          text('wp:term_id', String(category.termId)),
          data('wp:category_nicename', category.slug),
          data('wp:category_parent', ''),
          data('wp:cat_name', category.name),
        ]) +
        lines(1, ['</wp:category>']),
    ),
    ...tags.map(
      (tag) =>
        lines(1, ['<wp:tag>']) +
        lines(2, [text('wp:term_id', String(tag.termId)), data('wp:tag_slug', tag.slug), data('wp:tag_name', tag.name)]) +
        lines(1, ['</wp:tag>']),
    ),
    lines(1, ['', text('generator', 'Mudawwana'), '']),
  ].join('');
}

function commentBlock(comment: WxrComment): string {
  return (
    lines(2, ['<wp:comment>']) +
    lines(3, [
      text('wp:comment_id', String(comment.id)),
      data('wp:comment_author', comment.author),
      data('wp:comment_author_email', comment.authorEmail),
      text('wp:comment_author_url', ''),
      data('wp:comment_author_IP', ''),
      data('wp:comment_date', wordpressDate(comment.date)),
      data('wp:comment_date_gmt', wordpressDate(comment.date)),
      data('wp:comment_content', comment.content),
      data('wp:comment_approved', '1'),
      data('wp:comment_type', 'comment'),
      text('wp:comment_parent', String(comment.parent)),
      text('wp:comment_user_id', String(comment.userId)),
    ]) +
    lines(2, ['</wp:comment>'])
  );
}

/** One post, page or attachment, with its terms, its meta and its comments. */
export function wxrItem(item: WxrItem): string {
  return (
    lines(1, ['<item>']) +
    lines(2, [
      data('title', item.title),
      text('link', item.link),
      text('pubDate', rssDate(item.date)),
      data('dc:creator', item.creator),
      `<guid isPermaLink="false">${escapeXml(item.guid)}</guid>`,
      '<description></description>',
      data('content:encoded', item.content),
      data('excerpt:encoded', item.excerpt),
      text('wp:post_id', String(item.id)),
      data('wp:post_date', wordpressDate(item.date)),
      data('wp:post_date_gmt', wordpressDate(item.date)),
      data('wp:post_modified', wordpressDate(item.modified)),
      data('wp:post_modified_gmt', wordpressDate(item.modified)),
      data('wp:comment_status', item.commentStatus),
      data('wp:ping_status', 'closed'),
      data('wp:post_name', item.name),
      data('wp:status', item.status),
      text('wp:post_parent', String(item.parent)),
      text('wp:menu_order', '0'),
      data('wp:post_type', item.type),
      data('wp:post_password', ''),
      text('wp:is_sticky', item.sticky ? '1' : '0'),
      ...(item.attachmentUrl === undefined ? [] : [data('wp:attachment_url', item.attachmentUrl)]),
      ...item.terms.map((term) => `<category domain="${term.domain}" nicename="${escapeXml(term.slug)}">${cdata(term.name)}</category>`),
    ]) +
    item.meta
      .map(
        ({ key, value }) =>
          lines(2, ['<wp:postmeta>']) + lines(3, [data('wp:meta_key', key), data('wp:meta_value', value)]) + lines(2, ['</wp:postmeta>']),
      )
      .join('') +
    item.comments.map(commentBlock).join('') +
    lines(1, ['</item>'])
  );
}

/** What ends the file. */
export const WXR_TAIL = '</channel>\n</rss>\n';
