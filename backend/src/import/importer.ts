import {
  COMMENT_LIMITS,
  generateExcerpt,
  pageSlugify,
  readingTime,
  RESERVED_PAGE_SLUGS,
  redirectFromProblem,
  redirectKey,
  redirectTarget,
  slugify,
  tagSlug,
} from '@mudawwana/rules';
import { isEmail } from 'class-validator';
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DataSource, EntityManager, In } from 'typeorm';
import { Category } from '../categories/category.entity';
import { Comment } from '../comments/comment.entity';
import { recountComments } from '../comments/comments.repository';
import type { OutboundRequests } from '../common/outbound-requests';
import { sanitizeContent } from '../common/sanitize-html';
import { uniqueSlug } from '../common/unique-slug';
import { raiseContentVersion } from '../database/content-version';
import { Page } from '../pages/page.entity';
import { commentsClosingToCome } from '../posts/comment-policy';
import { Post } from '../posts/post.entity';
import { RESERVED_SLUGS } from '../posts/posts.service';
import { indexPosts } from '../search/post-indexes';
import { Redirect } from '../redirects/redirect.entity';
import { User } from '../users/user.entity';
import { commentText } from './comment-text';
import { contentImageUrls, nativeHtml, replaceImageUrls } from './content';
import { ImportedItem, ImportedKind } from './imported-item.entity';
import { ImportFileError, type ImportEntry, type OpenedImport } from './import-model';
import { emptyReport, note, type ImportCounts, type ImportReport } from './import-report';
import { ImageFetcher } from './image-fetcher';
import { categoryAddresses, entryAddresses, feedAddresses, tagAddresses } from './old-addresses';

/** Stores an image's bytes as an upload with its variants, answering its URL (UploadService.storeImage). */
export interface ImageStore {
  storeImage(bytes: Buffer): Promise<string>;
}

export interface ImportProgress {
  processed: number;
  total: number;
  /** The title of the entry being imported. */
  current: string | null;
}

export interface ImportOptions {
  dryRun: boolean;
  /** The guard every image fetch goes through (the server's, or the command line's from the same setting). */
  outbound: OutboundRequests;
  /** Awaited between entries (a job writes its progress). */
  onProgress?: (progress: ImportProgress) => Promise<void> | void;
  /** Aborted: the import ends after the entry it is on (the server is stopping). */
  signal?: AbortSignal;
}

/** What this blog keeps of a post (the API's and the backup's limits: an imported post must restore). */
const POST_LIMITS = { excerpt: 1000, tag: 60, tags: 30 };
const FEATURED_IMAGE = /^(https?:\/\/|\/uploads\/)/i;
/** Images of one entry fetched at once. */
const PARALLEL_FETCHES = 4;

/** An entry's address here. */
function newPath(kind: 'post' | 'page', slug: string): string {
  return kind === 'post' ? `/post/${encodeURIComponent(slug)}` : `/${encodeURIComponent(slug)}`;
}

/**
 * Writes an opened export into this blog (docs/decisions/026-import.md): categories, then each post or page with its
 * images, comments and old addresses, each entry in a transaction of its own (an import stopped midway leaves whole
 * entries, and the next run goes on from there). Idempotent by the old blog's ids (imported_items). Written behind
 * the app's back like a seed, whether it runs in the server or from the command line: the content version it raises
 * makes every instance serve the new posts within seconds.
 */
