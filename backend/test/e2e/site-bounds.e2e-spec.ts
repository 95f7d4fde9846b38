import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageFill } from '../../src/site/page-fill';
import { PageFreshness } from '../../src/site/page-freshness';
import { buildWithHangingRenderer } from '../support/frontend-builds';
import { createPost, waitFor } from '../support/helpers';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Bounded work whatever the URL (docs/decisions/020-bounded-work-per-url.md), on the built frontend (`npm run build`
 * first): URLs anyone can make up add no rows to the page store; renders made per request wait in a bounded queue
 * and are refused with 503 past it; content taken away is gone from every page once the API has answered; a render
 * that never ends is cut at its deadline and its worker replaced.
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');
/** Readers' renders that may wait: small, so a flood of searches fills the queue. */
const QUEUE_MAX = 4;

async function storedCount(dataSource: DataSource): Promise<number> {
  return Number((await dataSource.query('SELECT COUNT(*) AS "count" FROM "site_pages"'))[0].count);
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

function startSite(env: Record<string, string>): Promise<TestApp> {
  if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
  return startTestApp(env, { serveSite: true });
}

describe('bounded work whatever the URL', () => {
  let t: TestApp;
  let author: TestAgent;
  let pages: PageFreshness;
  let dataSource: DataSource;
  let category: Record<string, any>;
  const get = (path: string) => request(t.app.getHttpServer()).get(path);

  beforeAll(async () => {
    t = await startSite({ RENDER_QUEUE_MAX: String(QUEUE_MAX) });
    author = await t.author();
    dataSource = t.app.get(DataSource);
    category = (await author.post('/api/categories').send({ name: 'علوم', slug: 'science' }).expect(201)).body;
    // Two pages of every list (12 posts a page), so page 2 exists and page 3 on does not.
    for (let index = 0; index < 14; index += 1) {
      await createPost(author, {
        published: true,
        categoryId: category.id,
        tags: ['فلك'],
        createdAt: new Date(Date.UTC(2024, 0, index + 1)).toISOString(),
      });
    }
    await author.post('/api/pages').send({ title: 'اتصل بنا', slug: 'contact', content: '<p>راسلنا</p>' }).expect(201);
    pages = t.app.get(PageFreshness);
    await t.app.get(PageFill).fill();
  });
  afterAll(() => t?.close());

  it('answers 3,000 made-up URLs with the right 404 (or the page they map onto) and stores none of them', async () => {
    const tag = `/tag/${encodeURIComponent('فلك')}`;
    await pages.settled();
    // The shared not-found page of each kind, and a page past the last of a list, as a reader sees them.
    const notFound = {
      post: (await get('/post/no-such-post').expect(404)).headers.etag,
      category: (await get('/category/no-such-category').expect(404)).headers.etag,
      tag: (await get('/tag/no-such-tag').expect(404)).headers.etag,
      page: (await get('/no-such-page').expect(404)).headers.etag,
    };
    const existing = {
      home: (await get('/').expect(200)).headers.etag,
      all: (await get('/?view=all').expect(200)).headers.etag,
      contact: (await get('/contact').expect(200)).headers.etag,
    };
    await pages.settled();
    const rowsBefore = await storedCount(dataSource);

    type Junk = { path: string; status: number; check: (response: request.Response, path: string) => void };
    const junk: Junk[] = [];
    const etagIs = (etag: string) => (response: request.Response, path: string) => expect(response.headers.etag, path).toBe(etag);
    const pastTheLast = (response: request.Response) => expect(response.text).toContain('404 الصفحة غير موجودة');
    for (let n = 1; n <= 1_000; n += 1)
      junk.push({ path: `/sitemap-${n}.xml`, status: 404, check: (response) => expect(response.text).toBe('') });
    for (let n = 3; n < 203; n += 1) {
      junk.push({ path: `/?view=all&page=${n}`, status: 404, check: pastTheLast });
      junk.push({ path: `/category/science?page=${n}`, status: 404, check: pastTheLast });
      junk.push({ path: `${tag}?page=${n}`, status: 404, check: pastTheLast });
    }
    for (let n = 0; n < 200; n += 1) {
      junk.push({ path: `/post/scan-${n}`, status: 404, check: etagIs(notFound.post) });
      junk.push({ path: `/category/scan-${n}`, status: 404, check: etagIs(notFound.category) });
      junk.push({ path: `/tag/scan-${n}`, status: 404, check: etagIs(notFound.tag) });
      junk.push({ path: `/wp-admin-${n}.php`, status: 404, check: etagIs(notFound.page) });
    }
    for (let n = 0; n < 200; n += 1) {
      junk.push({ path: `/?utm_source=${n}&page=0${n}`, status: 200, check: etagIs(existing.home) });
      junk.push({ path: `/contact?page=${n}&x[]=${n}`, status: 200, check: etagIs(existing.contact) });
      junk.push({ path: `/?view=all&page=-${n}&%ff=1`, status: 200, check: etagIs(existing.all) });
    }
    expect(junk).toHaveLength(3_000);

    // As many at once as the queue lets wait (more would be refused with 503, the next test).
    await inParallel(junk, QUEUE_MAX, async ({ path, status, check }) => {
      const response = await get(path);
      expect(response.status, path).toBe(status);
      check(response, path);
    });

    expect(await storedCount(dataSource)).toBe(rowsBefore);
  }, 600_000);

  it('sheds a flood of per-request renders with 503 and Retry-After; readers of stored pages still get them', async () => {
    const home = await get('/').expect(200);
    const searches = Array.from({ length: 40 }, (_, index) =>
      get(`/search?q=${encodeURIComponent(`فلك ${index}`)}`).set('Accept', 'text/html'),
    );
    const readers = Array.from({ length: 10 }, () => get('/'));
    const [searched, read] = await Promise.all([Promise.all(searches), Promise.all(readers)]);

    const refused = searched.filter((response) => response.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    // Every search answered (none left waiting): the rendered page or the busy page.
    expect(searched.every((response) => response.status === 200 || response.status === 503)).toBe(true);
    for (const response of refused) {
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.text).toContain('<html lang="ar" dir="rtl">');
      expect(response.text).toContain('الخادم مشغول الآن');
    }
    for (const response of read) {
      expect(response.status).toBe(200);
      expect(response.headers.etag).toBe(home.headers.etag);
    }
    // A client that is not a browser (a feed reader) gets a line of text.
    const flood = await Promise.all(Array.from({ length: 40 }, (_, index) => get(`/search?q=${index}`).set('Accept', 'application/json')));
    const busy = flood.find((response) => response.status === 503);
    expect(busy?.headers['content-type']).toMatch(/^text\/plain/);
  }, 120_000);

  describe('content taken away is gone from every page once the API has answered', () => {
    /** Every public page a post shows on (the paged list past the eager rebuilds too), read until each shows it. */
    const showing = (post: Record<string, any>) => [
      '/',
      '/?view=all',
      '/category/science',
      `/tag/${encodeURIComponent('فلك')}`,
      `/post/${encodeURIComponent(post.slug)}`,
      '/rss.xml',
      '/contact', // its footer lists the latest posts
    ];

    async function publishedAndShown(title: string): Promise<Record<string, any>> {
      const post = await createPost(author, { title, published: true, categoryId: category.id, tags: ['فلك'] });
      await pages.settled();
      for (const path of showing(post)) await waitFor(async () => (await get(path)).text.includes(title));
      // Served from the store (and memory) now, as a reader would find them.
      for (const path of showing(post)) expect((await get(path)).text, path).toContain(title);
      return post;
    }

    async function expectGone(post: Record<string, any>, title: string): Promise<void> {
      const responses = await Promise.all(showing(post).map((path) => get(path)));
      responses.forEach((response, index) => expect(response.text, showing(post)[index]).not.toContain(title));
      expect(responses[4].status).toBe(404);
    }

    it('unpublished', async () => {
      const post = await publishedAndShown('مقال سيُسحب من النشر');
      await author.put(`/api/posts/${post.id}`).send({ published: false }).expect(200);
      await expectGone(post, 'مقال سيُسحب من النشر');
    }, 120_000);

    it('deleted', async () => {
      const post = await publishedAndShown('مقال سيُحذف');
      await author.delete(`/api/posts/${post.id}`).expect(204);
      await expectGone(post, 'مقال سيُحذف');
    }, 120_000);

    it('scheduled for later', async () => {
      const post = await publishedAndShown('مقال سيُؤجَّل');
      const later = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
      await author.put(`/api/posts/${post.id}`).send({ publishAt: later }).expect(200);
      await expectGone(post, 'مقال سيُؤجَّل');
    }, 120_000);

    it('unpublished in bulk, while an earlier change is still being rebuilt', async () => {
      const post = await publishedAndShown('مقال يُسحب مع غيره');
      // A change just before: its rebuilds of these pages are under way when the withdrawal answers.
      await author.put(`/api/posts/${post.id}`).send({ excerpt: 'ملخص جديد' }).expect(200);
      await author
        .post('/api/posts/bulk')
        .send({ action: 'unpublish', ids: [post.id] })
        .expect(200);
      await expectGone(post, 'مقال يُسحب مع غيره');
    }, 120_000);

    it('a static page deleted', async () => {
      const page = (await author.post('/api/pages').send({ title: 'صفحة ستُحذف', slug: 'leaving', content: '<p>وداعًا</p>' }).expect(201))
        .body;
      await waitFor(async () => (await get('/leaving')).text.includes('وداعًا'));
      expect((await get('/leaving')).text).toContain('وداعًا');
      await author.delete(`/api/pages/${page.id}`).expect(204);
      const gone = await get('/leaving');
      expect(gone.status).toBe(404);
      expect(gone.text).not.toContain('وداعًا');
    }, 60_000);
  });
});

describe('a render that never ends', () => {
  /**
   * The fault: content on which the render worker's loop never ends (a copy of the build whose worker spins on the CPU
   * when a read's answer holds this text: buildWithHangingRenderer), as a highlighter or a regular expression caught
   * in an endless loop on some content would. That is the faithful fault: the render thread neither answers nor takes
   * another message, and only a deadline kept outside it can tell.
   */
  const HANG = 'نص-يعلق-العرض';
  let t: TestApp;
  let author: TestAgent;
  let frontendDir: string;
  const get = (path: string) => request(t.app.getHttpServer()).get(path);

  beforeAll(async () => {
    frontendDir = buildWithHangingRenderer(HANG);
    t = await startSite({ RENDER_DEADLINE_MS: '5000', FRONTEND_DIR: frontendDir });
    author = await t.author();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(frontendDir, { recursive: true, force: true });
  });

  it('serves the stored page stale, or 503 without one; the worker is replaced and the next render works', async () => {
    const post = await createPost(author, { title: 'مقال عادي', content: '<p>نص أول</p>', published: true });
    const path = `/post/${encodeURIComponent(post.slug)}`;
    await t.app.get(PageFill).fill();
    await waitFor(async () => (await get(path)).text.includes('نص أول'));

    // Its rebuild now hangs: the reader gets the stored copy once the deadline has passed, not an endless wait.
    await author
      .put(`/api/posts/${post.id}`)
      .send({ content: `<p>${HANG}</p>` })
      .expect(200);
    const stale = await get(path);
    expect(stale.status).toBe(200);
    expect(stale.headers['x-site-cache']).toBe('STALE');
    expect(stale.text).toContain('نص أول');

    // A page with no stored copy whose render hangs: 503 with Retry-After.
    const hanging = await createPost(author, { title: 'مقال معلَّق', content: `<p>${HANG}</p>`, published: true });
    const refused = await get(`/post/${encodeURIComponent(hanging.slug)}`).set('Accept', 'text/html');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    await author.delete(`/api/posts/${hanging.id}`).expect(204);

    // The hung worker was replaced: renders work again (one worker spinning for good would answer nothing more).
    await author.put(`/api/posts/${post.id}`).send({ content: '<p>نص ثانٍ</p>' }).expect(200);
    await waitFor(async () => (await get(path)).text.includes('نص ثانٍ'), 30_000);
    const category = (await author.post('/api/categories').send({ name: 'جديد', slug: 'fresh' }).expect(201)).body;
    expect((await get(`/category/${category.slug}`)).status).toBe(200);
  }, 120_000);
});
