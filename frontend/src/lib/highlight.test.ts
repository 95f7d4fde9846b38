import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import hljs from 'highlight.js/lib/core';
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

describe('content the highlighter does not know (issue 21)', () => {
  beforeAll(() => loadLanguages());
  afterEach(() => vi.restoreAllMocks());

  it.each(['plaintext', 'text', 'plain'])('shows language-%s as plain code', (language) => {
    const out = highlightCodeBlocks(`<pre><code class="language-${language}">a &lt; b &amp;&amp; "c"</code></pre>`);
    expect(out).toBe(
      '<pre dir="ltr" tabindex="0" data-language="plaintext"><code class="hljs language-plaintext">a &lt; b &amp;&amp; &quot;c&quot;</code></pre>',
    );
  });

  it('shows a language nobody loaded as plain code under its own name, without logging', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const out = highlightCodeBlocks('<pre><code class="language-cobol">DISPLAY &lt;b&gt;</code></pre>');
    expect(out).toBe('<pre dir="ltr" tabindex="0" data-language="cobol"><code class="hljs language-cobol">DISPLAY &lt;b&gt;</code></pre>');
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('degrades a block the highlighter throws on to plain code, logged once per cause', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(hljs, 'highlight').mockImplementation(() => {
      throw new Error('grammar exploded');
    });
    const html = '<p>قبل</p><pre><code class="language-js">let x = 1;</code></pre>';
    for (let render = 0; render < 3; render += 1) {
      const out = highlightCodeBlocks(html);
      expect(out).toContain('<p>قبل</p>');
      expect(out).toContain('<code class="hljs language-js">let x = 1;</code>');
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('grammar exploded');
  });

  it('leaves a character reference past the last code point as written', () => {
    expect(decodeEntities('&#x110000; &#99999999999;')).toBe('&#x110000; &#99999999999;');
    expect(highlightCodeBlocks('<pre><code class="language-text">&#x110000;</code></pre>')).toContain('&amp;#x110000;');
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric entities', () => {
    expect(decodeEntities('&lt;a&gt; &amp; &#39;x&#39; &#x41;')).toBe("<a> & 'x' A");
  });
});
