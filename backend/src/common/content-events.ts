import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { ContentTag } from './content-tags';

export type ContentChangeOrigin = 'local' | 'remote';
export type ContentChangeListener = (origin: ContentChangeOrigin, tags: readonly string[]) => void;

const CHANGED = 'changed';

/**
 * Fired after every successful change to what readers can see (a successful POST/PUT/DELETE under /api that
 * is not marked LeavesContentUnchanged), with what the change touched (content-tags), so the page store marks
 * exactly the pages showing it as stale. One per app instance: with several instances on PostgreSQL,
 * database/content-change-bridge.ts relays the changes between them (and two instances in one test process stay
 * apart, as two servers would be).
 */
@Injectable()
export class ContentEvents {
  private readonly emitter = new EventEmitter();

  notify(origin: ContentChangeOrigin = 'local', tags: readonly string[] = [ContentTag.all]): void {
    this.emitter.emit(CHANGED, origin, tags.length > 0 ? tags : [ContentTag.all]);
  }

  on(listener: ContentChangeListener): () => void {
    this.emitter.on(CHANGED, listener);
    return () => this.emitter.off(CHANGED, listener);
  }
}
