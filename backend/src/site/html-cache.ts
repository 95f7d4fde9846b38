/**
 * Rendered public pages (and feeds) keyed by URL, kept until the author changes content. The rendered HTML is the
 * same for every visitor (theme and signed-in state are applied in the browser), so one entry serves everyone.
 * A small LRU bound keeps unknown URLs (404s, probes) from growing memory without limit.
 */
export interface CachedPage {
  status: number;
  body: string;
  contentType: string;
}

export class HtmlCache {
  private readonly entries = new Map<string, CachedPage>();
  private generation = 0;

  constructor(private readonly maxEntries = 500) {}

  get(key: string): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Move to the end: most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Stores a page rendered during `generation`; a render that raced with a content change is dropped. */
  set(key: string, page: CachedPage, generation: number): void {
    if (generation !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, page);
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
