import { Injectable } from '@nestjs/common';
import { gunzipSync } from 'node:zlib';
import { ContentTag } from './content-tags';
import { ChangeClock } from './change-clock';
import { footerPieces, type FooterPieces } from './footer-places';
import { FOOTER_KEY } from './page-builder';
import { PageRebuilds } from './page-rebuilds';
import { PageStore } from './page-store';

/** While the footer is being rebuilt after a change, the one before it is served, and the store looked at this often. */
const FOOTER_RECHECK_MS = 100;

/** The footer as served: compressed, to be put into every page. */
export interface Fragment {
  pieces: FooterPieces;
  etag: string;
  tags: readonly string[];
}

/**
 * The site-wide footer fragment, built once and composed into every page served (footer-places.ts): the current
 * one, and when a change has made it stale, the one before it until the store has the rebuilt one.
 */
@Injectable()
export class FooterFragment {
  private footer?: Fragment;
  /** A change touched the footer: it is served while rebuilt, and the store is looked at again now and then. */
  private stale = false;
  private checkedAt = 0;

  constructor(
    private readonly store: PageStore,
    private readonly rebuilds: PageRebuilds,
    private readonly clock: ChangeClock,
  ) {
    // A new footer in the store: the next request takes it from there.
    rebuilds.onStored((key) => {
      if (key === FOOTER_KEY) this.lookAgain();
    });
  }

  /**
   * The footer fragment: from memory, else the store, else built now (a page without it would be incomplete). After a
   * change that touches it, the one in memory is served until the store has the rebuilt one (pages that show a change
   * only in their footer may follow it a little later), so readers do not wait for it.
   */
  async current(): Promise<Fragment | undefined> {
    if (this.footer && (!this.stale || Date.now() - this.checkedAt < FOOTER_RECHECK_MS)) return this.footer;
    this.checkedAt = Date.now();
    const changesBefore = this.clock.mark();
    const found = await this.store.get(FOOTER_KEY);
    // A withdrawn footer (it listed a post taken away) is never served: it is rendered again, as when there is none.
    const stored = found?.build === this.rebuilds.stamp && !found.withdrawn ? found : undefined;
    if (stored?.stale && !this.clock.leftToAnotherInstance()) void this.rebuilds.rebuild(FOOTER_KEY, 'fresh').catch(() => undefined);
    if (stored && this.footer && (stored.stale || stored.etag === this.footer.etag)) {
      if (!stored.stale && this.clock.readCurrent(changesBefore)) this.stale = false;
      return this.footer;
    }
    let body: string;
    let etag: string;
    let tags: readonly string[];
    if (stored) {
      body = gunzipSync(stored.body.gzip).toString('utf8');
      etag = stored.etag;
      tags = stored.tags;
    } else {
      const rendered = found?.withdrawn
        ? await this.rebuilds.rebuildAfresh(FOOTER_KEY, 'reader')
        : await this.rebuilds.rebuild(FOOTER_KEY, 'reader');
      if (!rendered.cacheable) return undefined;
      body = gunzipSync(rendered.body.gzip).toString('utf8');
      etag = rendered.etag;
      tags = rendered.tags;
    }
    const { html, styles, state } = JSON.parse(body) as { html: string; styles: string; state: string };
    const fragment: Fragment = { pieces: await footerPieces({ html, styles, state }), etag, tags };
    const current = stored !== undefined && !stored.stale && this.clock.readCurrent(changesBefore);
    // Without one in memory, the one made here is served anyway: kept, and when it is not known to be current (stale
    // in the store, or a change meanwhile), looked at again like any stale one. Left out, every request until the
    // rebuilt one landed read, inflated and compressed the footer again (a change before any reader came: a crawl
    // of 2,000 pages compressed it 800 times, at half the speed).
    if (current || !this.footer) {
      this.footer = fragment;
      this.stale = !current;
    }
    return fragment;
  }

  /** A change touching `tags`: when the footer shows any of it, it is looked for again (and never served withdrawn). */
  changed(tags: readonly string[], withdrawn: boolean): void {
    if (!this.footer) return;
    if (!tags.includes(ContentTag.all) && !this.footer.tags.some((tag) => tag === ContentTag.all || tags.includes(tag))) return;
    this.lookAgain();
    // Something it showed is taken away: not served any more, not even while it is rebuilt.
    if (withdrawn) this.footer = undefined;
  }

  /** Forgets the footer (a write behind the app's back: it may miss it). */
  forget(): void {
    this.footer = undefined;
  }

  private lookAgain(): void {
    this.stale = true;
    this.checkedAt = 0;
  }
}
