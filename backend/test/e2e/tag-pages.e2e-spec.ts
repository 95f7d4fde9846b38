import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageFill } from '../../src/site/page-fill';
import { PageFreshness } from '../../src/site/page-freshness';
import { createPost, waitFor } from '../support/helpers';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Tag pages in the page store and the search page beside it (docs/decisions/013): a post change refreshes exactly
 * the tag pages it appears on; search results are rendered per request, never stored, never indexed. A refreshed
 * page may be served stale while it is rebuilt: the checks poll (generously, for a busy machine).
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');
const TAG = 'ذكاء اصطناعي';
const TAG_PATH = `/tag/${encodeURIComponent('ذكاء-اصطناعي')}`;

async function generationOf(dataSource: DataSource, key: string): Promise<number | undefined> {
  const postgres = dataSource.options.type === 'postgres';
  const rows = await dataSource.query(`SELECT "generation" FROM "site_pages" WHERE "key" = ${postgres ? '$1' : '?'}`, [key]);
  return rows[0] ? Number(rows[0].generation) : undefined;
}

describe('tag pages in the page store, search pages beside it', () => {
  let t: TestApp;
  let author: TestAgent;
  let dataSource: DataSource;
  const tagged: Record<string, any>[] = [];
  let untagged: Record<string, any>;
  const page = (path: string) => request(t.app.getHttpServer()).get(path);

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
    author = await t.author();
    dataSource = t.app.get(DataSource);
    for (let i = 0; i < 3; i += 1) tagged.push(await createPost(author, { title: `موسوم ${i}`, tags: [TAG], published: true }));
    untagged = await createPost(author, { title: 'بلا وسم', published: true });
    await t.app.get(PageFill).fill();
  });
  afterAll(() => t?.close());

  it('stores the tag page and lists it in the sitemap', async () => {
    await page(TAG_PATH).expect(200);
    const response = await page(TAG_PATH).expect(200);
    expect(response.headers['x-site-cache']).toBe('HIT');
    for (const post of tagged) expect(response.text).toContain(post.title);
    // The sitemap follows from the background sweep (it may be served stale for a moment after a change).
    await waitFor(async () => (await page('/sitemap.xml')).text.includes(`${TAG_PATH}</loc>`));
    expect((await page(`/tag/${encodeURIComponent('لا-يوجد')}`).expect(404)).text).toContain('الوسم غير موجود');
  });

  it('a change of a post on the tag page rebuilds it; a change elsewhere does not', async () => {
    const before = await generationOf(dataSource, TAG_PATH);
    await author.put(`/api/posts/${untagged.id}`).send({ content: '<p>نص آخر</p>' }).expect(200);
    await t.app.get(PageFreshness).settled();
    expect(await generationOf(dataSource, TAG_PATH)).toBe(before);

    const title = `عنوان جديد ${Date.now()}`;
    await author.put(`/api/posts/${tagged[0].id}`).send({ title }).expect(200);
    await waitFor(async () => (await page(TAG_PATH)).text.includes(title));
  });

  it('a post given the tag appears on its page; one losing it leaves', async () => {
    await author
      .put(`/api/posts/${untagged.id}`)
      .send({ tags: [TAG] })
      .expect(200);
    // Its count says so (the footer lists the newest posts on every page, this one among them).
    const count = async () => /data-testid="tag-count"[^>]*>([^<]*)</.exec((await page(TAG_PATH)).text)?.[1];
    await waitFor(async () => (await count()) === '4 مقالات');
    await author.put(`/api/posts/${untagged.id}`).send({ tags: [] }).expect(200);
    await waitFor(async () => (await count()) === '3 مقالات');
  });

  it('a rename moves the page: the old address is a 404, the new one lists the posts', async () => {
    await author
      .put(`/api/tags/${encodeURIComponent('ذكاء-اصطناعي')}`)
      .send({ name: 'AI' })
      .expect(200);
    await waitFor(async () => (await page(TAG_PATH)).status === 404);
    const renamed = await page('/tag/ai').expect(200);
    expect(renamed.text).toContain(tagged[1].title);
  });

  it('renders search results per request: not stored, noindex, briefly cacheable in front', async () => {
    const response = await page(`/search?q=${encodeURIComponent('موسوم')}`).expect(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['cache-control']).toContain('s-maxage=10');
    expect(response.text).toContain('<meta name="robots" content="noindex" />');
    expect(response.text).toContain('<mark>موسوم</mark>');
    const stored = await dataSource.query(`SELECT COUNT(*) AS "count" FROM "site_pages" WHERE "key" LIKE '%search%'`);
    expect(Number(stored[0].count)).toBe(0);
  });
});
