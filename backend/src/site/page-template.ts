import { emptyTemplate } from '@mudawwana/rules';

/**
 * The built index.html. The render worker fills it with each render's parts (@mudawwana/rules' fillTemplate, the
 * template given when the worker starts); the serving thread sends it without a render.
 */
export class PageTemplate {
  /** The page the browser renders on its own: an empty #root (so the client renders instead of hydrating). */
  readonly browserOnly: string;

  constructor(readonly html: string) {
    this.browserOnly = emptyTemplate(html);
  }
}
