import { FOOTER_STATE, FOOTER_STYLES } from './footer-places';
import type { RenderResult } from '@mudawwana/rules';

/**
 * The built index.html and the one way a render's parts go into it, for the stored pages (with the footer's places
 * marked, filled when served) and the pages rendered per request alike.
 */
export class PageTemplate {
  /** The page the browser renders on its own: an empty #root (so the client renders instead of hydrating). */
  readonly browserOnly: string;

  constructor(readonly html: string) {
    this.browserOnly = html.replace(/<!--app-(head|html|state)-->/g, '');
  }

  /**
   * The template with a render's head, HTML and state in their places (replaced by functions: a `$&` in a post is
   * text, not a replacement pattern); `footerPlaces` marks where the footer fragment goes (footer-places.ts).
   */
  fill(result: Pick<RenderResult, 'head' | 'html' | 'state'>, footerPlaces: boolean): string {
    return this.html
      .replace('<!--app-head-->', () => (footerPlaces ? `${result.head}\n    ${FOOTER_STYLES}` : result.head))
      .replace('<!--app-html-->', () => result.html)
      .replace('<!--app-state-->', () => (footerPlaces ? `${result.state}${FOOTER_STATE}` : result.state));
  }
}
