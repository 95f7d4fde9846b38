import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MemoryPages } from '../../src/site/memory-pages';
import { PageFill } from '../../src/site/page-fill';
import { PageFreshness } from '../../src/site/page-freshness';
import { ServingPathWarmUp } from '../../src/site/serving-path-warm-up';
import { createPost, waitFor } from '../support/helpers';
import { startTestApp, type TestApp } from '../support/test-app';

const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

/** The serving path warmed at start by requests the server sends itself (docs/decisions/041). */
describe('ServingPathWarmUp', () => {
  let t: TestApp;
  let logged: MockInstance<typeof console.log>;
  const posts: string[] = [];

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    logged = vi.spyOn(console, 'log');
    t = await startTestApp({ WARM_UP_REQUESTS: '500' }, { serveSite: true });
    const author = await t.author();
    for (let index = 0; index < 12; index += 1) {
      const post = await createPost(author, { published: true, title: `مقال التسخين ${index}` });
      posts.push(`/post/${encodeURIComponent(post.slug)}`);
    }
    await t.app.get(PageFill).fill();
    await t.app.get(PageFreshness).settled();
  });
  afterAll(async () => {
    logged?.mockRestore();
    await t?.close();
  });

  it('runs once the page store is ready when WARM_UP_REQUESTS asks for it, and says so', async () => {
    await waitFor(async () => logged.mock.calls.some(([line]) => /serving path warmed/.test(String(line))), 10_000, 50);
    const line = String(logged.mock.calls.find(([line]) => /serving path warmed/.test(String(line)))?.[0]);
    expect(line).toMatch(/\(\d+ requests in \d+ ms, 0 failed\)/);
  });

  it('asks for every stored page through the server, and leaves memory as readers would find it', async () => {
    const memory = t.app.get(MemoryPages);
    // Nothing in memory: each page is read from the store, as after a restart on a blog bigger than memory.
    memory.clear();
    const server = t.app.getHttpServer() as Server;
    const warmed = await t.app.get(ServingPathWarmUp).run(server, 500);
    // The 12 posts, the home page, the about page and a path that names no page at least; none failed.
    expect(warmed.requests).toBeGreaterThanOrEqual(15);
    expect(warmed.failed).toBe(0);
    // Each was read once: a reader's first read of one now is a first read still, not kept in memory...
    const [post] = posts;
    await request(server).get(post).expect(200);
    expect(memory.get(post)).toBeUndefined();
    // ...and the reader's second read keeps it.
    await request(server).get(post).expect(200);
    expect(memory.get(post)).toBeDefined();
  });

  it('sends nothing once the server has stopped listening', async () => {
    const closed = (await import('node:http')).createServer();
    const warmed = await t.app.get(ServingPathWarmUp).run(closed, 500);
    expect(warmed).toEqual({ requests: 0, failed: 0, ms: 0, stopped: true });
  });
});
