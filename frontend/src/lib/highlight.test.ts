import { describe, expect, it } from 'vitest';
import { decodeEntities, highlightCodeBlocks } from './highlight';

describe('highlightCodeBlocks', () => {
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
