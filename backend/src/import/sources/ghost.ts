import { readFile, stat } from 'node:fs/promises';
import type { ImportAuthor, ImportEntry, ImportStatus, ImportTag, OpenedImport } from '../import-model';
import { ImportFileError } from '../import-model';
import { decodeSlugOnce } from '../slugs';
import { lexicalHtml, mobiledocHtml } from './ghost-documents';
import { siteAddress } from './site-address';

/**
 * A Ghost export is one JSON document, read whole. Above this size it is refused rather than risk the server's memory
 * (its heap is capped; see README «Memory»): a Ghost blog of several thousand posts exports to a few tens of MB, since
 * each post is there as HTML, Lexical and plain text.
 */
export const GHOST_MAX_BYTES = 64 * 1024 * 1024;
/** Where Ghost 4-5 write the site's own address in content and image fields. */
const GHOST_URL = /__GHOST_URL__/g;
const LABEL = 'Ghost export';

type Id = string | number;
type Timestamp = string | number | null | undefined;

interface GhostPost {
  id?: Id;
  title?: string | null;
  slug?: string | null;
  html?: string | null;
  lexical?: string | null;
  mobiledoc?: string | null;
  feature_image?: string | null;
  custom_excerpt?: string | null;
  status?: string | null;
  type?: string | null;
  page?: boolean | number | null;
  published_at?: Timestamp;
  updated_at?: Timestamp;
  author_id?: Id;
  meta_title?: string | null;
  meta_description?: string | null;
}

interface GhostTag {
  id?: Id;
  name?: string | null;
  slug?: string | null;
  visibility?: string | null;
}

interface GhostUser {
  id?: Id;
  name?: string | null;
  bio?: string | null;
  profile_image?: string | null;
}

