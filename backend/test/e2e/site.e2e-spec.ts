import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePagesOf } from '../../src/site/mount-site';
import type { SitePages } from '../../src/site/site-pages';
import { createPost } from '../support/helpers';
import { startTestApp, TestApp } from '../support/test-app';
import { onPostgres, POSTGRES_ONLY } from '../support/conditions';

/**
 * The public site served from the page store (docs/decisions/004-page-store.md), on the built frontend
 * (`npm run build` first): bounded queries, normalised keys, shared 404s, HTTP caching, precise invalidation,
 * freshness across instances.
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

interface Fixture {
  t: TestApp;
  author: TestAgent;
  pages: SitePages;
  dataSource: DataSource;
  category: Record<string, any>;
  posts: Record<string, any>[];
}

async function startSite(): Promise<Fixture> {
  if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
  const t = await startTestApp({}, { serveSite: true });
  const author = await t.author();
  const category = (await author.post('/api/categories').send({ name: 'برمجة' }).expect(201)).body;
  const posts = [];
  // More than a page of them (20), so every list is full and counts its total.
  for (let index = 0; index < 22; index += 1) {
    posts.push(
      await createPost(author, {
        published: true,
        categoryId: category.id,
        createdAt: new Date(Date.UTC(2024, 0, index + 1)).toISOString(),
      }),
    );
  }
  const pages = sitePagesOf(t.app);
  if (!pages) throw new Error('the site is not mounted');
  await pages.fill();
  return { t, author, pages, dataSource: t.app.get(DataSource), category, posts };
}

/** The SQL a block of work runs, with its parameters. */
async function queriesOf(dataSource: DataSource, work: () => Promise<unknown>): Promise<{ query: string; parameters: unknown[] }[]> {
  const queries: { query: string; parameters: unknown[] }[] = [];
  const logger = dataSource.logger;
  const counting = new Proxy(logger, {
    get(target, property, receiver) {
      if (property !== 'logQuery') return Reflect.get(target, property, receiver);
      return (query: string, parameters?: unknown[], ...rest: unknown[]) => {
        queries.push({ query, parameters: parameters ?? [] });
        return (target.logQuery as (...args: unknown[]) => unknown).call(target, query, parameters, ...rest);
      };
    },
  });
  Object.defineProperty(dataSource, 'logger', { value: counting, configurable: true, writable: true });
  try {
    await work();
  } finally {
    Object.defineProperty(dataSource, 'logger', { value: logger, configurable: true, writable: true });
  }
  return queries;
}

/** The SQL a block of work runs against the content (the page store's own reads and writes left out). */
async function contentQueries(dataSource: DataSource, work: () => Promise<unknown>): Promise<string[]> {
  return (await queriesOf(dataSource, work)).map(({ query }) => query).filter((query) => !/site_page/.test(query));
}

const postPath = (post: Record<string, any>) => `/post/${encodeURIComponent(post.slug)}`;

async function storedRow(dataSource: DataSource, key: string): Promise<{ generation: number; stale: number } | undefined> {
  const postgres = dataSource.options.type === 'postgres';
  const rows = await dataSource.query(`SELECT "generation", "stale" FROM "site_pages" WHERE "key" = ${postgres ? '$1' : '?'}`, [key]);
  return rows[0] ? { generation: Number(rows[0].generation), stale: Number(rows[0].stale) } : undefined;
}

