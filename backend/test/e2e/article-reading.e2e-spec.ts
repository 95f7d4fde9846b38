import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadingTimeByScript1796330000000 } from '../../src/database/migrations/reading-time-by-script';
import { createPost } from '../support/helpers';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 26 (docs/decisions/029): headings readers can link to, a table of contents, code highlighted on the server,
 * reading time by script; over HTTP on the built frontend (`npm run build` first), as the API and the stored pages
 * give them.
 */
const CLIENT_DIR = resolve(__dirname, '../../../frontend/dist/client');
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

const CODE = '<pre><code class="language-typescript">const answer: number = 42; // الجواب\nexport default answer;</code></pre>';
const THREE_HEADINGS = `<h2 id="login">مُقَدِّمَةٌ سريعة</h2><p>نص</p><h3>التثبيت على Linux</h3><p>نص</p><h2>مقدمة سريعة</h2><p>نص</p>${CODE}`;

describe('articles as readers get them', () => {
  let t: TestApp;
  let author: TestAgent;
  const site = () => request(t.app.getHttpServer());
  const postPage = async (slug: string) =>
    (
      await site()
        .get(`/post/${encodeURIComponent(slug)}`)
        .expect(200)
    ).text;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('these tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
    author = await t.author();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the content as written (no ids, no highlighting) and reads it by slug with both, and the headings listed', async () => {
    const post = await createPost(author, { title: 'دليل التثبيت', content: THREE_HEADINGS, published: true });
    expect(post.content).not.toContain('id=');
    expect(post.content).not.toContain('hljs');
    const stored = (await author.get(`/api/posts/id/${post.id}`).expect(200)).body;
    expect(stored.content).toBe(post.content);

    const read = (
      await t
        .agent()
        .get(`/api/posts/${encodeURIComponent(post.slug)}`)
        .expect(200)
    ).body;
    expect(read.headings).toEqual([
      { level: 2, id: 'مقدمة-سريعة', text: 'مُقَدِّمَةٌ سريعة' },
      { level: 3, id: 'التثبيت-على-linux', text: 'التثبيت على Linux' },
      { level: 2, id: 'مقدمة-سريعة-2', text: 'مقدمة سريعة' },
    ]);
    expect(read.content).toContain('<h2 id="مقدمة-سريعة">');
    expect(read.content).toContain('<a class="heading-link" href="#مقدمة-سريعة-2"');
    expect(read.content).not.toContain('id="login"');
    expect(read.content).toContain('<span class="hljs-keyword">const</span>');
    expect(read.content).toContain('<pre dir="ltr" tabindex="0" data-language="typescript">');
  });

  it('gives posts stored before this change their ids and highlighting when read (no data migration)', async () => {
    const post = await createPost(author, { title: 'مقالة قديمة', published: true });
    // As an older server stored it: straight into the table, past today's sanitiser.
    const old = '<h2 id="old-id">قديم</h2><pre><code class="language-python">print("سلام")</code></pre>';
    await t.app.get(DataSource).createQueryBuilder().update('posts').set({ content: old }).where('"id" = :id', { id: post.id }).execute();
    const read = (
      await t
        .agent()
        .get(`/api/posts/${encodeURIComponent(post.slug)}`)
        .expect(200)
    ).body;
    expect(read.content).toContain('<h2 id="قديم">');
    expect(read.content).not.toContain('old-id');
    expect(read.content).toContain('<span class="hljs-built_in">print</span>');
  });

  it('gives the headings of a page ids too (no table of contents: pages are short)', async () => {
    const page = (await author.post('/api/pages').send({ title: 'عن المدونة', content: '<h2 id="x">من نحن</h2><p>نص</p>' }).expect(201))
      .body;
    expect(page.content).toBe('<h2>من نحن</h2><p>نص</p>');
    const read = (
      await t
        .agent()
        .get(`/api/pages/${encodeURIComponent(page.slug)}`)
        .expect(200)
    ).body;
    expect(read.content).toContain('<h2 id="من-نحن">من نحن</h2>');
  });

  it('stores the post page with linkable headings, a table of contents and highlighted code', async () => {
    const post = await createPost(author, { title: 'صفحة مع فهرس', content: THREE_HEADINGS, published: true });
    const html = await postPage(post.slug);
    expect(html).toContain('<h2 id="مقدمة-سريعة">');
    expect(html).toContain('<h2 id="مقدمة-سريعة-2">');
    expect(html).not.toContain('id="login"');
    const labelledBy = /<nav[^>]*aria-labelledby="([^"]+)"[^>]*data-testid="toc"/.exec(html)?.[1];
    expect(labelledBy).toBeDefined();
    expect(html).toContain(`<summary id="${labelledBy}">محتويات المقالة</summary>`);
    // Nested by level: the h3 inside the first h2's entry
    expect(html).toContain(
      '<li><a href="#مقدمة-سريعة">مُقَدِّمَةٌ سريعة</a><ol><li><a href="#التثبيت-على-linux">التثبيت على Linux</a></li></ol></li>',
    );
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('<span class="hljs-comment">// الجواب</span>');
  });

  it('shows no table of contents for two headings, and still links them', async () => {
    const post = await createPost(author, { title: 'عنوانان فقط', content: '<h2>أول</h2><p>نص</p><h2>ثان</h2><p>نص</p>', published: true });
    const html = await postPage(post.slug);
    expect(html).not.toContain('data-testid="toc"');
    expect(html).toContain('<h2 id="أول">أول</h2><a class="heading-link" href="#أول"');
  });

  it('ships no highlighter to readers: the page’s script holds none, and the page loads no other', async () => {
    const post = await createPost(author, { title: 'شيفرة', content: CODE, published: true });
    const html = await postPage(post.slug);
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toHaveLength(1);
    const script = readFileSync(resolve(CLIENT_DIR, `.${scripts[0]}`), 'utf8');
    expect(script).not.toMatch(/highlightAuto|registerLanguage|hljs/);
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
  });

  it('counts reading time by script: Arabic words take longer than as many Latin ones', async () => {
    const words = (word: string) => Array.from({ length: 300 }, () => word).join(' ');
    const arabic = await createPost(author, { content: `<p>${words('كلمة')}</p>` });
    const latin = await createPost(author, { content: `<p>${words('word')}</p>` });
    expect(arabic.readTime).toBe(3); // 300 / 144
    expect(latin.readTime).toBe(2); // 300 / 238
    // Code is counted by its lines (20 a minute), not as words: 100 words and 20 short lines (120 words) take two
    const lines = Array.from({ length: 20 }, (_, i) => `run${i}();`).join('\n');
    const prose = `<p>${Array.from({ length: 100 }, () => 'word').join(' ')}</p>`;
    expect((await createPost(author, { content: prose })).readTime).toBe(1);
    expect((await createPost(author, { content: `${prose}<pre><code class="language-js">${lines}</code></pre>` })).readTime).toBe(2);
  });

  it('counts the reading time of posts saved before again, by script (the ReadingTimeByScript migration)', async () => {
    const arabic = await createPost(author, { content: `<p>${Array.from({ length: 450 }, () => 'كلمة').join(' ')}</p>` });
    const latin = await createPost(author, { content: `<p>${Array.from({ length: 450 }, () => 'word').join(' ')}</p>` });
    const dataSource = t.app.get(DataSource);
    // As an older server stored them: 450 words at 200 a minute
    for (const post of [arabic, latin]) {
      await dataSource.createQueryBuilder().update('posts').set({ readTime: 3 }).where('"id" = :id', { id: post.id }).execute();
    }
    const runner = dataSource.createQueryRunner();
    try {
      await new ReadingTimeByScript1796330000000().up(runner);
    } finally {
      await runner.release();
    }
    expect((await author.get(`/api/posts/id/${arabic.id}`).expect(200)).body.readTime).toBe(4); // 450 / 144
    expect((await author.get(`/api/posts/id/${latin.id}`).expect(200)).body.readTime).toBe(2); // 450 / 238
  });
});
