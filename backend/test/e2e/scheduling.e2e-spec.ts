import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentEvents } from '../../src/common/content-events';
import { onPostgres, POSTGRES_ONLY } from '../support/conditions';
import { createPost } from '../support/helpers';
import { startTestApp, TestApp, sharedTestApp } from '../support/test-app';

/** The scheduler looks every 200 ms here (SCHEDULER_INTERVAL_MS); in production every 30 s. */
const INTERVAL = '200';

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Waits until `check` holds (or fails the test after `ms`). */
async function eventually(check: () => Promise<boolean>, ms = 8000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the condition never held');
    await sleep(100);
  }
}

/** Issue 14: scheduled posts stay out of every public read until their time, then come out by themselves. */
describe('scheduled publishing', () => {
  const t = sharedTestApp({ SCHEDULER_INTERVAL_MS: INTERVAL });
  let author: TestAgent;
  let category: { id: number; slug: string };

  beforeAll(async () => {
    author = await t.author();
    category = (await author.post('/api/categories').send({ name: 'مجدولة' }).expect(201)).body;
  });

  /** Everything an anonymous reader can learn about this post through the API. */
  async function publicView(post: { id: number; slug: string }) {
    const anonymous = t.agent();
    const list = (await anonymous.get('/api/posts?limit=50').expect(200)).body as { id: number }[];
    const ofCategory = (await anonymous.get(`/api/posts?category=${encodeURIComponent(category.slug)}`).expect(200)).body as {
      id: number;
    }[];
    const counts = (await anonymous.get('/api/posts/counts').expect(200)).body as { published: number; scheduled: number };
    const categories = (await anonymous.get('/api/categories').expect(200)).body as { id: number; postCount: number }[];
    const detail = await anonymous.get(`/api/posts/${encodeURIComponent(post.slug)}`);
    return {
      listed: list.some((p) => p.id === post.id),
      inCategory: ofCategory.some((p) => p.id === post.id),
      published: counts.published,
      scheduledCount: counts.scheduled,
      categoryCount: categories.find((c) => c.id === category.id)?.postCount,
      detail: detail.status,
    };
  }

  it('is invisible to readers until its time, then appears everywhere without anyone saving', async () => {
    const older = await createPost(author, {
      published: true,
      categoryId: category.id,
      createdAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const before = await publicView(older as { id: number; slug: string });
    const publishAt = inMs(2500);
    const post = await createPost(author, { published: true, publishAt, categoryId: category.id, featured: true });
    expect(post).toMatchObject({ published: true, publishAt, createdAt: publishAt, featured: false });

    expect(await publicView(post as { id: number; slug: string })).toEqual({ ...before, listed: false, inCategory: false, detail: 404 });
    const neighbour = (
      await t
        .agent()
        .get(`/api/posts/${encodeURIComponent(older.slug as string)}`)
        .expect(200)
    ).body;
    expect(neighbour.next).toBeNull();
    // the author sees it as scheduled
    const scheduled = (await author.get('/api/posts?status=scheduled').expect(200)).body as { id: number }[];
    expect(scheduled.map((p) => p.id)).toEqual([post.id]);
    expect((await author.get('/api/posts/counts').expect(200)).body).toMatchObject({ scheduled: 1 });
    expect((await author.get('/api/posts?status=published&limit=50').expect(200)).body.some((p: { id: number }) => p.id === post.id)).toBe(
      false,
    );
    await author.put(`/api/posts/${post.id}/featured`).expect(400);

    await eventually(async () => (await publicView(post as { id: number; slug: string })).listed);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
    expect(await publicView(post as { id: number; slug: string })).toEqual({
      listed: true,
      inCategory: true,
      published: before.published + 1,
      scheduledCount: 0,
      categoryCount: (before.categoryCount ?? 0) + 1,
      detail: 200,
    });
    expect(
      (
        await t
          .agent()
          .get(`/api/posts/${encodeURIComponent(older.slug as string)}`)
          .expect(200)
      ).body.next,
    ).toMatchObject({ slug: post.slug });
    // the scheduler took it out of the schedule once announced
    await eventually(async () => (await author.get(`/api/posts/id/${post.id}`).expect(200)).body.publishAt === null);
    expect((await author.get('/api/posts/counts').expect(200)).body).toMatchObject({ scheduled: 0 });
  });

  it('unscheduling returns the post to draft; a past time publishes at once', async () => {
    const post = await createPost(author, { published: true, publishAt: inMs(3_600_000) });
    const unscheduled = await author.put(`/api/posts/${post.id}`).send({ publishAt: null, version: post.version }).expect(200);
    expect(unscheduled.body).toMatchObject({ published: false, publishAt: null });
    const rescheduled = await author
      .put(`/api/posts/${post.id}`)
      .send({ published: true, publishAt: inMs(3_600_000) })
      .expect(200);
    expect(rescheduled.body.publishAt).not.toBeNull();
    const now = await author.put(`/api/posts/${post.id}`).send({ published: true, publishAt: null }).expect(200);
    expect(now.body).toMatchObject({ published: true, publishAt: null });
    const past = await createPost(author, { published: true, publishAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past).toMatchObject({ published: true, publishAt: null });
    await t
      .agent()
      .get(`/api/posts/${encodeURIComponent(past.slug as string)}`)
      .expect(200);
    // a draft with a time is just a draft
    const draft = await createPost(author, { published: false, publishAt: inMs(3_600_000) });
    expect(draft).toMatchObject({ published: false, publishAt: null });
  });

  it('refuses bad input with 400 and keeps the scheduled list to the author', async () => {
    await author.post('/api/posts').send({ title: 'x', content: '<p>x</p>', publishAt: 'tomorrow' }).expect(400);
    await author.post('/api/posts').send({ title: 'x', content: '<p>x</p>', publishAt: 12 }).expect(400);
    await author.get('/api/posts?status=later').expect(400);
    const hidden = await createPost(author, { published: true, publishAt: inMs(3_600_000) });
    const anonymous = (await t.agent().get('/api/posts?status=scheduled&limit=50').expect(200)).body as { id: number }[];
    expect(anonymous.some((p) => p.id === hidden.id)).toBe(false);
    expect((await t.agent().get('/api/posts/counts').expect(200)).body.scheduled).toBe(0);
  });

  it('a post that came due while no scheduler looked is announced by the next instance to start', async () => {
    const slow = await startTestApp({ SCHEDULER_INTERVAL_MS: '3600000' });
    try {
      const slowAuthor = await slow.author();
      const post = await createPost(slowAuthor, { published: true, publishAt: inMs(800) });
      await sleep(1000);
      // readers see it (the time has come) but no one announced it yet
      expect((await slowAuthor.get(`/api/posts/id/${post.id}`).expect(200)).body.publishAt).not.toBeNull();
      const restarted = await slow.anotherInstance();
      const announced: string[][] = [];
      restarted.get(ContentEvents).on((origin, tags) => void (origin === 'local' && announced.push([...tags])));
      await eventually(async () => (await slowAuthor.get(`/api/posts/id/${post.id}`).expect(200)).body.publishAt === null);
      // it had started announcing before the listener was there: the claim is the proof, the post is out of the schedule
      expect(announced.length).toBeLessThanOrEqual(1);
    } finally {
      await slow.close();
    }
  });

  // one process on SQLite
  it.runIf(onPostgres)(
    'with two instances on one database, exactly one announces a scheduled post (and the other hears of it)',
    POSTGRES_ONLY,
    async () => {
      const other = await t.anotherInstance();
      const heard: { instance: string; origin: string; tags: readonly string[] }[] = [];
      t.app.get(ContentEvents).on((origin, tags) => void heard.push({ instance: 'first', origin, tags }));
      other.get(ContentEvents).on((origin, tags) => void heard.push({ instance: 'second', origin, tags }));
      const posts: { id: number; slug: string }[] = [];
      for (let i = 0; i < 5; i += 1)
        posts.push((await createPost(author, { published: true, publishAt: inMs(1500 + i * 50) })) as { id: number; slug: string });
      heard.length = 0;
      await eventually(async () => {
        const all = await Promise.all(posts.map(async (post) => (await author.get(`/api/posts/id/${post.id}`)).body.publishAt));
        return all.every((publishAt) => publishAt === null);
      });
      await sleep(1000);
      for (const post of posts) {
        // its link tag: only its own announcement carries it (a neighbour's announcement names it as post:<id>)
        const tag = `post-link:${post.slug as string}`;
        const local = heard.filter((event) => event.origin === 'local' && event.tags.includes(tag));
        const remote = heard.filter((event) => event.origin === 'remote' && event.tags.includes(tag));
        expect(local, `announcements of ${tag}`).toHaveLength(1);
        expect(remote.map((event) => event.instance)).toEqual([local[0].instance === 'first' ? 'second' : 'first']);
      }
    },
  );
});

/** The same on the rendered site (page store, feed, sitemap): needs the built frontend (`npm run build`). */
describe('scheduled publishing on the public site', () => {
  let t: TestApp;

  beforeAll(async () => {
    if (!existsSync(resolve(__dirname, '../../../frontend/dist/server/entry-server.js'))) throw new Error('run `npm run build` first');
    t = await startTestApp({ SCHEDULER_INTERVAL_MS: INTERVAL }, { serveSite: true });
  });
  afterAll(() => t.close());

  it('home, post page, category page, feed and sitemap show the post from its time on, and not before', async () => {
    const author = await t.author();
    const category = (await author.post('/api/categories').send({ name: 'قريبا' }).expect(201)).body as { slug: string };
    const title = 'مقال ينشر وحده';
    // far enough ahead that the first renders (cold, on a busy machine) are done before it
    const post = await createPost(author, { title, published: true, publishAt: inMs(8000), categoryId: (category as { id?: number }).id });
    const slug = post.slug as string;
    const paths = ['/', '/rss.xml', '/sitemap.xml', `/category/${encodeURIComponent(category.slug)}`];
    const shows = async (path: string) =>
      (await t.agent().get(path)).text.includes(path === '/sitemap.xml' ? encodeURIComponent(slug) : title);
    for (const path of paths) expect(await shows(path), `${path} before its time`).toBe(false);
    expect((await t.agent().get(`/post/${encodeURIComponent(slug)}`)).status).toBe(404);
    expect(Date.now(), 'checked before its time').toBeLessThan(Date.parse(post.publishAt as string));
    await eventually(async () => (await Promise.all(paths.map(shows))).every(Boolean), 20_000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(post.publishAt as string));
    const page = await t.agent().get(`/post/${encodeURIComponent(slug)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(title);
  });

  it('a post whose comments close a day after publication: its stored page has the form until then, and loses it then by itself', async () => {
    const author = await t.author();
    // published a day ago, less 8 s: its comments close 8 s from now
    const closesAt = Date.now() + 8000;
    const post = await createPost(author, {
      published: true,
      createdAt: new Date(closesAt - 86_400_000).toISOString(),
      commentsCloseAfterDays: 1,
    });
    const path = `/post/${encodeURIComponent(post.slug as string)}`;
    const form = (html: string) => html.includes('data-testid="comment-form"');
    const closed = (html: string) => html.includes('data-testid="comments-closed"');
    const before = (await t.agent().get(path).expect(200)).text;
    expect(Date.now(), 'checked before the closing').toBeLessThan(closesAt);
    expect([form(before), closed(before)]).toEqual([true, false]);
    // nothing else changes: the scheduler's look is what has the page built again
    await eventually(async () => closed((await t.agent().get(path)).text), 20_000);
    expect(Date.now()).toBeGreaterThanOrEqual(closesAt);
    expect(form((await t.agent().get(path)).text)).toBe(false);
    const comment = { name: 'قارئ', content: 'تعليق بعد الإغلاق', altcha: 'x' };
    expect(
      (
        await t
          .agent()
          .post(`/api/posts/${post.id as number}/comments`)
          .send(comment)
          .expect(403)
      ).body.code,
    ).toBe('COMMENTS_CLOSED');
  });
});
