/**
 * The messages between the backend's main thread and the server renderer in its worker thread
 * (backend/src/site/render-worker.ts, frontend/src/render-worker.ts; docs/decisions/004-page-store.md).
 * The main thread sends jobs and answers the worker's reads with its services; the worker sends reads and results.
 */

/** An API read answered in-process: the status and JSON body the browser would get; undefined: ask over HTTP. */
export type RenderReadAnswer = { status: number; data: unknown } | undefined;

/** To the worker: render a page (or the footer fragment), or the answer to one of its reads. */
export type ToRenderWorker<Options> =
  | { type: 'render'; id: number; url: string; options: Options }
  | { type: 'fragment'; id: number; name: 'footer'; options: Options }
  | { type: 'answer'; id: number; answer?: RenderReadAnswer; error?: string };

/** From the worker: a read it needs answered, or a job done (its result or its error's text). */
export type FromRenderWorker =
  | { type: 'read'; id: number; url: string; params: Record<string, unknown> | undefined }
  | { type: 'done'; id: number; result?: unknown; error?: string };
