import { beforeAll, describe, expect, it } from 'vitest';
import { decodeEntities, highlightCodeBlocks, languagesNeeded, languagesReady, loadLanguages } from './highlight';

describe('languages per code block', () => {
  it("needs each block's own language (aliases resolved), all of them for a block that names none, none without code", () => {
    expect(languagesNeeded('<pre><code class="language-ts">a</code></pre><pre><code class="language-sh">b</code></pre>')).toEqual([
      'typescript',
      'bash',
    ]);
    expect(languagesNeeded('<pre><code>{}</code></pre>')).toHaveLength(9);
    expect(languagesNeeded('<p>نص</p>')).toEqual([]);
  });

  it('is ready once the needed languages are loaded', async () => {
    const html = '<pre><code class="language-python">x = 1</code></pre>';
    expect(languagesReady('<p>no code</p>')).toBe(true);
    await loadLanguages(languagesNeeded(html));
    expect(languagesReady(html)).toBe(true);
  });
});

describe('highlightCodeBlocks', () => {
  beforeAll(() => loadLanguages());
  it('highlights a fenced language and makes the block left-to-right', () => {
    const out = highlightCodeBlocks('<p>نص</p><pre><code class="language-js">const a = 1 &lt; 2;</code></pre>');
    expect(out).toContain('<p>نص</p>');
    expect(out).toContain('<pre dir="ltr" tabindex="0" data-language="js">');
    expect(out).toContain('<span class="hljs-keyword">const</span>');
    expect(out).toContain('&lt;');
  });
  it('auto-detects when no language is given and leaves other HTML alone', () => {
    const out = highlightCodeBlocks('<pre><code>{"a": 1}</code></pre><p>x</p>');
    expect(out).toMatch(/^<pre dir="ltr"/);
    expect(out).toContain('<p>x</p>');
  });
  it('does not let code inject markup', () => {
    const out = highlightCodeBlocks('<pre><code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>');
    expect(out).not.toContain('<script>');
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric entities', () => {
    expect(decodeEntities('&lt;a&gt; &amp; &#39;x&#39; &#x41;')).toBe("<a> & 'x' A");
  });
});
