import type {
  ImportAttachment,
  ImportAuthor,
  ImportCategory,
  ImportComment,
  ImportEntry,
  ImportStatus,
  ImportTag,
  OpenedImport,
} from '../import-model';
import { ImportFileError } from '../import-model';
import { decodeSlugOnce } from '../slugs';
import { siteAddress } from './site-address';
import { child, childText, childrenNamed, optionalText, xmlRecords, type XmlElement } from './xml-records';

/** WXR 1.0, 1.1 and 1.2 differ only in a few optional fields; all three are read alike. */
const WXR_NAMESPACE = /^https?:\/\/wordpress\.org\/export\/1\.[0-2]\/$/;
const WXR_EXCERPT_NAMESPACE = /^https?:\/\/wordpress\.org\/export\/1\.[0-2]\/excerpt\/$/;
const PREFIXES: Record<string, string> = {
  '': '',
  'http://purl.org/rss/1.0/modules/content/': 'content',
  'http://purl.org/dc/elements/1.1/': 'dc',
};
const LABEL = 'WordPress export';

export function isWxrNamespace(uri: string): boolean {
  return WXR_NAMESPACE.test(uri);
}

function prefixOf(uri: string): string | undefined {
  if (WXR_NAMESPACE.test(uri)) return 'wp';
  if (WXR_EXCERPT_NAMESPACE.test(uri)) return 'excerpt';
  return PREFIXES[uri];
}

function records(path: string): AsyncGenerator<XmlElement> {
  return xmlRecords(path, { label: LABEL, container: ['rss', 'channel'], prefixOf });
}

// Trash is what the author threw away; auto-drafts are WordPress's empty placeholders; inherit is for revisions.
const SKIPPED_STATUSES = new Set(['trash', 'auto-draft', 'inherit']);

/** An item this blog takes as an entry: a post or a page, not thrown away. Menus, revisions and custom types are not. */
function isEntry(item: XmlElement): boolean {
  const type = childText(item, 'wp:post_type');
  return (type === 'post' || type === 'page') && !SKIPPED_STATUSES.has(childText(item, 'wp:status'));
}

/**
 * WordPress statuses as this blog's: a private or password-protected post was never public, so it comes in as a draft
 * rather than being published to everyone.
 */
function statusOf(item: XmlElement): ImportStatus {
  if (childText(item, 'wp:post_password')) return 'draft';
  switch (childText(item, 'wp:status')) {
    case 'publish':
      return 'published';
    case 'future':
      return 'scheduled';
    default:
      return 'draft';
  }
}

