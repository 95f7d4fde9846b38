/// <reference types="node" />
/**
 * The API on the server (the SSR bundle only, never the browser's): every read a render makes is answered in-process
 * by the backend's loader table (backend/src/site/loaders.ts), through the render worker's messages, instead of an
 * HTTP call back into the same process. The answers go through axios as usual, so the generated functions, query keys
 * and error handling stay the ones the browser uses. There is no HTTP fallback: a read the table does not load fails
 * the render, loudly.
 *
 * Each answer carries the content tags of what it read; a render collects the tags of its own reads (renders run side
 * by side in the worker, each in its own async context) and hands their union to the page store.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RenderReadAnswer } from '@mudawwana/rules';
import { answerRequestsWith } from './http';

/** Asks the backend for one GET: its URL (as the generated client built it) and its query parameters. */
export type ServerReader = (url: string, params: Record<string, unknown> | undefined) => Promise<RenderReadAnswer>;

const renderTags = new AsyncLocalStorage<Set<string>>();

/** Sends every request of the API client to `reader` (a render reads; it never writes). */
export function readThrough(reader: ServerReader): void {
  answerRequestsWith(async ({ method, url, params }) => {
    if (method !== 'get' || !url) throw new Error(`server rendering made a ${method ?? ''} request to ${url ?? ''}: renders only read`);
    const answer = await reader(url, params);
    for (const tag of answer.tags) renderTags.getStore()?.add(tag);
    return answer;
  });
}

/** Runs one render, and gives its result with the union of the tags its reads were answered with. */
export async function collectingTags<T>(render: () => Promise<T>): Promise<{ result: T; tags: string[] }> {
  const tags = new Set<string>();
  const result = await renderTags.run(tags, render);
  return { result, tags: [...tags] };
}
