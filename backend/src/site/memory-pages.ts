/**
 * The stored pages this process has at hand, in front of the page store in the database: the same compressed
 * bodies, put together with the current footer when served (footer-places.ts), so a new footer leaves them valid.
 * A hit is a Map lookup. Bounded by bytes (least recently used out first), and emptied of exactly the pages a
 * change touches (by their content tags).
 */
import { AddressHashes } from './address-hashes';
import { ContentTag } from './content-tags';
import type { StoredPage } from './page-store';

export type KeptPage = Pick<StoredPage, 'status' | 'contentType' | 'location' | 'body' | 'etag' | 'tags'>;

const sizeOf = (page: KeptPage) => page.body.gzip.length;

/**
 * The bytes in memory of their own. A small Buffer is often a view into one of Node's shared 64 KB slabs
 * (Buffer.poolSize), and keeping the view keeps the whole slab: 10,000 pages of 11 KB held 640 MB (issue 23).
 */
function owned(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** How many pages read once from the store are remembered (by a 32-bit hash of their key) to be kept on a second read. */
const SEEN_ONCE = 8_192;

export class MemoryPages {
  private readonly entries = new Map<string, KeptPage>();
  private bytes = 0;
  /** The keys of the last SEEN_ONCE pages offered once, oldest first (a ring), and the same as a set. */
  private readonly seenRing = new Uint32Array(SEEN_ONCE);
  private readonly seen = new Set<number>();
  private seenNext = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): KeptPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    // Move to the end: most recently used.
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  /** Keeps a page, pushing out the least recently used ones beyond the bound (a page bigger than the bound is not kept). */
  set(key: string, page: KeptPage): void {
    this.delete(key);
    if (sizeOf(page) > this.maxBytes) return;
    this.entries.set(key, { ...page, body: { ...page.body, gzip: owned(page.body.gzip) } });
    this.bytes += sizeOf(page);
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /**
   * A page read from the store for a reader: kept only the second time it is offered among the last SEEN_ONCE pages.
   * A crawl asks for each page once; keeping each of them pushed out the pages readers come back to, and every page
   * it kept lived long enough to be collected only by a full garbage collection, which held the serving thread
   * 50-100 ms at a time (issue 23).
   */
  offer(key: string, page: KeptPage): void {
    const hash = AddressHashes.hash(key);
    if (this.seen.delete(hash)) return this.set(key, page);
    // The oldest is forgotten (if it came again since, it waits for one read more).
    this.seen.delete(this.seenRing[this.seenNext]);
    this.seenRing[this.seenNext] = hash;
    this.seenNext = (this.seenNext + 1) % SEEN_ONCE;
    this.seen.add(hash);
  }

  /**
   * Forgets every page offered once (none is kept on its next read): the reads of the serving path's warm-up at start
   * (serving-path-warm-up.ts) say nothing of what readers come back to.
   */
  forgetOffers(): void {
    this.seen.clear();
    this.seenRing.fill(0);
    this.seenNext = 0;
  }

  /** Whether another page of `bytes` fits without pushing one out. */
  hasRoomFor(bytes: number): boolean {
    return this.bytes + bytes <= this.maxBytes;
  }

  /** Forgets the pages showing any of `tags` (every page for "*", or a page tagged "*"). */
  dropTagged(tags: readonly string[]): void {
    const touched = new Set(tags);
    for (const [key, page] of this.entries) {
      if (touched.has(ContentTag.all) || page.tags.some((tag) => tag === ContentTag.all || touched.has(tag))) this.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  delete(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.bytes -= sizeOf(page);
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
