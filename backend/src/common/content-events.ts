import { EventEmitter } from 'node:events';
import { ContentTag } from './content-tags';

/**
 * Fired after every successful change to what readers can see (a successful POST/PUT/DELETE under /api that
 * is not marked LeavesContentUnchanged), with what the change touched (content-tags), so the page store marks
 * exactly the pages showing it as stale. With several instances on PostgreSQL, database/content-change-bridge.ts
 * relays the event between them.
 */
const emitter = new EventEmitter();
const CHANGED = 'changed';

export type ContentChangeOrigin = 'local' | 'remote';
export type ContentChangeListener = (origin: ContentChangeOrigin, tags: readonly string[]) => void;

export function notifyContentChanged(origin: ContentChangeOrigin = 'local', tags: readonly string[] = [ContentTag.all]): void {
  emitter.emit(CHANGED, origin, tags.length > 0 ? tags : [ContentTag.all]);
}

export function onContentChanged(listener: ContentChangeListener): () => void {
  emitter.on(CHANGED, listener);
  return () => emitter.off(CHANGED, listener);
}
