import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../support/helpers';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 21: content never breaks its page. A code block whose language the highlighter does not know (a class any
 * pasted or imported content carries) answered 500 from the render worker; it is shown as plain code now. Needs the
 * built frontend (`npm run build`).
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

describe('a post whose code the highlighter does not know', () => {
  let t: TestApp;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
  });
  afterAll(() => t?.close());

  it.each([
    ['plaintext', 'plaintext'],
    ['text', 'plaintext'],
    ['cobol', 'cobol'],
  ])('language-%s answers 200 and shows the code plain', async (language, shownAs) => {
    const author = await t.author();
    const code = `DISPLAY "مرحبا" &lt;${language}&gt; &amp; done`;
    const post = await createPost(author, {
      title: `شيفرة ${language}`,
      published: true,
      content: `<p>قبل الشيفرة</p><pre><code class="language-${language}">${code}</code></pre>`,
    });
    const page = await request(t.app.getHttpServer()).get(`/post/${encodeURIComponent(post.slug as string)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('قبل الشيفرة');
    expect(page.text).toContain(
      `<pre dir="ltr" tabindex="0" data-language="${shownAs}"><code class="hljs language-${shownAs}">DISPLAY "مرحبا" &lt;${language}&gt; &amp; done</code></pre>`,
    );
    const home = await request(t.app.getHttpServer()).get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain(`شيفرة ${language}`);
  });

  it('reads a class with a sign in its name as the language it names (language-c# is C#)', async () => {
    const author = await t.author();
    const post = await createPost(author, {
      title: 'شيفرة سي شارب',
      published: true,
      content: '<pre><code class="language-c#">var greeting = "مرحبا";</code></pre>',
    });
    const page = await request(t.app.getHttpServer()).get(`/post/${encodeURIComponent(post.slug as string)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<pre dir="ltr" tabindex="0" data-language="c#"><code class="hljs language-c#">');
    expect(page.text).toContain('<span class="hljs-string">"مرحبا"</span>');
  });
});
