import { describe, expect, it } from 'vitest';
import { FOOTER_STATE, FOOTER_STYLES } from './footer-places';
import { PageTemplate } from './page-template';

const TEMPLATE = '<head><!--app-head--></head><div id="root"><!--app-html--></div><!--app-state-->';
const RESULT = { head: '<title>t</title>', html: '<p>p</p>', state: '<script>s</script>' };

describe('PageTemplate', () => {
  it("fills a per-request page's head, HTML and state into their places", () => {
    expect(new PageTemplate(TEMPLATE).fill(RESULT, false)).toBe(
      '<head><title>t</title></head><div id="root"><p>p</p></div><script>s</script>',
    );
  });

  it('marks where the footer goes in a stored page: its styles after the head, its data after the state', () => {
    expect(new PageTemplate(TEMPLATE).fill(RESULT, true)).toBe(
      `<head><title>t</title>\n    ${FOOTER_STYLES}</head><div id="root"><p>p</p></div><script>s</script>${FOOTER_STATE}`,
    );
  });

  it('puts replacement patterns in a post as they are', () => {
    const html = "<p>$& $' $` $$ $1</p>";
    expect(new PageTemplate(TEMPLATE).fill({ ...RESULT, html }, false)).toContain(`<div id="root">${html}</div>`);
  });

  it('gives the browser an empty page to render on its own', () => {
    const template = new PageTemplate(TEMPLATE);
    expect(template.browserOnly).toBe('<head></head><div id="root"></div>');
    expect(template.html).toBe(TEMPLATE);
  });
});
