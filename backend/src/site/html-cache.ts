/**
 * Rendered public pages (and feeds) keyed by URL, kept until the author changes content. The rendered HTML is the
 * same for every visitor (theme and signed-in state are applied in the browser), so one entry serves everyone.
 * A small LRU bound keeps unknown URLs (404s, probes) from growing memory without limit.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export interface CachedPage {
  status: number;
  body: string;
  contentType: string;
  /** Location of a redirect (status 302). */
  location?: string;
}

/** A page ready to send as is: bytes, gzip bytes and ETag computed once, when it is stored. */
export interface PreparedPage extends CachedPage {
  buffer: Buffer;
  gzip: Buffer;
  etag: string;
}

export function preparePage(page: CachedPage): PreparedPage {
  const buffer = Buffer.from(page.body, 'utf8');
  const etag = `"${createHash('sha1').update(buffer).digest('base64url')}"`;
  return { ...page, buffer, gzip: gzipSync(buffer, { level: 6 }), etag };
}

export class HtmlCache {
  private readonly entries = new Map<string, PreparedPage>();
  private generation = 0;

  constructor(private readonly maxEntries = 500) {}

  get(key: string): PreparedPage | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Move to the end: most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Stores a page rendered during `generation`; a render that raced with a content change is dropped. */
  set(key: string, page: CachedPage | PreparedPage, generation: number): void {
    if (generation !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, 'buffer' in page ? page : preparePage(page));
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** The current content generation; pass it back to set() after rendering. */
  get currentGeneration(): number {
    return this.generation;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
