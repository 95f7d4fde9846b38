import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security-headers.middleware';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each executable inline script, and nothing else', () => {
    const theme = "\n      (function () { document.documentElement.classList.add('dark'); })();\n    ";
    const html = [
      `<head><script>${theme}</script>`,
      '<script type="module" src="/assets/index.js"></script>',
      '<script id="__QUERY_STATE__" type="application/json">{"a":1}</script>',
      '<script type="application/ld+json">{"@type":"BlogPosting"}</script>',
      '<script type="module">import "/x.js";</script></head>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha(theme), sha('import "/x.js";')]);
  });

  it('gives no hashes for a page without inline scripts', () => {
    expect(inlineScriptHashes('<html><body></body></html>')).toEqual([]);
  });
});
