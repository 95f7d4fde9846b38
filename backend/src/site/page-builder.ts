import { Inject, Injectable } from '@nestjs/common';
import { BLOG_NAME, BLOG_TAGLINE } from '@mudawwana/rules';
import { DataSource } from 'typeorm';
import { ConcurrencyLimit } from '../common/concurrency-limit';
import { ChangeClock } from './change-clock';
import { buildRss, buildSitemapFile, SITEMAP_PATH, type SitemapEntry } from './feeds';
import { PageTemplate } from './page-template';
import { RenderOrigins } from './render-origins';
import { OffThreadReads } from '../database/off-thread-reads';
import { loadFeedPosts, loadSitemapEntries, type Loaded } from './site-data';
import { SSR_MODULE, type SsrModule } from './ssr-module';

const HTML = 'text/html; charset=utf-8';
/** The store key of the site-wide footer fragment (composed into every page when served). */
export const FOOTER_KEY = 'fragment:footer';

/** A page as built: its plain body, and what the store keeps of it. */
export interface Built {
  key: string;
  status: number;
  contentType: string;
  location: string | null;
  body: string;
  tags: string[];
  cacheable: boolean;
}

/** Renders the stored pages: the HTML pages (through the server renderer), the feed, the sitemap and the footer. */
@Injectable()
export class PageBuilder {
  /**
   * The sitemap's files are built one at a time: each reads every public post (tens of MB of the heap at 100,000
   * posts while its XML is written), and a change makes the index and all its files stale at once, so the sweep
   * rebuilt them side by side: at 100,000 posts the server ran out of its 160 MB heap in the bench's window of the
   * edit and the sitemap (issue 23).
   */
  private readonly sitemapBuilds = new ConcurrencyLimit(1, Number.POSITIVE_INFINITY, () => new Error('no sitemap build is refused'));
  /**
   * The sitemap's entries as last read, with the change clock's mark from before the read: the files built one after
   * another share one read while no change came between (see sitemapEntries).
   */
  private lastSitemapRead?: { mark: number; entries: Promise<Loaded<SitemapEntry[]>> };

  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: OffThreadReads,
    @Inject(SSR_MODULE) private readonly ssr: SsrModule,
    private readonly template: PageTemplate,
    private readonly origins: RenderOrigins,
    private readonly clock: ChangeClock,
  ) {}

  /** Renders one page (or feed, or fragment) as it would be stored, without storing it. */
  async build(key: string): Promise<Built> {
    const options = this.origins.current();
    const { publicUrl } = options;
    const base = { key, location: null, status: 200 };
    if (key === FOOTER_KEY) {
      const fragment = await this.ssr.renderFragment('footer', options);
      const body = JSON.stringify({ html: fragment.html, styles: fragment.styles, state: fragment.state });
      return { ...base, contentType: 'application/json', body, tags: fragment.tags, cacheable: fragment.cacheable };
    }
    if (key === '/rss.xml') {
      const feed = await loadFeedPosts(this.dataSource);
      const body = buildRss({ publicUrl, title: BLOG_NAME, description: BLOG_TAGLINE, posts: feed.value });
      return { ...base, contentType: 'application/rss+xml; charset=utf-8', body, tags: feed.tags, cacheable: true };
    }
    if (SITEMAP_PATH.test(key)) return this.sitemapBuilds.run(() => this.sitemapFile(key, publicUrl));
    const result = await this.ssr.render(key, { ...options, siteFragments: true });
    if (result.redirect)
      return { ...base, status: 302, location: result.redirect, contentType: HTML, body: '', tags: [], cacheable: false };
    const body = this.template.fill(result, true);
    return { ...base, status: result.status, contentType: HTML, body, tags: result.tags, cacheable: result.cacheable };
  }

  private async sitemapFile(key: string, publicUrl: string): Promise<Built> {
    let entries: Loaded<SitemapEntry[]>;
    let body: string | null;
    try {
      entries = await this.sitemapEntries();
      body = await buildSitemapFile(publicUrl, entries.value, key);
    } finally {
      // Kept only for a file already waiting its turn, whether this one was built or failed: 100,000 posts' entries
      // are tens of MB of the heap.
      if (this.sitemapBuilds.queued === 0) this.lastSitemapRead = undefined;
    }
    return {
      key,
      location: null,
      status: body === null ? 404 : 200,
      contentType: 'application/xml; charset=utf-8',
      body: body ?? '',
      tags: entries.tags,
      cacheable: true,
    };
  }

  /**
   * Every public URL of the blog for the sitemap. A change makes the index and all its parts stale at once, and each
   * read every public post again (at 100,000 posts three reads of 100,000 rows, and the garbage they leave, for one
   * change): the files built one after another share one read as long as the change clock has not moved since it
   * began. A file built after a change reads again, so none is built from what the change replaced.
   */
  private sitemapEntries(): Promise<Loaded<SitemapEntry[]>> {
    const mark = this.clock.mark();
    if (this.lastSitemapRead?.mark !== mark) {
      const entries = loadSitemapEntries(this.dataSource, this.reads);
      this.lastSitemapRead = { mark, entries };
      // a failed read is not shared: the next file tries again
      entries.catch(() => {
        if (this.lastSitemapRead?.entries === entries) this.lastSitemapRead = undefined;
      });
    }
    return this.lastSitemapRead.entries;
  }
}