async function storedCount(dataSource: DataSource): Promise<number> {
  return Number((await dataSource.query('SELECT COUNT(*) AS "count" FROM "site_pages"'))[0].count);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('public site from the page store', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startSite();
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it('renders home, a post, a category and the feed with a bounded number of queries (no N+1)', async () => {
    const keys = ['/', postPath(f.posts[3]), `/category/${encodeURIComponent(f.category.slug)}`, '/rss.xml', 'fragment:footer'];
    const count = async () => {
      await f.pages.settled(); // nothing else reading the database meanwhile
      const counts: Record<string, number> = {};
      for (const key of keys) counts[key] = (await contentQueries(f.dataSource, () => f.pages.build(key))).length;
      return counts;
    };
    const before = await count();
    for (let index = 0; index < 10; index += 1) await createPost(f.author, { published: true, categoryId: f.category.id });
    const after = await count();
    expect(after).toEqual(before); // ten more posts listed, not one query more
    for (const key of keys) expect(before[key], key).toBeLessThanOrEqual(10);
  });

  it('maps query parameters a page does not read onto the same stored page', async () => {
    const clean = await request(f.t.app.getHttpServer()).get(postPath(f.posts[2])).expect(200);
    const rows = await storedCount(f.dataSource);
    for (const query of ['?utm_source=news', '?ref=twitter&utm_medium=x', '?fbclid=abc']) {
      const busted = await request(f.t.app.getHttpServer())
        .get(`${postPath(f.posts[2])}${query}`)
        .expect(200);
      expect(busted.headers.etag).toBe(clean.headers.etag);
    }
    const home = await request(f.t.app.getHttpServer()).get('/').expect(200);
    const homeBusted = await request(f.t.app.getHttpServer()).get('/?utm_source=1&page=2').expect(200);
    expect(homeBusted.headers.etag).toBe(home.headers.etag);
    expect(await storedCount(f.dataSource)).toBe(rows);
    const { port } = f.t.app.getHttpServer().address() as AddressInfo;
    expect(clean.text).toContain(`<link rel="canonical" href="http://localhost:${port}${postPath(f.posts[2])}" />`);
  });

  it('renders not-found once for every unknown slug or path', async () => {
    const server = f.t.app.getHttpServer();
    const rows = await storedCount(f.dataSource);
    const unknownPosts = await Promise.all(
      ['/post/no-such-1', '/post/no-such-2', '/post/no-such-3'].map((path) => request(server).get(path)),
    );
    expect(unknownPosts.map((response) => response.status)).toEqual([404, 404, 404]);
    expect(new Set(unknownPosts.map((response) => response.headers.etag)).size).toBe(1);
    expect(unknownPosts[0].text).toContain('data-testid="not-found"');
    // One render, the same bytes for each slug: its data is keyed by '~', which the browser replaces by the slug of
    // its address before hydrating (frontend/src/app/not-found-state.ts).
    expect(unknownPosts[1].text).toBe(unknownPosts[2].text);
    expect(unknownPosts[1].text).toContain('"queryKey":["/api/posts/~"]');
    // Once the not-found page is kept, another unknown slug costs one indexed lookup of the slug, not a look into the
    // store first (the background sweep may query meanwhile: only the queries naming this slug count).
    const queries = await queriesOf(f.dataSource, () => request(server).get('/post/no-such-4').expect(404));
    expect(queries.filter(({ parameters }) => parameters.includes('no-such-4')).map(({ query }) => query)).toEqual([
      expect.stringMatching(/FROM "posts"/),
    ]);
    const unknownPaths = await Promise.all(['/a/b/c', '/x/y', '/no/such/page'].map((path) => request(server).get(path)));
    expect(new Set(unknownPaths.map((response) => `${response.status} ${response.headers.etag}`)).size).toBe(1);
    expect(unknownPaths[0].status).toBe(404);
    expect(await storedCount(f.dataSource)).toBe(rows);
    // A one-segment path that is no static page (what scanners try most) is answered from the static pages' slugs,
    // kept in memory until pages change: no query names it. A page written under that address is there at once.
    await request(server).get('/no-such-page').expect(404);
    const scan = await queriesOf(f.dataSource, () => request(server).get('/wp-login.php').expect(404));
    expect(scan.filter(({ parameters }) => parameters.includes('wp-login.php'))).toEqual([]);
    const colophon = (
      await f.author.post('/api/pages').send({ title: 'الكولوفون', slug: 'colophon', content: '<p>صنعت بعناية</p>' }).expect(201)
    ).body;
    expect((await request(server).get('/colophon').expect(200)).text).toContain('صنعت بعناية');
    await f.author.delete(`/api/pages/${colophon.id}`).expect(204);
    await request(server).get('/colophon').expect(404);
  });

  it('shows the about page once the author writes it, after its fallback and its social links were stored', async () => {
    const server = f.t.app.getHttpServer();
    const fallback = await request(server).get('/about').expect(200);
    expect(fallback.text).toContain('data-testid="about-fallback"');
    // The fallback shows the social links itself: its stored state carries them, not only the footer's.
    await f.author.put('/api/social-links').send({ twitter: 'https://x.com/mudawwana' }).expect(200);
    const pageState = (html: string) => /<script id="__QUERY_STATE__"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    await waitFor(async () => pageState((await request(server).get('/about')).text).includes('https://x.com/mudawwana'), 1000);
    const page = (await f.author.post('/api/pages').send({ title: 'عن الكاتب', slug: 'about', content: '<p>سيرة قصيرة</p>' }).expect(201))
      .body;
    const shown = await waitFor(async () => (await request(server).get('/about')).text.includes('سيرة قصيرة'), 1000);
    expect(shown).toBeLessThanOrEqual(1000);
    await f.author.delete(`/api/pages/${page.id}`).expect(204);
  });

  it('lets caches in front keep public pages, feeds and the sitemap, with ETags and 304', async () => {
    const server = f.t.app.getHttpServer();
    await f.pages.settled(); // the earlier tests' changes are rebuilt: no page changes between the two requests
    for (const path of ['/', postPath(f.posts[1]), '/rss.xml', '/sitemap.xml', '/post/no-such']) {
      const response = await request(server).get(path);
      expect(response.headers['cache-control'], path).toMatch(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/);
      expect(response.headers.etag, path).toMatch(/^".+"$/);
      await request(server).get(path).set('If-None-Match', response.headers.etag).expect(304);
    }
  });

  it('never marks anything public for a signed-in visitor, nor the API or the per-visitor screens', async () => {
    for (const path of ['/', postPath(f.posts[1]), '/rss.xml', '/admin', '/api/user', '/api/posts']) {
      const response = await f.author.get(path);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
    }
    for (const path of ['/auth', '/admin', '/api/posts', '/api/categories']) {
      const response = await request(f.t.app.getHttpServer()).get(path);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
    }
  });

  it('after an edit rebuilds the pages showing the post, and composes the new footer into the others', async () => {
    const server = f.t.app.getHttpServer();
    const newest = (await request(server).get('/api/posts?published=true&limit=1').expect(200)).body[0];
    const unrelated = f.posts[0]; // the oldest: on no list page with the newest, not its neighbour
    await request(server).get(postPath(unrelated)).expect(200);
    const unrelatedBefore = await storedRow(f.dataSource, postPath(unrelated));
    const title = `عنوان معدل ${Date.now()}`;
    await f.author.put(`/api/posts/${newest.id}`).send({ title }).expect(200);
    const visible = await waitFor(async () => {
      const bodies = await Promise.all(['/', postPath(newest), '/rss.xml'].map((path) => request(server).get(path)));
      return bodies.every((response) => response.text.includes(title));
    }, 1000);
    expect(visible).toBeLessThanOrEqual(1000);
    // The footer lists the newest posts: every page shows the new title, though the unrelated page was not rebuilt.
    // Pages that show a change only in passing may follow a little later (the footer is rebuilt after the change).
    await waitFor(async () => (await request(server).get(postPath(unrelated)).expect(200)).text.includes(title), 10_000);
    expect(await storedRow(f.dataSource, postPath(unrelated))).toEqual(unrelatedBefore);
  });

  it("rebuilds the author's post pages when their name changes, and no page for a change of the bio alone", async () => {
    const server = f.t.app.getHttpServer();
    const me = (await f.author.get('/api/user').expect(200)).body;
    const post = f.posts[5];
    expect((await request(server).get(postPath(post)).expect(200)).text).toContain(me.name);
    const name = `كاتب جديد ${Date.now()}`;
    await f.author.put(`/api/users/${me.id}`).send({ name }).expect(200);
    await waitFor(async () => (await request(server).get(postPath(post)).expect(200)).text.includes(name), 1000);
    await f.pages.settled();
    const before = await storedRow(f.dataSource, postPath(post));
    await f.author
      .put(`/api/users/${me.id}`)
      .send({ name, bio: `سيرة ${Date.now()}` })
      .expect(200);
    await f.pages.settled();
    expect(await storedRow(f.dataSource, postPath(post))).toEqual(before);
  });
});

