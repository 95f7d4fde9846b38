/**
 * The pages of the page store this process served lately, ready to send: bytes, ETag, and a gzip copy made on the
 * first request that accepts it. A hit is a Map lookup. Bounded by bytes (least recently used out first), and
 * emptied of exactly the pages a change touches (by their content tags).
 */
import { gzipSync } from 'node:zlib';
import { ContentTag } from '../common/content-tags';

export interface ServedPage {
  status: number;
  contentType: string;
  location: string | null;
  buffer: Buffer;
  etag: string;
  /** Made once, on the first request that accepts gzip. */
  gzip?: Buffer;
}

interface Entry {
  page: ServedPage;
  tags: readonly string[];
  /** What the page was composed with (the site-wide fragments' ETags): a new fragment means composing again. */
  composedWith: string;
}

export function gzipOf(page: ServedPage): Buffer {
  page.gzip ??= gzipSync(page.buffer, { level: 6 });
  return page.gzip;
}

export class MemoryPages {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string, composedWith: string): ServedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.composedWith !== composedWith) return undefined;
    // Move to the end: most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  set(key: string, page: ServedPage, tags: readonly string[], composedWith: string): void {
    this.delete(key);
    this.entries.set(key, { page, tags, composedWith });
    this.bytes += page.buffer.length * 2; // room for its gzip copy too
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Forgets the pages showing any of `tags` (every page for "*", or a page tagged "*"). */
  dropTagged(tags: readonly string[]): void {
    const touched = new Set(tags);
    for (const [key, entry] of this.entries) {
      if (touched.has(ContentTag.all) || entry.tags.some((tag) => tag === ContentTag.all || touched.has(tag))) this.delete(key);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.page.buffer.length * 2;
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
