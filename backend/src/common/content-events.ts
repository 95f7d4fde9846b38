import { EventEmitter } from 'node:events';

/**
 * Fired after every successful change to what readers can see (any successful POST/PUT/DELETE under /api),
 * so caches of rendered public pages can be dropped exactly when the author changes something.
 */
const emitter = new EventEmitter();
const CHANGED = 'changed';

export function notifyContentChanged(): void {
  emitter.emit(CHANGED);
}

export function onContentChanged(listener: () => void): () => void {
  emitter.on(CHANGED, listener);
  return () => emitter.off(CHANGED, listener);
}
