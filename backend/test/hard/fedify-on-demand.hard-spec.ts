import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendDir } from '../support/build';
import { queryStored, registerAuthor, scratchBlog, ServerProcess, signInAuthor } from '../support/server-process';

/**
 * Fedify is 15 MB of the serving thread's heap (issue 23's memory budget), loaded when the blog first federates
 * (docs/decisions/035): a blog nobody follows serves its readers and its author without it, the first fediverse
 * request loads it and is answered, and a blog with followers loads it before it answers anyone.
 */
const LOADED = 'module loaded: @fedify/fedify';

describe('Fedify, loaded when the blog first federates', () => {
  const blog = scratchBlog('fedify');
  const start = () =>
    blog.start({
      NODE_OPTIONS: `--require ${join(backendDir, 'test/support/report-module-loads.cjs')}`,
      REPORT_MODULES: '@fedify/fedify',
    });
  const stop = async (server: ServerProcess) => {
    server.child.kill('SIGTERM');
    await server.exited;
  };
  const stored = (sql: string) => queryStored(blog.dataDir, blog.databaseUrl(), sql);

  it('serves readers and the author without it, loads it for the first fediverse request, and at start once followed', async () => {
    const server = await start();
    const cookie = await registerAuthor(server.base);
    const published = await fetch(`${server.base}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ title: 'مقال بلا متابعين', content: '<p>نص المقال</p>', tags: ['اختبار'], published: true }),
    });
    expect(published.status).toBe(201);
    const { id, slug } = (await published.json()) as { id: number; slug: string };
    for (const path of ['/', `/post/${encodeURIComponent(slug)}`, '/rss.xml', '/sitemap.xml', '/api/posts', '/search?q=مقال']) {
      expect((await fetch(`${server.base}${path}`)).status, path).toBe(200);
    }
    // Each answer came after all the work of its request (a post's save waits for its listeners: the publisher's too).
    expect(server.output).not.toContain(LOADED);
    // Nobody to tell: no Create stored.
    expect(await stored(`SELECT type FROM federation_activities WHERE "postId" = ${id}`)).toEqual([]);

    const host = `localhost:${server.port}`;
    const finger = await fetch(`${server.base}/.well-known/webfinger?resource=acct:blog@${host}`);
    expect(finger.status).toBe(200);
    expect(((await finger.json()) as { subject: string }).subject).toBe(`acct:blog@${host}`);
    expect(server.output).toContain(LOADED);
    await stop(server);

    // Followed: loaded before the first answer, and a new post goes out to the follower.
    await stored(
      `INSERT INTO federation_followers ("actorUrl", handle, name, "inboxUrl", status) ` +
        `VALUES ('https://example.social/users/reader', '@reader@example.social', 'قارئ', 'https://example.social/users/reader/inbox', 'accepted')`,
    );
    const followed = await start();
    expect(followed.output).toContain(LOADED);
    const followedCookie = await signInAuthor(followed.base);
    const sent = await fetch(`${followed.base}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: followedCookie },
      body: JSON.stringify({ title: 'مقال لمتابع', content: '<p>نص</p>', tags: [], published: true }),
    });
    expect(sent.status).toBe(201);
    const sentId = ((await sent.json()) as { id: number }).id;
    expect(await stored(`SELECT type FROM federation_activities WHERE "postId" = ${sentId}`)).toEqual([{ type: 'Create' }]);
  }, 120_000);
});
