import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  BLOG_NAME,
  HOME_SHARE_IMAGE,
  pageShareImage,
  postShareImage,
  shareImageVersion,
  type ShareImageShows,
  type ShareImageSubject,
} from '@mudawwana/rules';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../common/domain-events';
import { Page } from '../pages/page.entity';
import { Post } from '../posts/post.entity';
import { publicNow } from '../posts/reader-visible';
import { SettingsService } from '../settings/settings.service';
import { RenderQueue } from '../site/render-queue';
import { RenderUnavailable } from '../site/render-unavailable';
import { isUploadKey, readUpload, UPLOAD_STORAGE, type UploadStorage } from '../upload/storage';
import { renderShareCard } from './share-card';
import { ShareImageStore, type StoredShareImage } from './share-image-store';

/** At most this many images wait to be drawn; past that a request is answered 503 (a flood cannot grow the queue). */
const MAX_WAITING = 16;
/** How long to come back after when the cover's storage cannot be read. */
const STORAGE_RETRY_SECONDS = 30;

/** A subject found: its row's key in the store, and what its image shows. */
export interface FoundSubject {
  key: string;
  shows: ShareImageShows;
}

/** The byline drawn under the title: author and date (as the pages write it), either alone, or none. */
export function bylineOf(shows: ShareImageShows): string | null {
  const parts = [shows.author, shows.date].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * Share images (docs/decisions/027-share-images.md), drawn when asked for and kept in the store under the version of
 * what they show: a change of the title, the cover, the author's name or the date changes the version, so the next
 * request draws the image again (and the page, rebuilt by the same change, names the new version). One image is drawn
 * at a time (the render queue, shared by requests for the same image), at most MAX_WAITING wait.
 */
@Injectable()
export class ShareImages implements OnModuleInit, OnModuleDestroy {
  private readonly store: ShareImageStore;
  private readonly queue = new RenderQueue(1, MAX_WAITING);
  private stops: (() => void)[] = [];

  constructor(
    private readonly dataSource: DataSource,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
    private readonly domainEvents: DomainEvents,
    private readonly settings: SettingsService,
  ) {
    this.store = new ShareImageStore(dataSource);
  }

  onModuleInit(): void {
    // The image of a post or page that is gone is never asked for again under its key: not kept either.
    this.stops = [
      this.domainEvents.on('post.deleted', ({ post }) => this.store.delete(`post:${post.id}`)),
      this.domainEvents.on('page.deleted', ({ page }) => this.store.delete(`page:${page.id}`)),
    ];
  }

  onModuleDestroy(): void {
    for (const stop of this.stops) stop();
    void this.queue.stop();
  }

  /** What the subject's image shows, or undefined when readers have no such post or page (a draft has none). */
  async find(subject: ShareImageSubject): Promise<FoundSubject | undefined> {
    if (subject.kind === 'home') return { key: 'home', shows: HOME_SHARE_IMAGE };
    if (subject.kind === 'page') {
      const page = await this.dataSource.getRepository(Page).findOne({ select: { id: true, title: true }, where: { slug: subject.slug } });
      return page ? { key: `page:${page.id}`, shows: pageShareImage(page) } : undefined;
    }
    const post = await this.dataSource.getRepository(Post).findOne({
      select: { id: true, title: true, featuredImage: true, createdAt: true, author: { id: true, name: true } },
      relations: { author: true },
      where: { ...publicNow(), slug: subject.slug },
    });
    if (!post) return undefined;
    const display = await this.settings.getDateDisplay();
    const shows = postShareImage({ ...post, authorName: post.author?.name ?? null, createdAt: post.createdAt.toISOString() }, display);
    return { key: `post:${post.id}`, shows };
  }

  /** The subject's image at its current version: the stored one, or drawn now (and stored). */
  async image(found: FoundSubject): Promise<StoredShareImage> {
    const version = shareImageVersion(found.shows);
    const stored = await this.store.get(found.key);
    if (stored?.version === version) return stored;
    return this.queue.run(`${found.key}@${version}`, 'reader', async () => {
      const png = await renderShareCard({
        title: found.shows.title,
        blogName: BLOG_NAME,
        byline: bylineOf(found.shows),
        cover: await this.coverOf(found.shows.cover),
      });
      const image = { version, png };
      await this.store.put(found.key, image);
      return image;
    });
  }

  /**
   * The cover's bytes: an upload of this blog (`/uploads/<key>`), read from its storage. An address elsewhere is
   * not fetched (the server asks no other host for anything), and an upload that is gone leaves the card without it.
   */
  private async coverOf(cover: string | null): Promise<Buffer | null> {
    const key = cover?.startsWith('/uploads/') ? cover.slice('/uploads/'.length) : undefined;
    if (!key || !isUploadKey(key)) return null;
    try {
      return (await readUpload(this.storage, key)) ?? null;
    } catch {
      // Drawn without it, the image would be kept under the version that names the cover: better none for now.
      throw new RenderUnavailable('the cover cannot be read from the upload storage', STORAGE_RETRY_SECONDS);
    }
  }
}
