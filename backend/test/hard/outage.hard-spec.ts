import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
