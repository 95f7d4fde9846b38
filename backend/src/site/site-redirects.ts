import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { hasForeignQuery, redirectCandidates, redirectKey, redirectLocation, type RedirectStatus } from '@mudawwana/rules';
import { ContentEvents } from '../common/content-events';
import { RedirectsService } from '../redirects/redirects.service';
import { AddressHashes } from './address-hashes';
import { ContentTag } from './content-tags';

/** A redirect to answer: its status and Location header. */
export interface FoundRedirect {
  status: RedirectStatus;
  location: string;
}

/**
 * What the lookups remember: the answer of every address looked up lately, a redirect or none (what scanners and
 * typos ask for again and again), up to this many characters of addresses and locations (about 1 MB at most,
 * whatever the requests). A longer address than a hundredth of it is looked up every time.
 */
const KEPT_CHARACTERS = 500_000;

/** From-paths read at a time when the hashes of the table's addresses are made. */
const HASH_BATCH = 5_000;

interface Kept {
  answer: FoundRedirect | null;
  /** Characters of the address and the location. */
  size: number;
}

/**
 * The redirect table as the site reads it (docs/decisions/025-redirects.md): a request's address normalised once
 * (@mudawwana/rules redirectKey); an address the table does not hold answered from memory by the hashes of all its
 * from-paths (4 bytes a redirect: the unknown paths and cache-busting queries of crawlers and scanners cost no read),
 * any other looked up by the table's unique index and its answer kept. Hashes and answers are forgotten at every change
 * of the table, made here or on another instance (the content-change bridge relays it, and a listener that lost its
 * connection counts as a change of everything), or behind the app's back (a restore), and read anew on the next
 * lookup; until the new hashes are in, every address is read. Nothing read while a change happened is kept, so a
 * lookup that raced with a change never brings back the table before it.
 */
@Injectable()
export class SiteRedirects implements OnModuleInit, OnModuleDestroy {
  private readonly kept = new Map<string, Kept>();
  private keptCharacters = 0;
  /** Raised at every change: a lookup begun before one does not keep its answer. */
  private changes = 0;
  /** The hashes of every from-path in the table; undefined until read after the last change. */
  private hashes?: AddressHashes;
  private readingHashes = false;
  private stopListening?: () => void;

  constructor(
    private readonly redirects: RedirectsService,
    private readonly events: ContentEvents,
  ) {}

  onModuleInit(): void {
    this.stopListening = this.events.on((origin, tags) => {
      if (origin === 'outside' || tags.includes(ContentTag.redirects) || tags.includes(ContentTag.all)) this.forget();
    });
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  /**
   * Before the page is served: the redirect of a URL whose query no page reads (`/?p=12`, WordPress's post 12): the
   * page would show the same as the URL without it. Undefined at once for any other URL (most requests, which have
   * no query: neither a lookup nor a promise).
   */
  beforePage(url: string): Promise<FoundRedirect | undefined> | undefined {
    if (!url.includes('?')) return undefined;
    const key = redirectKey(url);
    return key !== undefined && hasForeignQuery(key) ? this.first([key]) : undefined;
  }

  /** In place of a 404: the redirect of the address with its query, else without it. */
  async insteadOfNotFound(url: string): Promise<FoundRedirect | undefined> {
    const key = redirectKey(url);
    return key === undefined ? undefined : this.first(redirectCandidates(key));
  }

  /** The redirect of the first of these keys that has one (each key's answer from memory, else read and kept). */
  private async first(keys: string[]): Promise<FoundRedirect | undefined> {
    const hashes = this.currentHashes();
    const unknown = keys.filter((key) => !this.kept.has(key) && (hashes?.has(key) ?? true));
    const read = new Map<string, FoundRedirect | null>();
    if (unknown.length > 0) {
      const changesBefore = this.changes;
      const found = await this.redirects.targetsOf(unknown);
      for (const key of unknown) {
        const target = found.get(key);
        read.set(key, target ? { status: target.status, location: redirectLocation(target.toPath) } : null);
        if (this.changes === changesBefore) this.keep(key, read.get(key) ?? null);
      }
    }
    for (const key of keys) {
      const answer = read.get(key) ?? this.used(key);
      if (answer) return answer;
    }
    return undefined;
  }

  /** The hashes of the table's addresses, or undefined while they are (being) read anew. */
  private currentHashes(): AddressHashes | undefined {
    if (this.hashes === undefined && !this.readingHashes) void this.readHashes();
    return this.hashes;
  }

  private async readHashes(): Promise<void> {
    this.readingHashes = true;
    const changesBefore = this.changes;
    try {
      const hashes: number[] = [];
      for await (const fromPaths of this.redirects.fromPathBatches(HASH_BATCH)) {
        for (const fromPath of fromPaths) hashes.push(AddressHashes.hash(fromPath));
      }
      if (this.changes === changesBefore) this.hashes = AddressHashes.of(hashes);
    } catch (error) {
      console.error('mudawwana: could not read the redirect table', error);
    } finally {
      this.readingHashes = false;
    }
  }

  /** A kept answer, moved to the end (the last to be dropped). */
  private used(key: string): FoundRedirect | null | undefined {
    const kept = this.kept.get(key);
    if (kept === undefined) return undefined;
    this.kept.delete(key);
    this.kept.set(key, kept);
    return kept.answer;
  }

  private keep(key: string, answer: FoundRedirect | null): void {
    const size = key.length + (answer?.location.length ?? 0);
    if (size > KEPT_CHARACTERS / 100) return;
    this.kept.set(key, { answer, size });
    this.keptCharacters += size;
    for (const [oldest, { size: oldestSize }] of this.kept) {
      if (this.keptCharacters <= KEPT_CHARACTERS) break;
      this.kept.delete(oldest);
      this.keptCharacters -= oldestSize;
    }
  }

  private forget(): void {
    this.changes += 1;
    this.hashes = undefined;
    this.kept.clear();
    this.keptCharacters = 0;
  }
}
