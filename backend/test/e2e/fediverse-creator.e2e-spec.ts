import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageFill } from '../../src/site/page-fill';
import { createPost, waitFor } from '../support/helpers';
import { startTestApp, type TestApp } from '../support/test-app';

const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

/** The fediverse:creator tags of a page's head. */
const creators = (html: string) =>
  [...html.matchAll(/<meta name="fediverse:creator" content="([^"]*)" \/>/g)].map(([, account]) => account);

/**
 * A post's page credits the blog's fediverse account (`<meta name="fediverse:creator">`, which Mastodon shows as the
 * author of a link preview), from the handle setting, and the stored pages are built again when the handle changes.
 */
describe("the blog's fediverse account on its post pages", () => {
  let t: TestApp;
  let author: TestAgent;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('these tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
    author = await t.author();
    server = t.app.getHttpServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("names the handle on a post's page (not on the home page), and the new one once the author changes it", async () => {
    const post = await createPost(author, { title: 'مقال يُشارك', published: true });
    const path = `/post/${encodeURIComponent(String(post.slug))}`;
    await t.app.get(PageFill).fill();
    const { account } = (await request(server).get('/api/federation/account').expect(200)).body;
    expect(account).toMatch(/^@blog@(localhost|127\.0\.0\.1):\d+$/);
    expect(creators((await request(server).get(path).expect(200)).text)).toEqual([account]);
    expect(creators((await request(server).get('/').expect(200)).text)).toEqual([]);

    await author.patch('/api/federation/settings').send({ handle: 'mudawwana' }).expect(200);
    const renamed = account.replace('@blog@', '@mudawwana@');
    await waitFor(async () => creators((await request(server).get(path)).text)[0] === renamed);
    expect((await request(server).get('/api/federation/account').expect(200)).body).toEqual({ account: renamed });
    // Alone it takes seconds; run after other files in a busy worker it once took over the usual 30 s.
  }, 60_000);
});
