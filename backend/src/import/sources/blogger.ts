import type { ImportAuthor, ImportComment, ImportEntry, ImportStatus, ImportTag, OpenedImport } from '../import-model';
import { decodeSlugOnce } from '../slugs';
import { siteAddress } from './site-address';
import { child, childText, childrenNamed, optionalText, xmlRecords, type XmlElement } from './xml-records';

export const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';
const PREFIXES: Record<string, string> = {
  [ATOM_NAMESPACE]: '',
  'http://purl.org/atom/app#': 'app',
  'http://www.w3.org/2007/app': 'app',
  'http://purl.org/syndication/thread/1.0': 'thr',
  'http://schemas.google.com/g/2005': 'gd',
  'http://search.yahoo.com/mrss/': 'media',
  'http://schemas.google.com/blogger/2018': 'blogger',
};
const LABEL = 'Blogger export';
/** The classic export (Settings → Back up content) says what each entry is with a category of this scheme. */
const KIND_SCHEME = 'http://schemas.google.com/g/2005#kind';
const KIND_PREFIX = 'http://schemas.google.com/blogger/2008/kind#';
/** Blogger's address for "no email": it hides the commenter's. */
const NO_EMAIL = 'noreply@blogger.com';

/** Markers that only a Blogger export has near its start, told apart from any other Atom feed. */
export function looksLikeBlogger(head: string): boolean {
  return /schemas\.google\.com\/blogger\/20(08|18)|tag:blogger\.com,1999:blog-/.test(head);
}

function records(path: string): AsyncGenerator<XmlElement> {
  return xmlRecords(path, { label: LABEL, container: ['feed'], prefixOf: (uri) => PREFIXES[uri] });
}

type EntryKind = 'post' | 'page' | 'comment' | 'other';

/** What an entry is: the classic export's kind category, or the newer (Takeout) export's blogger:type. */
function kindOf(entry: XmlElement): EntryKind {
  const kindTerm = childrenNamed(entry, 'category').find((category) => category.attributes.scheme === KIND_SCHEME)?.attributes.term;
  const kind = (kindTerm?.startsWith(KIND_PREFIX) ? kindTerm.slice(KIND_PREFIX.length) : childText(entry, 'blogger:type')).toLowerCase();
  return kind === 'post' || kind === 'page' || kind === 'comment' ? kind : 'other';
}

/** The newer export keeps deleted and trashed entries, with that status: they are not imported. */
function isThrownAway(entry: XmlElement): boolean {
  return /TRASH|DELETED/i.test(childText(entry, 'blogger:status'));
}

function isDraft(entry: XmlElement): boolean {
  const control = child(entry, 'app:control');
  return (control !== undefined && childText(control, 'app:draft') === 'yes') || /^DRAFT$/i.test(childText(entry, 'blogger:status'));
}

/** «tag:blogger.com,1999:blog-123.post-456» → «post-456» (pages: «page-789»); any other id as it is. */
function sourceIdOf(id: string): string {
  return /^tag:blogger\.com,1999:blog-\d+\.((?:post|page)-\d+)$/.exec(id)?.[1] ?? id;
}

