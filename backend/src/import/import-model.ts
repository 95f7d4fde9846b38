/**
 * What an export of another blog platform holds, read into one shape whatever the platform (issue 25): the readers of
 * each format (import/sources/) produce it, the importer (import/importer.ts) writes it. Everything here is as the
 * old blog had it, nothing of this blog's yet: slugs decoded once but not normalised, content still the platform's
 * HTML (shortcodes, block comments), addresses absolute on the old site.
 */

export type ImportPlatform = 'wordpress' | 'blogger' | 'ghost';

export type ImportStatus = 'published' | 'draft' | 'scheduled';

export interface ImportCategory {
  /** The platform's own slug, decoded once (WordPress stores «%d8%aa%d9%82%d9%86%d9%8a%d8%a9» for «تقنية»). */
  slug: string;
  name: string;
  description: string | null;
  /** The parent's slug, when the platform nests categories (WordPress). */
  parentSlug: string | null;
}

export interface ImportTag {
  slug: string;
  name: string;
}

export interface ImportComment {
  /** Unique within its entry. */
  sourceId: string;
  /** The comment it answers, any depth (the importer keeps one level of replies). */
  parentSourceId: string | null;
  authorName: string;
  authorEmail: string | null;
  authorUrl: string | null;
  /** As the platform stored it: may hold HTML (the importer keeps its text). */
  content: string;
  date: Date;
  status: 'approved' | 'pending' | 'spam';
  /** Written by the blog's own author (WordPress user_id of the author, Blogger's author link). */
  byAuthor: boolean;
}

/** A post or a page of the old blog. */
export interface ImportEntry {
  kind: 'post' | 'page';
  /** The platform's id of the entry (WordPress post_id, Blogger's post id, Ghost's id): the import's idempotency key. */
  sourceId: string;
  title: string;
  /** Decoded once; null when the platform had none (a WordPress draft). */
  slug: string | null;
  /** The platform's HTML, untouched (WordPress: wpautop not yet applied, shortcodes and block comments in). */
  content: string;
  excerpt: string | null;
  status: ImportStatus;
  /** Publication date (for a scheduled entry, when it is due); null for a draft that never had one. */
  publishedAt: Date | null;
  modifiedAt: Date | null;
  /** Category slugs, in the file's order. */
  categories: string[];
  /** Tag names, in the file's order. */
  tags: string[];
  /** Absolute URL of the featured image, or null. */
  featuredImage: string | null;
  comments: ImportComment[];
  /** The entry's address on the old blog (WordPress <link>, Blogger's alternate link, Ghost's url), absolute, or null. */
  link: string | null;
  /** SEO fields when the platform has them (Ghost meta_title / meta_description). */
  metaTitle: string | null;
  metaDescription: string | null;
}

/** An attachment page of the old blog (WordPress): its address, the file, and the entry it belongs to. */
export interface ImportAttachment {
  sourceId: string;
  link: string | null;
  fileUrl: string;
  parentSourceId: string | null;
}

/** The author's profile where the export has one (Ghost's users; WordPress's wp:author display name). */
export interface ImportAuthor {
  name: string | null;
  bio: string | null;
  avatarUrl: string | null;
}

/**
 * An export opened and checked: its site, its terms, and its entries read again from the file each time they are
 * asked for (a 100 MB WXR is never held in memory: `total` comes from a first pass over the file).
 */
export interface OpenedImport {
  platform: ImportPlatform;
  /** The old blog's address (origin and any subfolder, no trailing slash), e.g. https://old.example. */
  siteUrl: string | null;
  siteTitle: string | null;
  author: ImportAuthor | null;
  categories: ImportCategory[];
  tags: ImportTag[];
  attachments: ImportAttachment[];
  /** How many entries `entries()` yields. */
  total: number;
  entries(): AsyncIterable<ImportEntry>;
}

/** A file that is not the export it claims to be, or not an export at all: refused before anything is written. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}
