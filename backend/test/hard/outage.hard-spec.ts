import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../src/database/content-change-bridge';
import { PrivatePostgres, startPrivatePostgres } from '../support/private-postgres';
import { startTestApp, TestApp } from '../support/test-app';
import { onPostgres, POSTGRES_ONLY } from '../support/conditions';

/** Polls until `check` passes or the time is up; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Date.now() - start;
}

describe.runIf(onPostgres)('a PostgreSQL outage', POSTGRES_ONLY, () => {
  let cluster: PrivatePostgres;
  let t: TestApp;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    t = await startTestApp({ DATABASE_URL: cluster.url });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    cluster?.remove();
  });

  it('answers 503 to reads and writes while the database is down, reconnects by itself, and writes nothing half', async () => {
    const author = await t.author();
    await author.post('/api/posts').send({ title: 'قبل الانقطاع', content: '<p>نص</p>', published: true }).expect(201);

    cluster.stopNow();
    const reader = t.agent();
    const calls = {
      'GET /api/health': () => reader.get('/api/health'),
      'GET /api/posts': () => reader.get('/api/posts'),
      'GET /api/posts/:slug': () => reader.get('/api/posts/قبل-الانقطاع'),
      'POST /api/login': () => reader.post('/api/login').send({ username: 'author', password: 'wrong-password' }),
      'GET /api/user (signed in)': () => author.get('/api/user'),
      'POST /api/posts (signed in)': () =>
        author.post('/api/posts').send({ title: 'أثناء الانقطاع', content: '<p>نص</p>', tags: ['a', 'b'] }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const response = await call();
      expect(response.status, `${name}: ${response.text}`).toBe(503);
      expect(response.body).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', requestId: expect.any(String) });
      expect(response.headers['retry-after']).toBeDefined();
    }

    cluster.start();
    const reconnected = await within(15_000, async () => (await reader.get('/api/health')).status === 200);
    console.info(`reconnected ${reconnected} ms after the database came back`);
    // The session survived (it lives in the database), and what was refused was not written.
    await author.post('/api/posts').send({ title: 'بعد الانقطاع', content: '<p>نص</p>', published: true }).expect(201);
    const all = (await author.get('/api/posts?limit=50').expect(200)).body.map((post: { title: string }) => post.title);
    expect(all.sort()).toEqual(['بعد الانقطاع', 'قبل الانقطاع'].sort());
  });
});

/**
 * Issue 21: the listener that relays changes between instances (LISTEN/NOTIFY, content-change-bridge.ts) stays down
 * across several attempts to listen again: the whole cluster stopped, then only new connections refused while the
 * database serves the pool's. Each time it comes back by itself (with backoff), nothing is left unhandled, and the
 * other instance's pages show the changes made after and during the outage.
 */
describe.runIf(onPostgres)('the PostgreSQL listener stays down across several attempts', POSTGRES_ONLY, () => {
  let cluster: PrivatePostgres;
  let a: TestApp;
  let b: NestExpressApplication;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  /** One statement on the cluster's own `postgres` database, on a connection of its own (the cluster restarts). */
  const admin = async (sql: string, parameters: unknown[] = []) => {
    const client = new Client({ connectionString: cluster.url });
    await client.connect();
    try {
      return (await client.query(sql, parameters)).rows;
    } finally {
      await client.end();
    }
  };
  const listeners = async () =>
    Number(
      (
        await admin(`SELECT count(*) AS n FROM pg_stat_activity WHERE "datname" = 'blog' AND "application_name" = $1`, [
          LISTENER_APPLICATION_NAME,
        ])
      )[0].n,
    );
  const titleOnB = async (slug: string, title: string) =>
    (await request(b.getHttpServer()).get(`/post/${encodeURIComponent(slug)}`)).text.includes(title);
  /**
   * Until B keeps the post's page in memory: it shows it, and once no remote change is settling (2 s after the last,
   * change-clock.ts), the next fresh read is kept. From then on only a relayed change makes B look again.
   */
  const keptOnB = async (slug: string, title: string) => {
    await within(10_000, () => titleOnB(slug, title));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await titleOnB(slug, title)).toBe(true);
  };

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    cluster = await startPrivatePostgres();
    await admin('CREATE DATABASE blog');
    a = await startTestApp({ DATABASE_URL: cluster.url.replace(/\/postgres$/, '/blog') }, { serveSite: true });
    b = await a.anotherInstance();
    await within(10_000, async () => (await listeners()) === 2);
  }, 120_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await a?.close();
    cluster?.remove();
  });

  it('the cluster stopped for several retry intervals: both listeners come back, and a change on A reaches B', async () => {
    const author = await a.author();
    const post = (await author.post('/api/posts').send({ title: 'قبل التوقف', content: '<p>نص</p>', published: true }).expect(201)).body;
    await keptOnB(post.slug, 'قبل التوقف');

    cluster.stopNow();
    // Longer than the first four waits between attempts (0.5 + 1 + 2 + 4 s, at most 5): several refused in a row.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    cluster.start();
    const back = await within(30_000, async () => (await listeners().catch(() => 0)) === 2);
    console.info(`both listeners back ${back} ms after the cluster`);

    await within(15_000, async () => (await author.put(`/api/posts/${post.id}`).send({ title: 'بعد التوقف' })).status === 200);
    const seen = await within(10_000, () => titleOnB(post.slug, 'بعد التوقف'));
    console.info(`B showed A's change ${seen} ms after it`);
    expect(unhandled).toEqual([]);
  });

  it('new connections refused while the pool serves: B shows a change A made meanwhile, and listens again once allowed', async () => {
    const author = await a.author();
    const post = (await author.post('/api/posts').send({ title: 'قبل الرفض', content: '<p>نص</p>', published: true }).expect(201)).body;
    await keptOnB(post.slug, 'قبل الرفض');

    // The database refuses every new connection (as when its connection slots are full); the listeners are cut.
    await admin('ALTER DATABASE blog WITH ALLOW_CONNECTIONS false');
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "datname" = 'blog' AND "application_name" = $1`, [
      LISTENER_APPLICATION_NAME,
    ]);
    try {
      // Made while nobody listens: A's announcement reaches no one. B still shows it, without its listener.
      await author.put(`/api/posts/${post.id}`).send({ title: 'أثناء الرفض' }).expect(200);
      const seen = await within(15_000, () => titleOnB(post.slug, 'أثناء الرفض'));
      console.info(`B showed the change made during the outage ${seen} ms after it, its listener still refused`);
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // more refused attempts in a row
      expect(await listeners()).toBe(0);
    } finally {
      await admin('ALTER DATABASE blog WITH ALLOW_CONNECTIONS true');
    }
    await within(20_000, async () => (await listeners()) === 2);
    // And once it listens again, a change made now reaches B through it.
    await author.put(`/api/posts/${post.id}`).send({ title: 'بعد الرفض' }).expect(200);
    await within(10_000, () => titleOnB(post.slug, 'بعد الرفض'));
    expect(unhandled).toEqual([]);
  });
});
