import type { ApiLoader } from './api-loader';
import type { PageRead } from './page-tags';

/** What the server bundle answers for a page: its parts to fill the template with, and what it read. */
export interface RenderedPage {
  status: number;
  redirect?: string;
  head: string;
  html: string;
  state: string;
  cacheable: boolean;
  reads: PageRead[];
}
export interface RenderedFragment {
  html: string;
  styles: string;
  state: string;
  cacheable: boolean;
  reads: PageRead[];
}
export interface RenderOptions {
  apiBaseUrl: string;
  publicUrl: string;
  siteFragments?: boolean;
  apiLoader?: ApiLoader;
}
/** The server renderer (WorkerRenderer: the SSR bundle in a worker thread). */
export interface SsrModule {
  render(url: string, options: RenderOptions): Promise<RenderedPage>;
  renderFragment(name: 'footer', options: RenderOptions): Promise<RenderedFragment>;
  /** Stops rendering; renders still running fail. */
  close(): Promise<void>;
}

/** The Nest token of the site's SsrModule. */
export const SSR_MODULE = Symbol('SsrModule');
