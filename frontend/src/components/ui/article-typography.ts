/**
 * The type scale of an article, in em of its body text (18 px from md up, 16 px on phones). The public page
 * (ArticleContent) and both editors (editor.css, which repeats these numbers) show headings at the same sizes.
 */
export const ARTICLE_HEADING_SCALE = { h1: '1.8em', h2: '1.55em', h3: '1.25em', h4: '1.1em' } as const;

/**
 * Wraps each table in a scroller of its own: a table takes the article's full width, and one wider than a phone
 * scrolls inside itself instead of the page. The scroller is focusable and labelled, so keyboard users can scroll it
 * (axe scrollable-region-focusable). The same on the server and the client: no hydration difference.
 */
export function wrapTables(html: string, label: string): string {
  if (!html.includes('<table')) return html;
  return html
    .replace(/<table\b/g, `<div class="table-scroll" role="region" tabindex="0" aria-label="${label}"><table`)
    .replace(/<\/table>/g, '</table></div>');
}