export class Importer {
  private readonly source: string;
  private readonly report: ImportReport;
  private readonly categories = new Map<string, { id: number; slug: string }>();
  private readonly categoryParents = new Map<string, string | null>();
  private readonly images = new Map<string, string | null>();
  private readonly attachmentUrls: Map<string, string>;
  /** The images attached to each entry (a `[gallery]` without ids shows them). */
  private readonly attachedImages = new Map<string, string[]>();
  private readonly fetcher: ImageFetcher;
  /** Where each published entry lives here, by its old id: its attachments' pages redirect there. */
  private readonly newPaths = new Map<string, string>();
  private authorId = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly imageStore: ImageStore,
    private readonly opened: OpenedImport,
    private readonly options: ImportOptions,
  ) {
    this.source = `${opened.platform}:${opened.siteUrl ?? opened.siteTitle ?? 'unknown'}`.slice(0, 300);
    this.report = emptyReport(opened.platform, opened.siteUrl, options.dryRun);
    this.fetcher = new ImageFetcher(options.outbound);
    this.attachmentUrls = new Map(opened.attachments.map((attachment) => [attachment.sourceId, attachment.fileUrl]));
    for (const { parentSourceId, fileUrl } of opened.attachments) {
      if (parentSourceId) this.attachedImages.set(parentSourceId, [...(this.attachedImages.get(parentSourceId) ?? []), fileUrl]);
    }
  }

  async run(): Promise<ImportReport> {
    const started = Date.now();
    const author = await this.dataSource.getRepository(User).findOne({ where: {}, order: { id: 'ASC' } });
    if (!author) throw new ImportFileError('The blog has no author yet: finish its setup, then import');
    this.authorId = author.id;
    let processed = 0;
    try {
      await this.importProfile(author);
      await this.importCategories();
      await this.writeRedirects(this.termRedirects());
      for await (const entry of this.opened.entries()) {
        if (this.options.signal?.aborted) break;
        await this.options.onProgress?.({ processed, total: this.opened.total, current: entry.title });
        await this.importEntry(entry);
        processed += 1;
        await nextTurn();
      }
      await this.writeRedirects(this.attachmentRedirects());
    } finally {
      // What was written shows, even when an entry failed the import.
      await this.announce();
    }
    await this.options.onProgress?.({ processed, total: this.opened.total, current: null });
    this.report.seconds = Math.round((Date.now() - started) / 100) / 10;
    return this.report;
  }

  /**
   * A running blog (this instance and the others) serves no page rendered before the import, once it ends: each raise
   * makes every page be built again, so it is raised once, not as entries come.
   */
  private async announce(): Promise<void> {
    if (!this.options.dryRun) await raiseContentVersion(this.dataSource);
  }

  /**
   * The old blog's author profile (Ghost's user, WordPress's display name) where this blog's author has none yet:
   * a bio and an avatar (stored here) the author left empty; what the author wrote is never replaced.
   */
  private async importProfile(author: User): Promise<void> {
    const profile = this.opened.author;
    if (!profile || this.options.dryRun) return;
    const changes: Partial<Pick<User, 'bio' | 'avatarUrl'>> = {};
    if (!author.bio && profile.bio?.trim()) changes.bio = profile.bio.trim();
    if (!author.avatarUrl && profile.avatarUrl) {
      const avatar = await this.localImage(profile.avatarUrl, null);
      if (avatar?.startsWith('/uploads/')) changes.avatarUrl = avatar;
    }
    if (Object.keys(changes).length > 0) await this.dataSource.getRepository(User).update({ id: author.id }, changes);
  }

  /**
   * Every category of the file, flat (this blog's categories do not nest): one of the same slug or name here is
   * reused, the others are created.
   */
  private async importCategories(): Promise<void> {
    const repository = this.dataSource.getRepository(Category);
    for (const category of this.opened.categories) {
      this.categoryParents.set(category.slug, category.parentSlug);
      const slug = slugify(category.slug || category.name);
      const name = category.name.trim().slice(0, 100) || slug;
      const found = await repository.findOne({ where: [{ slug }, { name }] });
      if (found) {
        this.categories.set(category.slug, { id: found.id, slug: found.slug });
        continue;
      }
      this.report.categories += 1;
      if (this.options.dryRun) continue;
      const saved = await repository.save(repository.create({ name, slug }));
      this.categories.set(category.slug, { id: saved.id, slug: saved.slug });
    }
  }

  /** The old addresses of categories, tags and feeds. */
  private termRedirects(): [string, string][] {
    const { platform, siteUrl } = this.opened;
    const pairs: [string, string][] = feedAddresses(platform, siteUrl).map((from) => [from, '/rss.xml']);
    for (const category of this.opened.categories) {
      const here = this.categories.get(category.slug);
      if (!here) continue;
      const to = `/category/${encodeURIComponent(here.slug)}`;
      for (const from of categoryAddresses(platform, siteUrl, this.categoryPath(category.slug))) pairs.push([from, to]);
    }
    for (const tag of this.opened.tags) {
      const slug = tagSlug(tag.name);
      if (!slug) continue;
      for (const from of tagAddresses(platform, siteUrl, tag.slug, tag.name)) pairs.push([from, `/tag/${encodeURIComponent(slug)}`]);
    }
    return pairs;
  }

  /** The pages of attachments (WordPress: an image's own page): to the entry they belong to. */
  private attachmentRedirects(): [string, string][] {
    return this.opened.attachments.flatMap((attachment): [string, string][] => {
      const to = attachment.parentSourceId ? this.newPaths.get(attachment.parentSourceId) : undefined;
      return attachment.link && to ? [[attachment.link, to]] : [];
    });
  }

  /** A category's slugs from its top ancestor down (WordPress's `/category/parent/child/`). */
  private categoryPath(slug: string): string[] {
    const path = [slug];
    for (
      let parent = this.categoryParents.get(slug) ?? null;
      parent && !path.includes(parent);
      parent = this.categoryParents.get(parent) ?? null
    ) {
      path.unshift(parent);
    }
    return path;
  }

  private async importEntry(entry: ImportEntry): Promise<void> {
    const counts: ImportCounts = entry.kind === 'post' ? this.report.posts : this.report.pages;
    if (entry.kind === 'page' && entry.status !== 'published') {
      note(this.report, 'skipped', { title: entry.title, reason: 'a page that was not published (pages here have no drafts)' });
      return;
    }
    const digest = createHash('sha256').update(JSON.stringify(entry)).digest('hex');
    const known = await this.known(entry.kind, entry.sourceId);
    const existing = known ? await this.existingRow(entry.kind, Number(known.target)) : null;
    if (known && existing && known.digest === digest) {
      if (entry.status !== 'draft') this.newPaths.set(entry.sourceId, newPath(entry.kind, existing.slug));
      counts.unchanged += 1;
      return;
    }
    if (this.options.dryRun) {
      if (existing) counts.updated += 1;
      else counts.imported += 1;
      this.report.comments += entry.comments.filter((comment) => comment.status !== 'spam').length;
      return;
    }
    const content = await this.localContent(entry);
    const featured = entry.featuredImage ? await this.localImage(entry.featuredImage, entry.link) : null;
    // A post's featured image is an upload here or an http(s) address (what the API and a backup accept).
    const featuredImage = featured && FEATURED_IMAGE.test(featured) && featured.length <= 1000 ? featured : null;
    await this.dataSource.transaction(async (manager) => {
      const written =
        entry.kind === 'post'
          ? await this.writePost(manager, entry, content, featuredImage, existing as Post | null)
          : await this.writePage(manager, entry, content, existing as Page | null);
      // Search and the tag pages read their indexes, written with the post as every save does.
      if (written instanceof Post) await indexPosts(manager, [written]);
      await this.remember(manager, entry.kind, entry.sourceId, String(written.id), digest);
      if (entry.kind === 'post') await this.writeComments(manager, entry, written.id);
      if (entry.status !== 'draft') {
        const to = newPath(entry.kind, written.slug);
        this.newPaths.set(entry.sourceId, to);
        const category = entry.categories.length > 0 ? this.primaryCategory(entry.categories) : null;
        const pairs = entryAddresses(this.opened.platform, this.opened.siteUrl, entry, category).map((from): [string, string] => [
          from,
          to,
        ]);
        await this.writeRedirects(pairs, manager);
      }
    });
    if (existing) counts.updated += 1;
    else counts.imported += 1;
  }

  private async known(kind: ImportedKind, sourceId: string): Promise<ImportedItem | null> {
    return this.dataSource.getRepository(ImportedItem).findOneBy({ source: this.source, kind, sourceId });
  }

  private async existingRow(kind: 'post' | 'page', id: number): Promise<Post | Page | null> {
    return kind === 'post' ? this.dataSource.getRepository(Post).findOneBy({ id }) : this.dataSource.getRepository(Page).findOneBy({ id });
  }

  private async remember(
    manager: EntityManager,
    kind: ImportedKind,
    sourceId: string,
    target: string,
    digest: string | null,
  ): Promise<void> {
    const repository = manager.getRepository(ImportedItem);
    const found = await repository.findOneBy({ source: this.source, kind, sourceId });
    if (found) await repository.update({ id: found.id }, { target, digest });
    else await repository.insert({ source: this.source, kind, sourceId, target, digest });
  }

  /** The entry's HTML as the editor makes it, its images stored here where the old site still serves them. */
  private async localContent(entry: ImportEntry): Promise<string> {
    const native = nativeHtml(this.opened.platform, entry.content, {
      attachmentUrl: (id) => this.attachmentUrls.get(id),
      attachedImageUrls: this.attachedImages.get(entry.sourceId),
    });
    const urls = contentImageUrls(native);
    const local = new Map<string, string>();
    for (let index = 0; index < urls.length; index += PARALLEL_FETCHES) {
      await Promise.all(
        urls.slice(index, index + PARALLEL_FETCHES).map(async (url) => {
          const stored = await this.localImage(url, entry.link);
          if (stored && stored !== url) local.set(url, stored);
        }),
      );
    }
    return sanitizeContent(local.size > 0 ? replaceImageUrls(native, local) : native);
  }

  /**
   * An image of the old blog stored here (once per import, and once for good: a second run finds it in
   * imported_items); its absolute old address when it cannot be fetched or is no image, with a note in the report.
   */
  private async localImage(address: string, base: string | null): Promise<string | null> {
    let absolute: string;
    try {
      absolute = new URL(address, base ?? this.opened.siteUrl ?? undefined).toString();
    } catch {
      return address;
    }
    if (!/^https?:/i.test(absolute)) return address;
    const done = this.images.get(absolute);
    if (done !== undefined) return done ?? absolute;
    const imageId = createHash('sha256').update(absolute).digest('hex');
    const known = await this.known('image', imageId);
    if (known) {
      this.images.set(absolute, known.target);
      return known.target;
    }
    const fetched = await this.fetcher.fetch(absolute);
    let stored: string | null = null;
    if ('bytes' in fetched) {
      stored = await this.imageStore.storeImage(fetched.bytes).catch((error: Error) => {
        note(this.report, 'imagesKeptRemote', { title: absolute, reason: `not stored: ${error.message}` });
        return null;
      });
    } else note(this.report, 'imagesKeptRemote', { title: absolute, reason: fetched.reason });
    this.images.set(absolute, stored);
    if (!stored) return absolute;
    this.report.imagesFetched += 1;
    await this.dataSource.transaction((manager) => this.remember(manager, 'image', imageId, stored, null));
    return stored;
  }

  /** The category a post files under here: the most specific of its categories (a child rather than its parent). */
  private primaryCategory(slugs: string[]): string {
    const ancestors = new Set(slugs.flatMap((slug) => this.categoryPath(slug).slice(0, -1)));
    return slugs.find((slug) => !ancestors.has(slug)) ?? slugs[0];
  }

  private async writePost(
    manager: EntityManager,
    entry: ImportEntry,
    content: string,
    featuredImage: string | null,
    existing: Post | null,
  ): Promise<Post> {
    const repository = manager.getRepository(Post);
    const primary = entry.categories.length > 0 ? this.primaryCategory(entry.categories) : null;
    const ancestors = primary ? this.categoryPath(primary) : [];
    // Other categories than the primary one and its parents become tags: this blog files a post under one category.
    const otherCategories = entry.categories
      .filter((slug) => !ancestors.includes(slug))
      .map((slug) => this.opened.categories.find((category) => category.slug === slug)?.name ?? slug);
    const now = new Date();
    const due = entry.status === 'scheduled' && entry.publishedAt !== null && entry.publishedAt > now;
    const fields = {
      title: entry.title.trim().slice(0, 300) || 'بلا عنوان',
      content,
      excerpt: (entry.excerpt?.trim() || generateExcerpt(content) || '').slice(0, POST_LIMITS.excerpt) || null,
      readTime: Math.max(1, readingTime(content)),
      featuredImage,
      categoryId: primary ? (this.categories.get(primary)?.id ?? null) : null,
      tags: [
        ...new Set([...entry.tags, ...otherCategories].map((tag) => tag.trim().slice(0, POST_LIMITS.tag).trim()).filter(Boolean)),
      ].slice(0, POST_LIMITS.tags),
      published: entry.status !== 'draft',
      publishAt: due ? entry.publishedAt : null,
      createdAt: entry.publishedAt ?? now,
      metaTitle: entry.metaTitle?.slice(0, 300) ?? null,
      metaDescription: entry.metaDescription?.slice(0, 500) ?? null,
    };
    if (existing) {
      const post = repository.merge(existing, fields);
      post.commentsCloseAt = commentsClosingToCome(post);
      post.version = existing.version + 1;
      return repository.save(post);
    }
    const slug = await uniqueSlug(
      slugify(entry.slug || entry.title),
      async (candidate) => RESERVED_SLUGS.has(candidate) || (await repository.exists({ where: { slug: candidate } })),
    );
    const post = repository.create({ ...fields, slug, authorId: this.authorId });
    post.commentsCloseAt = commentsClosingToCome(post);
    return repository.save(post);
  }

  private async writePage(manager: EntityManager, entry: ImportEntry, content: string, existing: Page | null): Promise<Page> {
    const repository = manager.getRepository(Page);
    const title = entry.title.trim().slice(0, 300) || 'بلا عنوان';
    if (existing) return repository.save(repository.merge(existing, { title, content, version: existing.version + 1 }));
    const base = pageSlugify(entry.slug || entry.title) || 'page';
    const slug = await uniqueSlug(RESERVED_PAGE_SLUGS.includes(base) ? `${base}-page` : base, (candidate) =>
      repository.exists({ where: { slug: candidate } }),
    );
    return repository.save(repository.create({ title, slug, content }));
  }

  /** The entry's comments not imported before, replies under their top comment (one level here). */
  private async writeComments(manager: EntityManager, entry: ImportEntry, postId: number): Promise<void> {
    const byId = new Map(entry.comments.map((comment) => [comment.sourceId, comment]));
    const top = (sourceId: string): string => {
      const seen = new Set<string>();
      let current = byId.get(sourceId);
      while (current?.parentSourceId && byId.has(current.parentSourceId) && !seen.has(current.sourceId)) {
        seen.add(current.sourceId);
        current = byId.get(current.parentSourceId);
      }
      return current?.sourceId ?? sourceId;
    };
    const repository = manager.getRepository(Comment);
    const written = new Map<string, number>();
    const known = await manager.getRepository(ImportedItem).findBy({
      source: this.source,
      kind: 'comment',
      sourceId: In(entry.comments.map((comment) => `${entry.sourceId}/${comment.sourceId}`)),
    });
    for (const item of known) written.set(item.sourceId.slice(entry.sourceId.length + 1), Number(item.target));
    // Top comments first, so that every reply finds its parent's row.
    const ordered = [...entry.comments].sort((a, b) => Number(top(a.sourceId) !== a.sourceId) - Number(top(b.sourceId) !== b.sourceId));
    let added = 0;
    for (const comment of ordered) {
      if (written.has(comment.sourceId)) continue;
      const text = commentText(comment.content).slice(0, COMMENT_LIMITS.contentMaxLength);
      if (text.length < COMMENT_LIMITS.contentMinLength) continue;
      const name = comment.authorName.trim().slice(0, COMMENT_LIMITS.nameMaxLength).trim();
      const email = comment.authorEmail?.trim().toLowerCase() ?? '';
      const root = top(comment.sourceId);
      const saved = await repository.save(
        repository.create({
          postId,
          parentId: root === comment.sourceId ? null : (written.get(root) ?? null),
          authorName: name.length >= COMMENT_LIMITS.nameMinLength ? name : 'قارئ',
          authorEmail: isEmail(email) && email.length <= COMMENT_LIMITS.emailMaxLength ? email : null,
          byAuthor: comment.byAuthor,
          content: text,
          status: comment.status,
          createdAt: comment.date,
        }),
      );
      written.set(comment.sourceId, saved.id);
      await this.remember(manager, 'comment', `${entry.sourceId}/${comment.sourceId}`, String(saved.id), null);
      added += 1;
    }
    this.report.comments += added;
    if (added > 0) await recountComments(manager, [postId]);
  }

  /**
   * Old addresses to their new ones: each normalised as the admin's redirects are, never one this blog answers
   * itself or one that would lead to itself, and never over a redirect already there (the author's stays).
   */
  private async writeRedirects(pairs: [string, string][], manager: EntityManager = this.dataSource.manager): Promise<void> {
    const rows = new Map<string, string>();
    for (const [from, to] of pairs) {
      const fromPath = redirectKey(from);
      const toPath = redirectTarget(to);
      if (fromPath === undefined || toPath === undefined || redirectFromProblem(fromPath) || fromPath === redirectKey(toPath)) continue;
      rows.set(fromPath, toPath);
    }
    if (rows.size === 0) return;
    const present = await manager.getRepository(Redirect).find({ select: { fromPath: true }, where: { fromPath: In([...rows.keys()]) } });
    for (const { fromPath } of present) rows.delete(fromPath);
    this.report.redirects += rows.size;
    if (rows.size === 0 || this.options.dryRun) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(Redirect)
      .values([...rows].map(([fromPath, toPath]) => ({ fromPath, toPath, status: 301 as const })))
      .orIgnore()
      .execute();
  }
}
