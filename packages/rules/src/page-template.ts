/**
 * How a render's parts go into the built index.html: in the render worker (frontend/src/render-worker.ts), which
 * hands the serving thread the page's bytes, never its strings (backend/src/site/render-worker.ts).
 */

/** Where a stored page takes the footer fragment's styles (in its head) and its data (after the page's own). */
export const FOOTER_STYLES = '<!--site-fragment:footer:styles-->';
export const FOOTER_STATE = '<!--site-fragment:footer:state-->';

/** What a render puts into the template: its head tags, the app's HTML and the dehydrated state. */
export interface PageParts {
  head: string;
  html: string;
  state: string;
}

/**
 * The template with a render's head, HTML and state in their places (replaced by functions: a `$&` in a post is
 * text, not a replacement pattern); `footerPlaces` marks where the footer fragment goes (backend/src/site/footer-places.ts).
 */
export function fillTemplate(template: string, parts: PageParts, footerPlaces: boolean): string {
  return template
    .replace('<!--app-head-->', () => (footerPlaces ? `${parts.head}\n    ${FOOTER_STYLES}` : parts.head))
    .replace('<!--app-html-->', () => parts.html)
    .replace('<!--app-state-->', () => (footerPlaces ? `${parts.state}${FOOTER_STATE}` : parts.state));
}

/** The template without a render: an empty #root, so the browser renders the page on its own instead of hydrating. */
export function emptyTemplate(template: string): string {
  return template.replace(/<!--app-(head|html|state)-->/g, '');
}
