/**
 * A small cache of recent answers: at most `capacity` entries, each kept `ttlMs`; the oldest entry goes first when
 * full. Used for search answers per normalised query (docs/decisions/013-arabic-search-and-tags.md).
 */
export class ShortCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(
    private readonly capacity: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T, now = Date.now()): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, until: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
