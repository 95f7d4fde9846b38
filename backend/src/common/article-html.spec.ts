import { describe, expect, it } from 'vitest';
import { articleHtml } from './article-html';
import { sanitizeContent } from './sanitize-html';

describe('articleHtml: headings', () => {
  it('gives each h2–h4 an id from its Arabic text, a wrapper and a link to itself', () => {
    const { html, headings } = articleHtml('<h2>مقدمة سريعة</h2><p>نص</p><h3>التَّثبيت</h3><h4>على Linux</h4>');
    expect(headings).toEqual([
      { level: 2, id: 'مقدمة-سريعة', text: 'مقدمة سريعة' },
      { level: 3, id: 'التثبيت', text: 'التَّثبيت' },
      { level: 4, id: 'على-linux', text: 'على Linux' },
    ]);
    expect(html).toContain(
      '<div class="heading-anchor"><h2 id="مقدمة-سريعة">مقدمة سريعة</h2><a class="heading-link" href="#مقدمة-سريعة" aria-label="رابط القسم: مقدمة سريعة">#</a></div>',
    );
    expect(html).toContain('<p>نص</p>');
  });

  it('numbers repeated headings and keeps clear of ids other elements have', () => {
    const { headings } = articleHtml('<h2>أمثلة</h2><h3>أمثلة</h3><h2>fn 1</h2><p id="fn-1">x</p>');
    expect(headings.map((heading) => heading.id)).toEqual(['أمثلة', 'أمثلة-2', 'fn-1-2']);
  });

  it('replaces any id a heading came with, and gives h1, h5 and h6 none', () => {
    const { html } = articleHtml('<h2 id="evil">عنوان</h2><h1 id="x">أ</h1><h5 id="y">ب</h5>');
    expect(html).not.toMatch(/id="(evil|x|y)"/);
    expect(html).toContain('<h2 id="عنوان">');
    expect(html).toContain('<h1>أ</h1><h5>ب</h5>');
  });

  it('reads the text of a heading through its inline markup and entities', () => {
    const { headings } = articleHtml('<h2><strong>لماذا</strong> &amp; <em>كيف</em>؟</h2>');
    expect(headings[0]).toEqual({ level: 2, id: 'لماذا-كيف', text: 'لماذا & كيف؟' });
  });

  it('gives an empty heading an id of its own', () => {
    expect(articleHtml('<h2></h2><h2>🎉</h2>').headings.map((heading) => heading.id)).toEqual(['قسم', 'قسم-2']);
  });

  it('keeps a heading’s id while its text and place stay (an edit elsewhere changes no link)', () => {
    const content = '<h2>أ</h2><p>نص</p><h2>أ</h2>';
    const edited = '<p>فقرة جديدة</p><h2>أ</h2><p>نص آخر</p><h2>أ</h2><pre><code class="language-js">let a = 1;</code></pre>';
    expect(articleHtml(edited).headings).toEqual(articleHtml(content).headings);
  });

  it('never lets a user-supplied id through, from the sanitiser to the page', () => {
    const saved = sanitizeContent('<h2 id="login-form">مرحبا</h2><p id="x">نص</p>');
    expect(saved).not.toContain('id=');
    expect(articleHtml(saved).html).not.toMatch(/id="(login-form|x)"/);
  });
});

describe('articleHtml: code', () => {
  it('highlights a block in its language, left-to-right and focusable', () => {
    const { html } = articleHtml('<pre><code class="language-js">const a = "&lt;b&gt;";</code></pre>');
    expect(html).toBe(
      '<pre dir="ltr" tabindex="0" data-language="js"><code class="hljs language-js"><span class="hljs-keyword">const</span> a = <span class="hljs-string">"&lt;b&gt;"</span>;</code></pre>',
    );
  });

  it('keeps the lines of a block written with <br>', () => {
    const { html } = articleHtml('<pre><code class="language-python">x = 1<br>y = 2</code></pre>');
    expect(html).toContain('x = <span class="hljs-number">1</span>\ny = <span class="hljs-number">2</span>');
  });

  it('guesses a block that names no language, and shows an unknown or plain one as text', () => {
    expect(articleHtml('<pre><code>SELECT name FROM users WHERE id = 1;</code></pre>').html).toContain('data-language="sql"');
    const unknown = articleHtml('<pre><code class="language-klingon">if &lt;x&gt;</code></pre>').html;
    expect(unknown).toContain('<code class="hljs language-klingon">if &lt;x&gt;</code>');
    expect(articleHtml('<pre><code class="language-text">const a</code></pre>').html).toContain(
      '<code class="hljs language-plaintext">const a</code>',
    );
  });

  it('leaves a <pre> without code and inline code as they are', () => {
    const content = '<pre>plain</pre><p>اكتب <code>npm ci</code></p>';
    expect(articleHtml(content).html).toBe(content);
  });
});
