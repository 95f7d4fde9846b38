import { Injectable } from '@nestjs/common';

/**
 * A change known no more precisely than "something": another instance lost touch, a write behind the app's back.
 * The other tags are the page store's vocabulary (site/content-tags.ts); to everything else they are opaque.
 */
export const EVERYTHING = '*';

/**
 * local: made by this instance; remote: by another instance (content-change-bridge); outside: written behind the
 * app's back (a seed, a restore, an import, a migration), seen through the content version (content-version.ts).
 */
export type ContentChangeOrigin = 'local' | 'remote' | 'outside';
/** A listener may return a promise: the change's response waits for it (the page store marks its pages stale). */
export type ContentChangeListener = (origin: ContentChangeOrigin, tags: readonly string[]) => void | Promise<unknown>;

/**
 * Fired after every change to what readers can see, with what the change touched (tags: site/content-tags.ts), so the page store
 * marks exactly the pages showing it as stale: local changes come from the domain's events (site/pages-touched.ts
 * names their pages). One per app instance: with several instances on PostgreSQL, database/content-change-bridge.ts
 * relays the changes between them (and two instances in one test process stay apart, as two servers would be).
 */
@Injectable()
export class ContentEvents {
  private readonly listeners = new Set<ContentChangeListener>();

  /** Tells every listener; resolves when they are done with it. */
  async notify(origin: ContentChangeOrigin = 'local', tags: readonly string[] = [EVERYTHING]): Promise<void> {
    const touched = tags.length > 0 ? tags : [EVERYTHING];
    await Promise.all([...this.listeners].map((listener) => listener(origin, touched)));
  }

  on(listener: ContentChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
