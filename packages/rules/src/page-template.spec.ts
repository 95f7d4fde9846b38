import { describe, expect, it } from 'vitest';
import { emptyTemplate, fillTemplate, FOOTER_STATE, FOOTER_STYLES } from './page-template.js';

const TEMPLATE = '<head><!--app-head--></head><div id="root"><!--app-html--></div><!--app-state-->';
const PARTS = { head: '<title>t</title>', html: '<p>p</p>', state: '<script>s</script>' };

describe('fillTemplate', () => {
  it("fills a per-request page's head, HTML and state into their places", () => {
    expect(fillTemplate(TEMPLATE, PARTS, false)).toBe('<head><title>t</title></head><div id="root"><p>p</p></div><script>s</script>');
  });

  it('marks where the footer goes in a stored page: its styles after the head, its data after the state', () => {
    expect(fillTemplate(TEMPLATE, PARTS, true)).toBe(
      `<head><title>t</title>\n    ${FOOTER_STYLES}</head><div id="root"><p>p</p></div><script>s</script>${FOOTER_STATE}`,
    );
  });

  it('puts replacement patterns in a post as they are', () => {
    const html = "<p>$& $' $` $$ $1</p>";
    expect(fillTemplate(TEMPLATE, { ...PARTS, html }, false)).toContain(`<div id="root">${html}</div>`);
  });
});

describe('emptyTemplate', () => {
  it('gives the browser an empty page to render on its own', () => {
    expect(emptyTemplate(TEMPLATE)).toBe('<head></head><div id="root"></div>');
  });
});
