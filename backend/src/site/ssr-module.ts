import type { FragmentResult, RenderedPage, RenderOptions } from '@mudawwana/rules';

/** The server renderer (WorkerRenderer: the SSR bundle in a worker thread); its protocol is @mudawwana/rules'. */
export interface SsrModule {
  /** The page, filled into the template (with the footer's places when `options.siteFragments`), as UTF-8 bytes. */
  render(url: string, options: RenderOptions): Promise<RenderedPage>;
  renderFragment(name: 'footer', options: RenderOptions): Promise<FragmentResult>;
  /** Stops rendering; renders still running fail. */
  close(): Promise<void>;
}

/** The Nest token of the site's SsrModule. */
export const SSR_MODULE = Symbol('SsrModule');

/** A rendered page's bytes as a Buffer over the same memory (the worker transferred them: nothing is copied). */
export function pageBytes({ page }: RenderedPage): Buffer {
  return Buffer.from(page.buffer, page.byteOffset, page.byteLength);
}
