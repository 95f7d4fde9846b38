import type { FragmentResult, RenderOptions, RenderResult } from '@mudawwana/rules';

/** The server renderer (WorkerRenderer: the SSR bundle in a worker thread); its protocol is @mudawwana/rules'. */
export interface SsrModule {
  render(url: string, options: RenderOptions): Promise<RenderResult>;
  renderFragment(name: 'footer', options: RenderOptions): Promise<FragmentResult>;
  /** Stops rendering; renders still running fail. */
  close(): Promise<void>;
}

/** The Nest token of the site's SsrModule. */
export const SSR_MODULE = Symbol('SsrModule');
