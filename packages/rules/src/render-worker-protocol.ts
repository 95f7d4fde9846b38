/**
 * The server renderer's contract, in the one module both sides import: the backend's main thread
 * (backend/src/site/render-worker.ts, site-pages.ts) and the SSR bundle in its worker thread (frontend/src/render-worker.ts,
 * entry-server.tsx; docs/decisions/004-page-store.md). The main thread sends jobs and answers the worker's reads from
 * its loader table (backend/src/site/loaders.ts); the worker sends reads and results.
 */

/**
 * The API operations (OpenAPI operationIds) the public screens read while rendered on the server: the loader table's
 * keys (backend/src/site/loaders.ts), and what each public route declares it reads (routes.ts).
 */
export type RenderedOperation =
  | 'listPosts'
  | 'countPosts'
  | 'getFeaturedPost'
  | 'getPostBySlug'
  | 'listPostComments'
  | 'listCategories'
  | 'getCategoryBySlug'
  | 'getPageBySlug'
  | 'listTags'
  | 'getTag'
  | 'getSocialLinks'
  | 'getHomeLayout'
  | 'getDateDisplay'
  | 'getFediverseAccount'
  | 'registrationStatus'
  | 'searchPosts';

/** What a render is given: where the blog is published, and whether the site-wide fragments are left out. */
export interface RenderOptions {
  /** Public origin for canonical URLs, Open Graph and JSON-LD. */
  publicUrl: string;
  /** Leave the site-wide fragments (the footer) out as placeholders; see renderFragment. */
  siteFragments?: boolean;
}

/** A rendered page. */
export interface RenderResult {
  status: number;
  /** Head tags: title, meta, canonical, JSON-LD and the collected emotion styles. */
  head: string;
  /** The app's HTML for <div id="root">. */
  html: string;
  /** The dehydrated query cache as a JSON <script>. */
  state: string;
  /** Where to redirect (status 302), when the page asked for it. */
  redirect?: string;
  /** Same HTML for every visitor (public pages with their data), so it may be cached until content changes. */
  cacheable: boolean;
  /** What the page shows, as content tags: the union of the tags its reads were answered with. */
  tags: string[];
}

/** A site-wide part rendered once for every page (the footer): its HTML, its emotion styles and its dehydrated queries. */
export interface FragmentResult {
  html: string;
  styles: string;
  state: string;
  cacheable: boolean;
  /** What the fragment shows, as content tags (as for a page). */
  tags: string[];
}

/**
 * The answer to one of a render's reads: the status and JSON body the browser would get for the same GET, and the
 * content tags of what was read (a not-found answer has tags too: a stored 404 follows the slug coming back).
 */
export interface RenderReadAnswer {
  status: number;
  data: unknown;
  tags: string[];
}

/** To the worker: render a page (or the footer fragment), or the answer to one of its reads. */
export type ToRenderWorker =
  | { type: 'render'; id: number; url: string; options: RenderOptions }
  | { type: 'fragment'; id: number; name: 'footer'; options: RenderOptions }
  | { type: 'answer'; id: number; answer?: RenderReadAnswer; error?: string };

/** From the worker: a read it needs answered (a GET of the API: its URL and query), or a job done (its result or its error's text). */
export type FromRenderWorker =
  | { type: 'read'; id: number; url: string; params: Record<string, unknown> | undefined }
  | { type: 'done'; id: number; result?: RenderResult | FragmentResult; error?: string };
