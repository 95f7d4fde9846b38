import { EventEmitter } from 'node:events';

/**
 * Fired after every successful change to what readers can see (a successful POST/PUT/DELETE under /api that
 * is not marked LeavesContentUnchanged), so caches of rendered public pages are dropped exactly when the author
 * changes something. With several instances on PostgreSQL, database/content-change-bridge.ts relays the event
 * between them.
 */
const emitter = new EventEmitter();
const CHANGED = 'changed';

export type ContentChangeOrigin = 'local' | 'remote';

export function notifyContentChanged(origin: ContentChangeOrigin = 'local'): void {
  emitter.emit(CHANGED, origin);
}

export function onContentChanged(listener: (origin: ContentChangeOrigin) => void): () => void {
  emitter.on(CHANGED, listener);
  return () => emitter.off(CHANGED, listener);
}
