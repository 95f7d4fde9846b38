import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap, UnauthorizedException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ContentEvents } from '../common/content-events';
import { DomainEventName, DomainEvents } from '../common/domain-events';
import { normalizedQueryKey, queryTerms } from '@mudawwana/rules';
import { LIST_DEFAULT_LIMIT } from '@mudawwana/rules';
import { stripHtml } from '@mudawwana/rules';
import { PostSummaryDto } from '../posts/dto/post.dto';
import { SqliteCheckpoints } from '../database/sqlite-checkpoints';
import { User } from '../users/user.entity';
import { SearchQuery, SearchResultsDto } from './dto/search.dto';
import { reindexStalePosts } from './post-indexes';
import { SearchRepository } from './search.repository';
import { ShortCache } from './short-cache';
import { formsOf, highlight, snippet } from './snippet';

/** Readers' answers are kept this long per normalised query, and dropped at once by any change of what they show. */
const CACHE_TTL_MS = 30_000;
const CACHE_ENTRIES = 500;

/**
 * What changes an answer: which posts are public and their fields (its summaries), their tags, and their category (a
 * deleted category leaves its posts without one).
 */
const CHANGES_ANSWERS: readonly DomainEventName[] = [
  'post.saved',
  'post.featured',
  'post.slugRegenerated',
  'post.deleted',
  'posts.bulkChanged',
  'posts.becamePublic',
  'tag.renamed',
  'tag.merged',
  'category.deleted',
];

@Injectable()
export class SearchService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly cache = new ShortCache<SearchResultsDto>(CACHE_ENTRIES, CACHE_TTL_MS);
  /** Aborted when the app stops: an indexing run ends after its transaction under way, before the database closes. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly search: SearchRepository,
    private readonly dataSource: DataSource,
    private readonly domainEvents: DomainEvents,
    private readonly contentEvents: ContentEvents,
    private readonly checkpoints: SqliteCheckpoints,
  ) {}

  /**
   * Drops the answers kept at each change made here, on another instance, or behind the app's back (after which it
   * also indexes the posts nobody indexed yet: seeded, restored, or indexed by older rules); at start, indexes those
   * too, in the background: a server with 100,000 posts to index answers meanwhile, and its search finds the posts
   * indexed so far (issue 23).
   */
  onApplicationBootstrap(): void {
    for (const event of CHANGES_ANSWERS) this.domainEvents.on(event, () => this.cache.clear());
    // Another instance's changes, and writes behind the app's back, arrive as content changes only.
    this.contentEvents.on((origin) => {
      if (origin === 'local') return;
      this.cache.clear();
      if (origin === 'outside') void this.indexUnindexed();
    });
    void this.indexUnindexed();
  }

  /** Lets the indexing run under way end its transaction (the next start indexes what it left), and starts none. */
  beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    return this.indexing;
  }

  /** One indexing run at a time: a write behind the app's back during one queues the next. */
  private indexing: Promise<void> = Promise.resolve();

  private indexUnindexed(): Promise<void> {
    this.indexing = this.indexing.then(() => this.indexNow());
    return this.indexing;
  }

  private async indexNow(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    const started = Date.now();
    try {
      const rebuilt = await reindexStalePosts(this.dataSource, {
        stop: this.stopping.signal,
        roomToWrite: () => this.checkpoints.roomToWrite(),
      });
      // Answers kept meanwhile missed the posts not indexed yet.
      if (rebuilt > 0) this.cache.clear();
      if (rebuilt > 0 && process.env.NODE_ENV !== 'test') {
        const took = `${rebuilt} posts in ${Date.now() - started} ms`;
        console.log(
          this.stopping.signal.aborted
            ? `mudawwana: search index: ${took} indexed before the stop (the next start indexes the rest)`
            : `mudawwana: search index rebuilt for ${took}`,
        );
      }
    } catch (error) {
      // The app closing meanwhile ends it; another start, or the next write behind the app's back, takes it up.
      if (this.dataSource.isInitialized) console.error('mudawwana: could not index posts for search', error);
    }
  }

  /**
   * Posts matching every word of the query (in any of its spellings), best first. Readers find published posts;
   * the signed-in author may ask for drafts too.
   */
  async searchPosts(query: SearchQuery, viewer: User | undefined): Promise<SearchResultsDto> {
    const includeDrafts = query.includeDrafts === true;
    if (includeDrafts && !viewer) {
      throw new UnauthorizedException({
        statusCode: 401,
        message: 'Sign in to search drafts',
        error: 'Unauthorized',
        code: 'NOT_SIGNED_IN',
      });
    }
    const limit = query.limit ?? LIST_DEFAULT_LIMIT;
    const offset = query.offset ?? 0;
    const key = `${normalizedQueryKey(query.q)}|${limit}|${offset}`;
    const cached = includeDrafts ? undefined : this.cache.get(key);
    if (cached) return cached;
    const answer = await this.run(query.q, { includeDrafts, limit, offset });
    if (!includeDrafts) this.cache.set(key, answer);
    return answer;
  }

  private async run(q: string, options: { includeDrafts: boolean; limit: number; offset: number }): Promise<SearchResultsDto> {
    const terms = queryTerms(q);
    if (terms.length === 0) return { items: [], total: 0 };
    const { ids, total } = await this.search.search(terms, options);
    const posts = new Map((await this.search.findWithContent(ids)).map((post) => [post.id, post]));
    const forms = formsOf(terms);
    const items = ids
      .map((id) => posts.get(id))
      .filter((post) => post !== undefined)
      .map((post) => ({
        ...PostSummaryDto.from(post),
        titleHtml: highlight(post.title, forms),
        snippet: snippet(stripHtml(post.content), forms),
      }));
    return { items, total };
  }
}
