import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBackend } from '../support/build';
import { anotherBuild, copyOfBuild, FRONTEND_DIST } from '../support/frontend-builds';
import { createPost, waitFor } from '../support/helpers';
import { scratchPostgres } from '../support/scratch-postgres';
import { seedPosts } from '../support/server-process';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A stored page is always one this build would render from this database (docs/decisions/018): a seed run from the
 * command line, with the blog running or stopped, shows on its pages; a new build of the frontend on a
 * stored database never serves a page that links an asset of the build before.
 */
const NO_POSTS = 'لا توجد مقالات منشورة بعد';

/** A DATA_DIR and, on PostgreSQL, a database of its own, outliving the apps started on them. */
async function scratchData(): Promise<{ dataDir: string; databaseUrl?: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-builds-'));
  const postgres = process.env.DATABASE_URL?.startsWith('postgres') ? await scratchPostgres(process.env.DATABASE_URL) : undefined;
  return {
    dataDir,
    databaseUrl: postgres?.url,
    async drop() {
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const get = (t: TestApp, path: string) => request(t.app.getHttpServer()).get(path);

/** The newest published posts, from the API (what the home page must list). */
async function newestSlugs(t: TestApp): Promise<string[]> {
  const { body } = await get(t, '/api/posts?published=true&limit=3').expect(200);
  return (body as { slug: string }[]).map((post) => post.slug);
}

const lists = (html: string, slug: string) => html.includes(`/post/${encodeURIComponent(slug)}`) || html.includes(`/post/${slug}`);

// The seeds run as processes of their own, each loading the app: two minutes a test rather than the project's thirty seconds.
describe('pages follow writes made behind the app', { timeout: 120_000 }, () => {
  let data: Awaited<ReturnType<typeof scratchData>>;
  let t: TestApp | undefined;
  beforeAll(async () => {
    if (!existsSync(join(FRONTEND_DIST, 'server/entry-server.js'))) throw new Error('run `npm run build` first');
    await buildBackend();
    data = await scratchData();
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  it('a seed while the blog runs shows on the home page, a post, the feed and search', async () => {
    t = await startTestApp({}, { serveSite: true, dataDir: data.dataDir, databaseUrl: data.databaseUrl });
    await t.author();
    const app = t;
    expect((await get(app, '/').expect(200)).text).toContain(NO_POSTS);
    expect((await get(app, '/').expect(200)).headers['x-site-cache']).toBe('HIT');
    expect((await get(app, '/rss.xml').expect(200)).text).not.toContain('<item>');

    await seedPosts(data, 5);
    const [newest] = await newestSlugs(app);
    await waitFor(async () => lists((await get(app, '/').expect(200)).text, newest), undefined, 100);
    expect((await get(app, '/').expect(200)).text).not.toContain(NO_POSTS);
    expect((await get(app, '/rss.xml').expect(200)).text).toContain('<item>');
    expect((await get(app, `/post/${encodeURIComponent(newest)}`)).status).toBe(200);
    // Search indexes what was written behind its back too.
    const { title } = (await get(app, `/api/posts/${encodeURIComponent(newest)}`).expect(200)).body;
    const found = async () =>
      ((await get(app, `/api/search?q=${encodeURIComponent(title)}`).expect(200)).body.items as { slug: string }[]).some(
        (post) => post.slug === newest,
      );
    await waitFor(found, undefined, 100);
  });

  it('a seed while the blog is stopped shows on its first pages after the start', async () => {
    await t?.close();
    t = undefined;
    await seedPosts(data, 2);
    t = await startTestApp({}, { serveSite: true, dataDir: data.dataDir, databaseUrl: data.databaseUrl });
    const [newest] = await newestSlugs(t);
    // The very first request: not a page rendered before the seed.
    expect(lists((await get(t, '/').expect(200)).text, newest)).toBe(true);
    const feed = (await get(t, '/rss.xml').expect(200)).text;
    expect(feed.match(/<item>/g)?.length).toBe(7);
  });
});

const assetLinks = (html: string) => [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]))];

describe('a new build on a stored database', () => {
  let data: Awaited<ReturnType<typeof scratchData>>;
  const builds: string[] = [];
  let t: TestApp | undefined;
  beforeAll(async () => {
    if (!existsSync(join(FRONTEND_DIST, 'server/entry-server.js'))) throw new Error('run `npm run build` first');
    data = await scratchData();
    builds.push(copyOfBuild());
    builds.push(anotherBuild(builds[0]).dir);
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
    for (const dir of builds) rmSync(dir, { recursive: true, force: true });
  });

  it('serves no page of the build before: every asset a page links answers 200', async () => {
    const start = (frontendDir: string) =>
      startTestApp({ FRONTEND_DIR: frontendDir }, { serveSite: true, dataDir: data.dataDir, databaseUrl: data.databaseUrl });
    t = await start(builds[0]);
    const author = await t.author();
    const post = await createPost(author, { title: 'مقالة قبل التحديث', published: true });
    const paths = ['/', `/post/${encodeURIComponent(post.slug)}`, '/about', '/no-such-page'];
    for (const path of paths) await get(t, path);
    await t.close();
    // The new build replaces the old one's files, as `npm run build` or a new image does.
    rmSync(builds[0], { recursive: true, force: true });

    t = await start(builds[1]);
    for (const path of paths) {
      const page = await get(t, path);
      const links = assetLinks(page.text);
      expect(links.length, path).toBeGreaterThan(0);
      for (const link of links) expect((await get(t, link)).status, `${path} links ${link}`).toBe(200);
      expect(page.text, path).toMatch(/\/assets\/index-[\w-]+x2\.js/);
    }
  });
});