function isoDate(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function alternateLink(element: XmlElement): string | null {
  const link = childrenNamed(element, 'link').find(
    (candidate) => candidate.attributes.rel === 'alternate' && (candidate.attributes.type ?? 'text/html') === 'text/html',
  );
  return link?.attributes.href || null;
}

/** «/2023/05/slug.html» → «slug», decoded once. */
function slugOfPath(path: string): string | null {
  const last = path.split(/[?#]/)[0].split('/').filter(Boolean).pop();
  return last ? decodeSlugOnce(last.replace(/\.html?$/, '')) || null : null;
}

function labelsOf(entry: XmlElement): string[] {
  const terms = childrenNamed(entry, 'category')
    .filter((category) => category.attributes.scheme !== KIND_SCHEME)
    .map((category) => category.attributes.term?.trim() ?? '');
  return [...new Set(terms.filter(Boolean))];
}

interface Person {
  name: string;
  uri: string | null;
  email: string | null;
  avatar: string | null;
}

function personOf(author: XmlElement | undefined): Person {
  if (!author) return { name: '', uri: null, email: null, avatar: null };
  const email = optionalText(author, 'email');
  const image = child(author, 'gd:image')?.attributes.src ?? '';
  const avatar = image.startsWith('//') ? `https:${image}` : image;
  return {
    name: childText(author, 'name'),
    uri: optionalText(author, 'uri'),
    email: email === NO_EMAIL ? null : email,
    // Blogger's own placeholder pictures are not the author's.
    avatar: /^https?:\/\//.test(avatar) && !/blogblog\.com|blank\.gif/.test(avatar) ? avatar : null,
  };
}

function commentStatus(entry: XmlElement): ImportComment['status'] {
  const status = childText(entry, 'blogger:status').toUpperCase();
  if (status === 'SPAM') return 'spam';
  return isDraft(entry) || (status !== '' && status !== 'LIVE') ? 'pending' : 'approved';
}

/** A comment its author or a moderator removed: Blogger keeps a «This comment has been removed» stub. */
function isRemoved(entry: XmlElement): boolean {
  return childrenNamed(entry, 'gd:extendedProperty').some(
    (property) => property.attributes.name === 'blogger.contentRemoved' && property.attributes.value === 'true',
  );
}

interface PendingComment {
  id: string;
  /** What it answers: the post's id, or in the newer export possibly another comment's. */
  replyTo: string | null;
  /** The comment it answers in the classic export («…/comments/default/123» of its related link). */
  parentNumber: string | null;
  authorUri: string | null;
  comment: ImportComment;
}

function pendingComment(entry: XmlElement, id: string): PendingComment | null {
  const date = isoDate(childText(entry, 'published')) ?? isoDate(childText(entry, 'blogger:created'));
  if (!date || isThrownAway(entry) || isRemoved(entry)) return null;
  const author = personOf(child(entry, 'author'));
  const related = childrenNamed(entry, 'link').find((link) => link.attributes.rel === 'related')?.attributes.href ?? '';
  return {
    id,
    replyTo: child(entry, 'thr:in-reply-to')?.attributes.ref || optionalText(entry, 'blogger:parent'),
    parentNumber: /\/comments\/default\/(\d+)$/.exec(related)?.[1] ?? null,
    authorUri: author.uri,
    comment: {
      sourceId: sourceIdOf(id),
      parentSourceId: null,
      authorName: author.name,
      authorEmail: author.email,
      authorUrl: author.uri,
      content: childText(entry, 'content'),
      date,
      status: commentStatus(entry),
      byAuthor: false,
    },
  };
}

interface PostFacts {
  authorUri: string | null;
}

/**
 * Puts each comment under its post, with the comment it answers when there is one. Replies may point at a comment
 * (newer export) rather than at the post: the post is then that comment's.
 */
function commentsByPost(
  pending: PendingComment[],
  posts: Map<string, PostFacts>,
  blogAuthorUri: string | null,
): Map<string, ImportComment[]> {
  const byId = new Map(pending.map((entry) => [entry.id, entry]));
  const postOf = (entry: PendingComment, depth = 0): string | null => {
    if (entry.replyTo === null || depth > 50) return null;
    if (posts.has(entry.replyTo)) return entry.replyTo;
    const parent = byId.get(entry.replyTo);
    return parent ? postOf(parent, depth + 1) : null;
  };
  const grouped = new Map<string, ImportComment[]>();
  for (const entry of pending) {
    const postId = postOf(entry);
    if (postId === null) continue;
    const repliedComment = entry.replyTo !== null && byId.has(entry.replyTo) ? entry.replyTo : null;
    const parentId = repliedComment ?? (entry.parentNumber ? `post-${entry.parentNumber}` : null);
    const postAuthorUri = posts.get(postId)?.authorUri ?? blogAuthorUri;
    const comment: ImportComment = {
      ...entry.comment,
      parentSourceId: parentId === null ? null : sourceIdOf(parentId),
      byAuthor: entry.authorUri !== null && (entry.authorUri === postAuthorUri || entry.authorUri === blogAuthorUri),
    };
    const comments = grouped.get(postId) ?? [];
    comments.push(comment);
    grouped.set(postId, comments);
  }
  for (const comments of grouped.values()) {
    // A reply to a comment that was removed answers the post instead.
    const ids = new Set(comments.map((comment) => comment.sourceId));
    for (const comment of comments) if (comment.parentSourceId !== null && !ids.has(comment.parentSourceId)) comment.parentSourceId = null;
    comments.sort((a, b) => a.date.getTime() - b.date.getTime());
  }
  return grouped;
}

function statusOf(entry: XmlElement, publishedAt: Date | null, now: number): ImportStatus {
  if (isDraft(entry)) return 'draft';
  if (/^SCHEDULED$/i.test(childText(entry, 'blogger:status'))) return 'scheduled';
  return publishedAt && publishedAt.getTime() > now ? 'scheduled' : 'published';
}

function entryOf(entry: XmlElement, siteUrl: string | null, comments: ImportComment[], now: number): ImportEntry {
  const publishedAt = isoDate(childText(entry, 'published'));
  const filename = childText(entry, 'blogger:filename');
  const link = alternateLink(entry) ?? (filename && siteUrl ? `${siteUrl}${filename}` : null);
  return {
    kind: kindOf(entry) === 'page' ? 'page' : 'post',
    sourceId: sourceIdOf(childText(entry, 'id')),
    title: childText(entry, 'title'),
    slug: link ? slugOfPath(new URL(link, 'http://x').pathname) : filename ? slugOfPath(filename) : null,
    content: child(entry, 'content')?.text ?? '',
    excerpt: null,
    status: statusOf(entry, publishedAt, now),
    publishedAt,
    modifiedAt: isoDate(childText(entry, 'updated')),
    categories: [],
    tags: labelsOf(entry),
    // media:thumbnail is a 72-pixel crop of the first picture, and that picture is already in the content: no cover.
    featuredImage: null,
    comments,
    link,
    metaTitle: null,
    metaDescription: optionalText(entry, 'summary'),
  };
}

function isImportedEntry(entry: XmlElement): boolean {
  const kind = kindOf(entry);
  return (kind === 'post' || kind === 'page') && !isThrownAway(entry);
}

interface Survey {
  siteTitle: string | null;
  siteUrl: string | null;
  author: ImportAuthor | null;
  tags: ImportTag[];
  total: number;
  comments: Map<string, ImportComment[]>;
}

/**
 * The first pass: checks the whole file, counts posts and pages, gathers labels, and holds the comments (they come
 * after all the posts in the file) grouped by post. A Blogger blog's comments fit in memory: they are short and Blogger
 * exports are small.
 */
async function survey(path: string): Promise<Survey> {
  let siteTitle: string | null = null;
  let siteUrl: string | null = null;
  let blogAuthor: Person | null = null;
  const labels = new Set<string>();
  const posts = new Map<string, PostFacts>();
  const pending: PendingComment[] = [];

  for await (const record of records(path)) {
    if (record.name === 'title') siteTitle = record.text.trim() || null;
    else if (record.name === 'link' && record.attributes.rel === 'alternate') siteUrl = siteAddress(record.attributes.href);
    else if (record.name === 'author') blogAuthor = personOf(record);
    else if (record.name === 'entry') {
      const id = childText(record, 'id');
      if (isImportedEntry(record)) {
        posts.set(id, { authorUri: personOf(child(record, 'author')).uri });
        for (const label of labelsOf(record)) labels.add(label);
      } else if (kindOf(record) === 'comment') {
        const comment = pendingComment(record, id);
        if (comment) pending.push(comment);
      }
    }
  }

  return {
    siteTitle,
    siteUrl,
    author: blogAuthor?.name ? { name: blogAuthor.name, bio: null, avatarUrl: blogAuthor.avatar } : null,
    // A label's address is /search/label/<the label>: its name is its slug.
    tags: [...labels].map((name) => ({ slug: name, name })),
    total: posts.size,
    comments: commentsByPost(pending, posts, blogAuthor?.uri ?? null),
  };
}

/** Opens a Blogger export: the classic Atom backup, or the feed.atom of a Google Takeout. */
export async function openBlogger(path: string, options: { siteUrl?: string | null } = {}): Promise<OpenedImport> {
  const found = await survey(path);
  const siteUrl = found.siteUrl ?? siteAddress(options.siteUrl);
  const now = Date.now();
  return {
    platform: 'blogger',
    siteUrl,
    siteTitle: found.siteTitle,
    author: found.author,
    categories: [],
    tags: found.tags,
    attachments: [],
    total: found.total,
    async *entries() {
      for await (const record of records(path)) {
        if (record.name === 'entry' && isImportedEntry(record)) {
          yield entryOf(record, siteUrl, found.comments.get(childText(record, 'id')) ?? [], now);
        }
      }
    },
  };
}