/** '2023-05-10 09:30:00' read as UTC; WordPress writes '0000-00-00 00:00:00' for "never". */
function wpDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match || match[1] === '0000') return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The GMT field, else the local one taken as UTC (off by the old site's offset, but never missing). */
function gmtOrLocal(element: XmlElement, gmtField: string, localField: string): Date | null {
  return wpDate(childText(element, gmtField)) ?? wpDate(childText(element, localField));
}

function postMeta(item: XmlElement, key: string): string | null {
  const meta = childrenNamed(item, 'wp:postmeta').find((entry) => childText(entry, 'wp:meta_key') === key);
  return meta ? optionalText(meta, 'wp:meta_value') : null;
}

/** The first of these SEO plugins' fields that holds a plain value (Yoast's templates, «%%title%% %%sep%%», do not). */
function seoField(item: XmlElement, keys: string[]): string | null {
  for (const key of keys) {
    const value = postMeta(item, key);
    if (value && !/%%\w+%%|%\w+%/.test(value)) return value;
  }
  return null;
}

function itemTerms(item: XmlElement, domain: 'category' | 'post_tag'): XmlElement[] {
  return childrenNamed(item, 'category').filter((term) => term.attributes.domain === domain);
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}

interface Survey {
  siteTitle: string | null;
  siteUrl: string | null;
  author: ImportAuthor | null;
  authorIds: Set<string>;
  categories: ImportCategory[];
  tags: ImportTag[];
  attachments: ImportAttachment[];
  total: number;
}

/**
 * The first pass: reads the whole file (so a malformed or truncated one is refused before anything is written), counts
 * the entries, and keeps what is small and needed by every entry: terms, attachments, authors.
 */
async function survey(path: string): Promise<Survey> {
  let siteTitle: string | null = null;
  let link: string | null = null;
  let blogUrl: string | null = null;
  let wxrVersion: string | null = null;
  const authors = new Map<string, { id: string | null; name: string }>();
  const categories = new Map<string, ImportCategory>();
  const tags = new Map<string, ImportTag>();
  const attachments: ImportAttachment[] = [];
  const entriesByLogin = new Map<string, number>();
  let total = 0;

  for await (const record of records(path)) {
    switch (record.name) {
      case 'title':
        siteTitle = record.text.trim() || null;
        break;
      case 'link':
        link = record.text.trim() || null;
        break;
      case 'wp:base_blog_url':
        blogUrl = record.text.trim() || null;
        break;
      case 'wp:wxr_version':
        wxrVersion = record.text.trim();
        break;
      case 'wp:author': {
        const login = childText(record, 'wp:author_login');
        const name = childText(record, 'wp:author_display_name') || login;
        authors.set(login, { id: optionalText(record, 'wp:author_id'), name });
        break;
      }
      case 'wp:category': {
        const slug = decodeSlugOnce(childText(record, 'wp:category_nicename'));
        categories.set(slug, {
          slug,
          name: childText(record, 'wp:cat_name') || slug,
          description: optionalText(record, 'wp:category_description'),
          parentSlug: decodeSlugOnce(childText(record, 'wp:category_parent')) || null,
        });
        break;
      }
      case 'wp:tag': {
        const slug = decodeSlugOnce(childText(record, 'wp:tag_slug'));
        tags.set(slug, { slug, name: childText(record, 'wp:tag_name') || slug });
        break;
      }
      case 'item':
        if (childText(record, 'wp:post_type') === 'attachment') {
          attachments.push(attachmentOf(record));
        } else if (isEntry(record)) {
          total += 1;
          const login = childText(record, 'dc:creator');
          entriesByLogin.set(login, (entriesByLogin.get(login) ?? 0) + 1);
          addItemTerms(record, categories, tags);
        }
        break;
    }
  }
  if (wxrVersion === null) throw new ImportFileError(`The ${LABEL} has no wp:wxr_version: it is not a WXR file`);

  return {
    siteTitle,
    siteUrl: siteAddress(blogUrl ?? link),
    author: mainAuthor(authors, entriesByLogin),
    authorIds: new Set([...authors.values()].flatMap((author) => (author.id ? [author.id] : []))),
    categories: [...categories.values()],
    tags: [...tags.values()],
    attachments,
    total,
  };
}

/** An export of part of a blog may use terms it does not list: they are taken from the items themselves. */
function addItemTerms(item: XmlElement, categories: Map<string, ImportCategory>, tags: Map<string, ImportTag>): void {
  for (const term of itemTerms(item, 'category')) {
    const slug = decodeSlugOnce(term.attributes.nicename ?? '');
    if (slug && !categories.has(slug)) {
      categories.set(slug, { slug, name: term.text.trim() || slug, description: null, parentSlug: null });
    }
  }
  for (const term of itemTerms(item, 'post_tag')) {
    const slug = decodeSlugOnce(term.attributes.nicename ?? '');
    if (slug && !tags.has(slug)) tags.set(slug, { slug, name: term.text.trim() || slug });
  }
}

function attachmentOf(item: XmlElement): ImportAttachment {
  const parent = childText(item, 'wp:post_parent');
  return {
    sourceId: childText(item, 'wp:post_id'),
    link: optionalText(item, 'link'),
    fileUrl: childText(item, 'wp:attachment_url') || childText(item, 'guid'),
    parentSourceId: parent && parent !== '0' ? parent : null,
  };
}

/** The profile of whoever wrote most of the entries: the blog has one author, and they are most likely it. */
function mainAuthor(authors: Map<string, { name: string }>, entriesByLogin: Map<string, number>): ImportAuthor | null {
  const busiest = [...entriesByLogin.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const name = busiest !== undefined ? authors.get(busiest)?.name || busiest : [...authors.values()][0]?.name;
  return name ? { name, bio: null, avatarUrl: null } : null;
}

function commentStatus(approved: string): ImportComment['status'] | null {
  switch (approved) {
    case '1':
      return 'approved';
    case '0':
      return 'pending';
    case 'spam':
      return 'spam';
    default:
      return null; // trash, post-trashed
  }
}

/**
 * The entry's comments: approved, pending and spam (trashed ones, pingbacks and trackbacks are left out). A reply whose
 * parent was left out answers the nearest ancestor kept instead.
 */
function commentsOf(item: XmlElement, authorIds: Set<string>, fallbackDate: Date | null): ImportComment[] {
  const parents = new Map<string, string | null>();
  const kept = new Map<string, ImportComment>();
  for (const element of childrenNamed(item, 'wp:comment')) {
    const sourceId = childText(element, 'wp:comment_id');
    const parent = childText(element, 'wp:comment_parent');
    parents.set(sourceId, parent && parent !== '0' ? parent : null);
    const status = commentStatus(childText(element, 'wp:comment_approved'));
    const date = gmtOrLocal(element, 'wp:comment_date_gmt', 'wp:comment_date') ?? fallbackDate;
    if (!status || !date || ['pingback', 'trackback'].includes(childText(element, 'wp:comment_type'))) continue;
    const userId = childText(element, 'wp:comment_user_id');
    kept.set(sourceId, {
      sourceId,
      parentSourceId: null,
      authorName: childText(element, 'wp:comment_author'),
      authorEmail: optionalText(element, 'wp:comment_author_email'),
      authorUrl: optionalText(element, 'wp:comment_author_url'),
      content: child(element, 'wp:comment_content')?.text ?? '',
      date,
      status,
      // A comment written while signed in as one of the blog's authors (the export lists the authors of its posts).
      byAuthor: userId !== '' && userId !== '0' && (authorIds.size === 0 || authorIds.has(userId)),
    });
  }
  for (const comment of kept.values()) {
    let parent = parents.get(comment.sourceId) ?? null;
    const seen = new Set<string>();
    while (parent !== null && !kept.has(parent) && !seen.has(parent)) {
      seen.add(parent);
      parent = parents.get(parent) ?? null;
    }
    comment.parentSourceId = parent !== null && kept.has(parent) ? parent : null;
  }
  return [...kept.values()];
}

function entryOf(item: XmlElement, context: { authorIds: Set<string>; attachmentUrls: Map<string, string> }): ImportEntry {
  const status = statusOf(item);
  const publishedAt = wpDate(childText(item, 'wp:post_date_gmt')) ?? (status === 'draft' ? null : wpDate(childText(item, 'wp:post_date')));
  const thumbnailId = postMeta(item, '_thumbnail_id');
  return {
    kind: childText(item, 'wp:post_type') === 'page' ? 'page' : 'post',
    sourceId: childText(item, 'wp:post_id'),
    title: childText(item, 'title'),
    slug: decodeSlugOnce(childText(item, 'wp:post_name')) || null,
    content: child(item, 'content:encoded')?.text ?? '',
    excerpt: child(item, 'excerpt:encoded')?.text.trim() || null,
    status,
    publishedAt,
    modifiedAt: gmtOrLocal(item, 'wp:post_modified_gmt', 'wp:post_modified'),
    categories: unique(itemTerms(item, 'category').map((term) => decodeSlugOnce(term.attributes.nicename ?? ''))),
    tags: unique(itemTerms(item, 'post_tag').map((term) => term.text.trim())),
    featuredImage: (thumbnailId && context.attachmentUrls.get(thumbnailId)) || null,
    comments: commentsOf(item, context.authorIds, publishedAt),
    link: optionalText(item, 'link'),
    metaTitle: seoField(item, ['_yoast_wpseo_title', 'rank_math_title']),
    metaDescription: seoField(item, ['_yoast_wpseo_metadesc', 'rank_math_description']),
  };
}

/**
 * Opens a WordPress export (WXR 1.1 or 1.2, Tools → Export): one pass now to check and count it, then every call of
 * entries() reads the file again, one item at a time.
 */
export async function openWordPress(path: string): Promise<OpenedImport> {
  const found = await survey(path);
  const context = {
    authorIds: found.authorIds,
    attachmentUrls: new Map(found.attachments.map((attachment) => [attachment.sourceId, attachment.fileUrl])),
  };
  return {
    platform: 'wordpress',
    siteUrl: found.siteUrl,
    siteTitle: found.siteTitle,
    author: found.author,
    categories: found.categories,
    tags: found.tags,
    attachments: found.attachments,
    total: found.total,
    async *entries() {
      for await (const record of records(path)) {
        if (record.name === 'item' && isEntry(record)) yield entryOf(record, context);
      }
    },
  };
}
