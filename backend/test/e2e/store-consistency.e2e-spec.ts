import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageFill } from '../../src/site/page-fill';
import { PageFreshness } from '../../src/site/page-freshness';
import { createPost } from '../support/helpers';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * What the page-store consistency test (issue 21, test/hard/page-store-consistency.hard-spec.ts) found, one case each:
 * a post withdrawn and published again kept answering 404 (its page, rebuilt as a 404 when it was withdrawn, was
 * stored without a tag its return records); the post that lost its featuring to another kept its page as it was.
 * Needs the built frontend (`npm run build`).
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

describe('stored pages follow what the page-store consistency test found', () => {
  let t: TestApp;
  let pages: PageFreshness;
  const status = async (path: string) => (await request(t.app.getHttpServer()).get(path)).status;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
    pages = t.app.get(PageFreshness);
    await t.app.get(PageFill).fill();
  });
  afterAll(() => t?.close());

  it.each([
    ['withdrawn and published again', 'withdrawn', { published: false }, { published: true }],
    ['renamed away and back', 'renamed', { slug: 'elsewhere' }, { slug: 'renamed' }],
  ])('is served again once %s', async (_case, slug, away, back) => {
    const author = await t.author();
    const post = await createPost(author, { published: true, slug, title: 'مقال يعود' });
    const path = `/post/${slug}`;
    expect(await status(path)).toBe(200);
    await author.put(`/api/posts/${post.id}`).send(away).expect(200);
    await pages.settled(); // its page rebuilt (and stored) as a 404
    expect(await status(path)).toBe(404);
    await author.put(`/api/posts/${post.id}`).send(back).expect(200);
    await pages.settled();
    expect(await status(path)).toBe(200);
  });

  it("rebuilds a post's page when featuring another post unfeatures it", async () => {
    const author = await t.author();
    const first = await createPost(author, { published: true, featured: true, slug: 'was-featured' });
    const second = await createPost(author, { published: true, slug: 'now-featured' });
    const path = '/post/was-featured';
    /** What its page says of it: when it changed (a meta tag) and whether it is featured (its data, and the footer's). */
    const shown = async () => {
      const page = (await request(t.app.getHttpServer()).get(path)).text;
      const featured = [...page.matchAll(/"slug":"was-featured"[^{}]*?"featured":(true|false)/g)].map((match) => match[1]);
      return { modified: /article:modified_time" content="([^"]+)"/.exec(page)?.[1], featured: [...new Set(featured)] };
    };
    await pages.settled();
    expect(await shown()).toEqual({ modified: first.updatedAt, featured: ['true'] });
    await author.put(`/api/posts/${second.id}/featured`).expect(200);
    await pages.settled();
    const unfeatured = (await author.get(`/api/posts/id/${first.id}`).expect(200)).body as { featured: boolean; updatedAt: string };
    expect(unfeatured.featured).toBe(false);
    expect(await shown()).toEqual({ modified: unfeatured.updatedAt, featured: ['false'] });
  });
});
