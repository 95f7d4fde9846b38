import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redirect } from '../../src/redirects/redirect.entity';
import { PageFill } from '../../src/site/page-fill';
import { type Archive, backupRoundTrip } from '../support/backup-commands';
import { buildBackend } from '../support/build';
import { NEEDS_POSTGRES_SERVER, onPostgres, POSTGRES_ONLY, postgresServer } from '../support/conditions';
import { createPost, queriesDuring, waitFor } from '../support/helpers';
import { AUTHOR, sharedTestApp, startTestApp, type TestApp } from '../support/test-app';

/**
 * Redirects from old addresses (issue 25, docs/decisions/025-redirects.md): the author's API (normalised addresses,
 * the blog's own paths, loops and bad input refused with their codes), the site's 301 in place of a 404 (never in
 * place of a live page), the lookups kept in memory and forgotten at every change, on every instance, and the table
 * in backups.
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');
const OLD = '/2019/05/مقال-قديم.html';
const encoded = (path: string) => encodeURI(path);

describe('the redirects API', () => {
  const t = sharedTestApp();
  let author: TestAgent;

  beforeAll(async () => {
    author = await t.author();
  });

  const add = (fields: Record<string, unknown>) => author.post('/api/redirects').send({ toPath: '/post/new', ...fields });

  it('needs a signed-in author (or a token) for every call', async () => {
    const reader = t.agent();
    for (const response of [
      await reader.get('/api/redirects'),
      await reader.post('/api/redirects').send({ fromPath: '/old', toPath: '/new' }),
      await reader.delete('/api/redirects/1'),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ statusCode: 401, code: 'NOT_SIGNED_IN' });
    }
    const token = (await author.post('/api/tokens').send({ name: 'importer' }).expect(201)).body.token as string;
    const script = t.agent();
    const bearer = `Bearer ${token}`;
    const created = await script
      .post('/api/redirects')
      .set('Authorization', bearer)
      .send({ fromPath: '/by-token', toPath: '/post/x' })
      .expect(201);
    await script.delete(`/api/redirects/${created.body.id}`).set('Authorization', bearer).expect(204);
  });

  it('stores the old address normalised: decoded once to NFC, without trailing slash, trackers or ?m=1', async () => {
    const cases: [string, string][] = [
      [`https://old.example.com${encoded(OLD)}?m=1&utm_source=feed`, OLD],
      ['/feed/', '/feed'],
      ['/?p=12&utm_campaign=x', '/?p=12'],
      ['/feeds/posts/default?max-results=5&alt=rss', '/feeds/posts/default?alt=rss&max-results=5'],
      ['/%D8%A7%D9%94', '/\u0623'],
    ];
    for (const [fromPath, stored] of cases) {
      const response = await add({ fromPath }).expect(201);
      expect(response.body).toMatchObject({ fromPath: stored, toPath: '/post/new', status: 301 });
      expect(Date.parse(response.body.createdAt)).not.toBeNaN();
    }
    // Another spelling of an address is the same address.
    const again = await add({ fromPath: `${encoded(OLD)}/` }).expect(409);
    expect(again.body).toMatchObject({ code: 'REDIRECT_EXISTS' });
    const target = await add({
      fromPath: '/target-forms',
      toPath: `  /post/${encodeURIComponent('مقال')}/?utm_source=old#c `,
      status: 302,
    });
    expect(target.body).toMatchObject({ toPath: '/post/مقال?utm_source=old#c', status: 302 });
  });

  it("refuses the blog's own paths, loops and addresses that are none, with their codes", async () => {
    for (const fromPath of [
      '/',
      '/?utm_source=x',
      '/api/posts',
      '/uploads/a.jpg',
      '/assets/index.js',
      '/admin',
      '/auth',
      '/search?q=x',
      '/rss.xml',
      '/sitemap-2.xml',
    ]) {
      const response = await add({ fromPath }).expect(400);
      expect(response.body, fromPath).toMatchObject({ statusCode: 400, code: 'REDIRECT_FROM_RESERVED' });
    }
    for (const fromPath of ['old-post', 'javascript:alert(1)', `/${'ب'.repeat(1000)}`]) {
      expect((await add({ fromPath }).expect(400)).body, fromPath).toMatchObject({ code: 'REDIRECT_FROM_INVALID' });
    }
    for (const toPath of ['post/x', '//evil.example/x', 'javascript:alert(1)', 'ftp://example.org/', 'https://exa mple.org/']) {
      expect((await add({ fromPath: '/to-check', toPath }).expect(400)).body, toPath).toMatchObject({ code: 'REDIRECT_TO_INVALID' });
    }
    // a → a, in any spelling; a → b → a; a → b → c → a; and with a query, the path it falls back to
    expect((await add({ fromPath: '/loop-a', toPath: '/loop-a/?utm_source=x' }).expect(400)).body).toMatchObject({ code: 'REDIRECT_LOOP' });
    await add({ fromPath: '/loop-a', toPath: '/loop-b' }).expect(201);
    expect((await add({ fromPath: '/loop-b', toPath: '/loop-a' }).expect(400)).body).toMatchObject({ code: 'REDIRECT_LOOP' });
    await add({ fromPath: '/loop-b', toPath: '/loop-c' }).expect(201);
    expect((await add({ fromPath: '/loop-c', toPath: '/loop-a' }).expect(400)).body).toMatchObject({ code: 'REDIRECT_LOOP' });
    expect((await add({ fromPath: '/loop-d', toPath: '/loop-d?x=1' }).expect(400)).body).toMatchObject({ code: 'REDIRECT_LOOP' });
    // the blog's own address is a path on it
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    expect((await add({ fromPath: '/loop-e', toPath: `http://localhost:${port}/loop-e/` }).expect(400)).body).toMatchObject({
      code: 'REDIRECT_LOOP',
    });
    expect((await add({ fromPath: '/own-origin', toPath: `http://localhost:${port}/post/x` }).expect(201)).body.toPath).toBe('/post/x');
  });

  it('answers bad input with a 400, never a 500', async () => {
    const bad: Record<string, unknown>[] = [
      {},
      { fromPath: '/x' },
      { toPath: '/x' },
      { fromPath: 12, toPath: '/x' },
      { fromPath: ['/x'], toPath: '/x' },
      { fromPath: '/x', toPath: { a: 1 } },
      { fromPath: '  ', toPath: '/x' },
      { fromPath: '/x', toPath: '/y', status: 303 },
      { fromPath: '/x', toPath: '/y', status: '301' },
      { fromPath: '/x'.repeat(4000), toPath: '/y' },
      { fromPath: '/x', toPath: `https://example.org/${'a'.repeat(2000)}` },
    ];
    for (const body of bad) {
      const response = await author.post('/api/redirects').send(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.statusCode).toBe(400);
    }
    for (const query of ['limit=0', 'limit=51', 'limit=x', 'offset=-1', 'offset=1.5']) {
      expect((await author.get(`/api/redirects?${query}`)).status, query).toBe(400);
    }
    expect((await author.delete('/api/redirects/abc').expect(400)).body.code).toBe('INVALID_ID');
    expect((await author.delete('/api/redirects/99999999999').expect(400)).body.code).toBe('INVALID_ID');
    expect((await author.delete('/api/redirects/999999').expect(404)).body.code).toBe('REDIRECT_NOT_FOUND');
  });

  it('lists newest first, a page at a time, with the total; deletes one', async () => {
    const { total } = (await author.get('/api/redirects').expect(200)).body;
    const made = [];
    for (let index = 0; index < 3; index += 1) made.push((await add({ fromPath: `/listed-${index}` }).expect(201)).body);
    const first = (await author.get('/api/redirects?limit=2').expect(200)).body;
    expect(first.total).toBe(total + 3);
    expect(first.items.map((row: Record<string, unknown>) => row.fromPath)).toEqual(['/listed-2', '/listed-1']);
    const second = (await author.get('/api/redirects?limit=2&offset=2').expect(200)).body;
    expect(second.items[0].fromPath).toBe('/listed-0');
    await author.delete(`/api/redirects/${made[1].id}`).expect(204);
    await author.delete(`/api/redirects/${made[1].id}`).expect(404);
    expect((await author.get('/api/redirects?limit=2').expect(200)).body).toMatchObject({
      total: total + 2,
      items: [{ fromPath: '/listed-2' }, { fromPath: '/listed-0' }],
    });
  });

  it('finds redirects by a part of the old or the new address, in any case; % and _ are letters', async () => {
    await add({ fromPath: '/2019/05/مقال-البحث-القديم.html', toPath: '/post/وجهة-البحث' }).expect(201);
    await add({ fromPath: '/Old_Search%25', toPath: '/post/other' }).expect(201);
    const found = async (q: string) =>
      ((await author.get('/api/redirects').query({ q }).expect(200)).body.items as { fromPath: string }[]).map((row) => row.fromPath);
    expect(await found('البحث-القديم')).toEqual(['/2019/05/مقال-البحث-القديم.html']);
    expect(await found('وجهة')).toEqual(['/2019/05/مقال-البحث-القديم.html']);
    expect(await found('old_search')).toEqual(['/Old_Search%25']);
    // `_` as a wildcard would match '/2019/05/…' (9, any character, 0); as a letter it matches only its own row
    expect(await found('9_0')).toEqual([]);
    expect(await found('d_s')).toEqual(['/Old_Search%25']);
    expect((await author.get('/api/redirects').query({ q: 'لا-شيء-هنا' }).expect(200)).body).toMatchObject({ items: [], total: 0 });
    await author
      .get('/api/redirects')
      .query({ q: 'x'.repeat(201) })
      .expect(400);
  });
});

describe('redirects on the site', () => {
  let t: TestApp;
  let author: TestAgent;
  let live: Record<string, any>;
  let target: Record<string, any>;
  const site = () => request(t.app.getHttpServer());
  const add = async (fromPath: string, toPath: string, status?: number) =>
    (await author.post('/api/redirects').send({ fromPath, toPath, status }).expect(201)).body as Record<string, any>;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
    author = await t.author();
    target = await createPost(author, { published: true, title: 'المقال الجديد', slug: 'مقال-جديد' });
    live = await createPost(author, { published: true, title: 'مقال حي', slug: 'مقال-حي' });
    await t.app.get(PageFill).fill();
  });
  afterAll(() => t?.close());

  it('answers an old Arabic address, percent-encoded or not, with a 301 to the new one', async () => {
    await site().get(encoded(OLD)).expect(404);
    await add(OLD, `/post/${target.slug}`);
    const location = `/post/${encodeURIComponent(target.slug)}`;
    for (const path of [encoded(OLD), encoded(OLD).toLowerCase(), `${encoded(OLD)}/`, `${encoded(OLD)}?m=1`]) {
      const response = await site().get(path).redirects(0);
      expect(response.status, path).toBe(301);
      expect(response.headers.location).toBe(location);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.text).toBe('');
    }
    // a query the page would not read falls back to the address without it; HEAD is answered the same
    await site()
      .get(`${encoded(OLD)}?ref=x`)
      .redirects(0)
      .expect(301)
      .expect('Location', location);
    await site().head(encoded(OLD)).redirects(0).expect(301).expect('Location', location);
    // the reader lands on the post
    const followed = await site().get(encoded(OLD)).redirects(1).expect(200);
    expect(followed.text).toContain('المقال الجديد');
  });

  it("answers the old platforms' feeds and ?p=12 addresses, and a 302 as a temporary one", async () => {
    await add('/feed/', '/rss.xml');
    await site().get('/feed/').redirects(0).expect(301).expect('Location', '/rss.xml');
    await site().get('/feed').redirects(0).expect(301).expect('Location', '/rss.xml');
    await add('/feeds/posts/default?alt=rss', '/rss.xml');
    await site().get('/feeds/posts/default?alt=rss').redirects(0).expect(301);
    await site().get('/feeds/posts/default').expect(404);
    // WordPress's post 12: the home page does not read ?p, so the redirect answers before it
    await add('/?p=12', `/post/${target.slug}`, 302);
    const moved = await site().get('/?utm_source=x&p=12').redirects(0).expect(302);
    expect(moved.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=60');
    await site().get('/?p=13').expect(200);
    await site().get('/').expect(200);
    // an outside address, encoded for the header
    await add('/gone-away', 'https://example.org/مكان?x=1');
    await site()
      .get('/gone-away')
      .redirects(0)
      .expect(301)
      .expect('Location', `https://example.org/${encodeURIComponent('مكان')}?x=1`);
    // a signed-in browser keeps no redirect (the author tries one, deletes it, tries again)
    const signedIn = await author.get('/gone-away').redirects(0).expect(301);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('never hides a live page: a redirect from a post answers once the post is gone', async () => {
    const path = `/post/${encodeURIComponent(live.slug)}`;
    await add(`/post/${live.slug}`, `/post/${target.slug}`);
    await add(`/post/${live.slug}?page=2`, '/');
    const page = await site().get(path).expect(200);
    expect(page.text).toContain('مقال حي');
    await site().get(`${path}?page=2`).expect(200);
    await author.put(`/api/posts/${live.id}`).send({ published: false }).expect(200);
    await site()
      .get(path)
      .redirects(0)
      .expect(301)
      .expect('Location', `/post/${encodeURIComponent(target.slug)}`);
    await author.put(`/api/posts/${live.id}`).send({ published: true }).expect(200);
    await site().get(path).expect(200);
  });

  it('forgets a deleted redirect at once, and an added one answers where a 404 was kept', async () => {
    const first = await site().get('/kept-404').expect(404);
    expect(first.status).toBe(404);
    const redirect = await add('/kept-404', '/');
    await site().get('/kept-404').redirects(0).expect(301);
    await author.delete(`/api/redirects/${redirect.id}`).expect(204);
    await site().get('/kept-404').expect(404);
  });

  it('keeps 404s cheap at 10,000 redirects: an unknown address costs no read once the addresses are hashed', async () => {
    const dataSource = t.app.get(DataSource);
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      fromPath: `/imported/${index}`,
      toPath: `/post/${target.slug}`,
      status: 301 as const,
    }));
    for (let start = 0; start < rows.length; start += 500) await dataSource.getRepository(Redirect).insert(rows.slice(start, start + 500));
    await author.post('/api/redirects').send({ fromPath: '/after-import', toPath: '/' }).expect(201); // a change: lookups forget
    const redirectQueries = async (path: string, status: number) => {
      const { queries } = await queriesDuring(dataSource, () => site().get(path).redirects(0).expect(status));
      return { queries: queries.map(({ sql }) => sql).filter((sql) => sql.includes('"redirects"')) };
    };
    // the first lookup after the change reads its address by the index while the table's addresses are hashed
    const unknown = await redirectQueries('/no/such/address', 404);
    expect(unknown.queries.filter((query) => /WHERE .*"fromPath" IN/.test(query))).toHaveLength(1);
    let attempt = 0;
    await expect.poll(async () => (await redirectQueries(`/no/such/address/${(attempt += 1)}`, 404)).queries).toEqual([]);
    expect((await redirectQueries('/no/such/address?ref=feed', 404)).queries).toEqual([]);
    expect((await redirectQueries('/another/unknown/address', 404)).queries).toEqual([]);
    expect((await redirectQueries('/imported/9876', 301)).queries).toHaveLength(1);
    expect((await redirectQueries('/imported/9876', 301)).queries).toEqual([]);
    // the unique index answers the lookup
    if (onPostgres) await dataSource.query('ANALYZE "redirects"');
    const plan = onPostgres
      ? JSON.stringify(await dataSource.query(`EXPLAIN SELECT * FROM "redirects" WHERE "fromPath" IN ('/imported/5')`))
      : JSON.stringify(await dataSource.query(`EXPLAIN QUERY PLAN SELECT * FROM "redirects" WHERE "fromPath" IN ('/imported/5')`));
    expect(plan).toContain('UQ_redirects_from_path');
  });

  it.runIf(onPostgres)(
    'answers a redirect added on one instance on the other at once, and forgets a deleted one',
    POSTGRES_ONLY,
    async () => {
      const other = request((await t.anotherInstance()).getHttpServer());
      await other.get('/from-elsewhere').expect(404); // its lookup keeps the 404
      const redirect = await add('/from-elsewhere', '/');
      await waitFor(async () => (await other.get('/from-elsewhere').redirects(0)).status === 301);
      await author.delete(`/api/redirects/${redirect.id}`).expect(204);
      await waitFor(async () => (await other.get('/from-elsewhere').redirects(0)).status === 404);
    },
  );
});

describe.runIf(postgresServer)('redirects in backup and restore', NEEDS_POSTGRES_SERVER, () => {
  const { here, there, work, commands } = backupRoundTrip('mudawwana-redirects-backup-');
  let source: TestApp;
  let archiveFile: string;
  let archive: Archive;

  beforeAll(async () => {
    await buildBackend();
    source = await startTestApp();
    const author = await source.author();
    for (const [fromPath, toPath, status] of [
      [OLD, '/post/مقال-جديد', 301],
      ['/?p=12', 'https://example.org/x?y=1', 302],
      ['/feed/', '/rss.xml', 301],
    ] as const) {
      await author.post('/api/redirects').send({ fromPath, toPath, status }).expect(201);
    }
    archiveFile = await commands.backup({ DATA_DIR: source.dataDir, DATABASE_URL: source.databaseUrl ?? '' }, 'redirects.tar.gz');
    archive = await commands.readArchive(archiveFile);
  }, 240_000);

  afterAll(async () => {
    await source?.close();
    await commands.dropDatabases();
    rmSync(work, { recursive: true, force: true });
  });

  it('holds the redirects, and takes them through the other driver and back unchanged; the restored blog lists them', async () => {
    expect(archive.manifest.tables).toMatchObject({ redirects: 3 });
    expect(archive.tables.redirects.map((row) => [row.fromPath, row.toPath, row.status])).toEqual([
      [OLD, '/post/مقال-جديد', 301],
      ['/?p=12', 'https://example.org/x?y=1', 302],
      ['/feed', '/rss.xml', 301],
    ]);
    const middle = await commands.newPlace(there);
    expect((await commands.command('restore', [archiveFile], middle.env)).code).toBe(0);
    const second = await commands.readArchive(await commands.backup(middle.env, 'redirects-second.tar.gz'));
    expect(second.tables.redirects).toEqual(archive.tables.redirects);
    const last = await commands.newPlace(here);
    expect((await commands.command('restore', [join(work, 'redirects-second.tar.gz')], last.env)).code).toBe(0);

    const restored = await startTestApp({}, { dataDir: last.dataDir, databaseUrl: last.databaseUrl });
    try {
      const author = restored.agent();
      await author.post('/api/login').send({ username: AUTHOR.username, password: AUTHOR.password }).expect(200);
      const list = (await author.get('/api/redirects').expect(200)).body;
      expect(list.total).toBe(3);
      // a new one takes the next id, and the restored ones still refuse their duplicates
      const next = await author.post('/api/redirects').send({ fromPath: '/new-after-restore', toPath: '/' }).expect(201);
      expect(next.body.id).toBe(Math.max(...archive.tables.redirects.map((row) => row.id as number)) + 1);
      await author.post('/api/redirects').send({ fromPath: '/feed/', toPath: '/' }).expect(409);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a redirect row the API could not have written, naming it, and changes nothing', async () => {
    const place = await commands.newPlace(here);
    const cases: { change: (rows: Record<string, any>[]) => void; message: string }[] = [
      {
        change: (rows) => (rows[0] = { ...rows[0], fromPath: '/api/posts' }),
        message: 'tables/redirects.jsonl line 1: fromPath "/api/posts" is not an address the API stores a redirect from',
      },
      {
        change: (rows) => (rows[1] = { ...rows[1], toPath: 'javascript:alert(1)' }),
        message: 'tables/redirects.jsonl line 2: toPath "javascript:alert(1)" is neither a local path nor an http(s) URL',
      },
      { change: (rows) => (rows[2] = { ...rows[2], status: 307 }), message: 'tables/redirects.jsonl line 3: status must be 301 or 302' },
      {
        change: (rows) => (rows[2] = { ...rows[2], fromPath: rows[0].fromPath }),
        message: `tables/redirects.jsonl line 3: fromPath ${JSON.stringify(OLD)} is there twice`,
      },
    ];
    for (const [index, { change, message }] of cases.entries()) {
      const file = await commands.alteredArchive(archiveFile, `bad-redirect-${index}.tar.gz`, (tables) => change(tables.redirects));
      const result = await commands.command('restore', [file], place.env);
      expect(result.stderr.trim()).toBe(`mudawwana: the backup was refused: ${message}. Nothing was changed.`);
      expect(result.code).toBe(1);
    }
    expect((await commands.command('restore', [archiveFile], place.env)).code).toBe(0);
  }, 120_000);
});