interface GhostData {
  posts: GhostPost[];
  tags?: GhostTag[];
  posts_tags?: { post_id?: Id; tag_id?: Id; sort_order?: number | null }[];
  users?: GhostUser[];
  posts_authors?: { post_id?: Id; author_id?: Id }[];
  posts_meta?: { post_id?: Id; meta_title?: string | null; meta_description?: string | null }[];
  settings?: { key?: string; value?: unknown }[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The export's data, from «{db: [{meta, data}]}» (what Ghost writes) or a bare «{meta, data}»; null for other JSON. */
function ghostData(json: unknown): GhostData | null {
  const database = isObject(json) && Array.isArray(json.db) ? json.db[0] : json;
  if (!isObject(database) || !isObject(database.meta) || !isObject(database.data)) return null;
  return Array.isArray(database.data.posts) ? (database.data as unknown as GhostData) : null;
}

async function readGhostJson(path: string): Promise<unknown> {
  const { size } = await stat(path);
  if (size > GHOST_MAX_BYTES) {
    const megabytes = Math.ceil(size / (1024 * 1024));
    throw new ImportFileError(`The ${LABEL} is ${megabytes} MB: exports up to ${GHOST_MAX_BYTES / (1024 * 1024)} MB can be imported`);
  }
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ImportFileError(`The file is not valid JSON, so not a ${LABEL}: ${(error as Error).message}`);
  }
}

function dateOf(value: Timestamp): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function isPage(post: GhostPost): boolean {
  return post.type === 'page' || post.page === true || post.page === 1;
}

/** Ghost's statuses as this blog's; «sent» is a newsletter that was only emailed, never on the site: a draft. */
function statusOf(post: GhostPost): ImportStatus {
  if (post.status === 'published') return 'published';
  if (post.status === 'scheduled') return 'scheduled';
  return 'draft';
}

/** Tags whose name starts with «#» are Ghost's internal ones (for themes and routing), not the author's. */
function isInternal(tag: GhostTag): boolean {
  return (tag.name ?? '').startsWith('#') || tag.visibility === 'internal';
}

function settingValue(data: GhostData, key: string): string | null {
  const value = data.settings?.find((setting) => setting.key === key)?.value;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The author whose posts these mostly are (posts_authors, or author_id in older exports); else the first user. */
function mainUser(data: GhostData): GhostUser | undefined {
  const counts = new Map<string, number>();
  const links = data.posts_authors?.length ? data.posts_authors.map((link) => link.author_id) : data.posts.map((post) => post.author_id);
  for (const id of links) if (id !== undefined) counts.set(String(id), (counts.get(String(id)) ?? 0) + 1);
  const busiest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return data.users?.find((user) => String(user.id) === busiest) ?? data.users?.[0];
}

function validate(data: GhostData): void {
  data.posts.forEach((post, index) => {
    if (!isObject(post) || (typeof post.id !== 'string' && typeof post.id !== 'number')) {
      throw new ImportFileError(`The ${LABEL} is malformed: post ${index + 1} has no id`);
    }
  });
}

/**
 * Opens a Ghost export (Settings → Labs → Export, Ghost 1 to 5). Ghost keeps the site's address in its configuration,
 * not in the export: siteUrl is the export's «url» setting when a tool wrote one, else the one passed in, else null,
 * and then the «__GHOST_URL__» of content and pictures become site-relative addresses.
 */
export async function openGhost(path: string, options: { siteUrl?: string | null } = {}): Promise<OpenedImport> {
  const data = ghostData(await readGhostJson(path));
  if (!data) throw new ImportFileError(`The file is JSON but not a ${LABEL}: it has no db[0].data.posts`);
  validate(data);

  const siteUrl = siteAddress(settingValue(data, 'url')) ?? siteAddress(options.siteUrl);
  const withSite = (value: string) => value.replace(GHOST_URL, siteUrl ?? '');
  const tags = new Map((data.tags ?? []).filter((tag) => !isInternal(tag) && tag.name).map((tag) => [String(tag.id), tag]));
  const meta = new Map((data.posts_meta ?? []).map((row) => [String(row.post_id), row]));
  const tagsByPost = new Map<string, { tagId: string; order: number }[]>();
  for (const link of data.posts_tags ?? []) {
    const postId = String(link.post_id);
    const links = tagsByPost.get(postId) ?? [];
    links.push({ tagId: String(link.tag_id), order: link.sort_order ?? 0 });
    tagsByPost.set(postId, links);
  }
  const tagsOfPost = (postId: string) =>
    (tagsByPost.get(postId) ?? []).sort((a, b) => a.order - b.order).flatMap((link) => tags.get(link.tagId)?.name ?? []);
  const user = mainUser(data);
  const author: ImportAuthor | null = user
    ? { name: user.name || null, bio: user.bio || null, avatarUrl: user.profile_image ? withSite(user.profile_image) : null }
    : null;

  const entryOf = (post: GhostPost): ImportEntry => {
    const sourceId = String(post.id);
    const slug = post.slug ? decodeSlugOnce(post.slug) : null;
    const content = post.html ?? (post.lexical ? lexicalHtml(post.lexical) : post.mobiledoc ? mobiledocHtml(post.mobiledoc) : '');
    return {
      kind: isPage(post) ? 'page' : 'post',
      sourceId,
      title: post.title ?? '',
      slug,
      content: withSite(content),
      excerpt: post.custom_excerpt || null,
      status: statusOf(post),
      publishedAt: dateOf(post.published_at),
      modifiedAt: dateOf(post.updated_at),
      categories: [],
      tags: tagsOfPost(sourceId),
      featuredImage: post.feature_image ? withSite(post.feature_image) : null,
      comments: [],
      link: siteUrl && slug ? `${siteUrl}/${encodeURIComponent(slug)}/` : null,
      metaTitle: post.meta_title || meta.get(sourceId)?.meta_title || null,
      metaDescription: post.meta_description || meta.get(sourceId)?.meta_description || null,
    };
  };

  const tagList: ImportTag[] = [...tags.values()].map((tag) => ({
    slug: decodeSlugOnce(tag.slug || String(tag.name)),
    name: String(tag.name),
  }));
  return {
    platform: 'ghost',
    siteUrl,
    siteTitle: settingValue(data, 'title'),
    author,
    categories: [],
    tags: tagList,
    attachments: [],
    total: data.posts.length,
    async *entries() {
      for (const post of data.posts) yield entryOf(post);
    },
  };
}