describe('public site without the memory tier (every page read from the store)', () => {
  let t: TestApp;
  let path: string;
  beforeAll(async () => {
    t = await startTestApp({ PAGE_MEMORY_MB: '0' }, { serveSite: true });
    const author = await t.author();
    path = postPath(await createPost(author, { title: 'مقال في المخزن', published: true }));
    await sitePagesOf(t.app)?.fill();
    await sitePagesOf(t.app)?.settled(); // the sitemap follows a new post from the background sweep
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the feed, the sitemap, a post and not-found pages from the store', async () => {
    const server = t.app.getHttpServer();
    const feed = await request(server).get('/rss.xml').expect(200);
    expect(feed.headers['content-type']).toMatch(/rss\+xml/);
    expect(feed.text).toContain('مقال في المخزن');
    const sitemap = await request(server).get('/sitemap.xml').expect(200);
    expect(sitemap.text).toContain(path);
    expect((await request(server).get(path).expect(200)).text).toContain('مقال في المخزن');
    await request(server).get('/post/no-such-post').expect(404);
    await request(server).get('/no-such-page').expect(404);
  });
});

describe.runIf(onPostgres)('page store shared by two instances (PostgreSQL)', POSTGRES_ONLY, () => {
  let f: Fixture;
  let other: NestExpressApplication;
  beforeAll(async () => {
    f = await startSite();
    other = await f.t.anotherInstance();
    await sitePagesOf(other)?.fill();
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it('shows a change made on one instance on the post, home, its category and the feed of the other within a second', async () => {
    const server = other.getHttpServer();
    const post = f.posts[5];
    const paths = [postPath(post), '/', `/category/${encodeURIComponent(f.category.slug)}`, '/rss.xml'];
    for (const path of paths) await request(server).get(path).expect(200); // in the other instance's memory
    const title = `عنوان من نسخة أخرى ${Date.now()}`;
    await f.author.put(`/api/posts/${post.id}`).send({ title, createdAt: new Date().toISOString() }).expect(200);
    const visible = await waitFor(async () => {
      const bodies = await Promise.all(paths.map((path) => request(server).get(path)));
      return bodies.every((response) => response.text.includes(title));
    }, 1000);
    expect(visible).toBeLessThanOrEqual(1000);
  });
});
