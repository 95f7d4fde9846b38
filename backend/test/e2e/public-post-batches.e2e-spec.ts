import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Post } from '../../src/posts/post.entity';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Lists of every public post (the sitemap, the page fill) are read 500 at a time, each batch after the last post of
 * the one before (issue 23). Posts created at the same instant, across a batch's edge, must each be listed once,
 * and a draft or a post scheduled for later never.
 */
describe('every public post, read in batches', () => {
  let t: TestApp;
  const published: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({}, { serveSite: true });
    const posts = t.app.get(DataSource).getRepository(Post);
    const base = Date.UTC(2024, 0, 1);
    const rows = Array.from({ length: 1_210 }, (_, index) => {
      // Three posts to each instant: the first batch's edge (500 posts) falls inside a group that shares one.
      const createdAt = new Date(base + Math.floor(index / 3) * 60_000);
      const kind = index % 97 === 0 ? 'draft' : index % 101 === 0 ? 'scheduled' : 'public';
      const slug = `مقال-${index}`;
      if (kind === 'public') published.push(slug);
      return {
        title: `مقال ${index}`,
        slug,
        content: '<p>نص</p>',
        published: kind !== 'draft',
        publishAt: kind === 'scheduled' ? new Date(Date.now() + 86_400_000) : null,
        createdAt,
        updatedAt: createdAt,
        tags: [],
      };
    });
    for (let index = 0; index < rows.length; index += 200) await posts.insert(rows.slice(index, index + 200));
  });
  afterAll(() => t.close());

  it('lists each public post once in the sitemap, ties at the batch edges included', async () => {
    const { text } = await t.agent().get('/sitemap.xml').expect(200);
    const listed = [...text.matchAll(/<loc>[^<]*\/post\/([^<]+)<\/loc>/g)].map(([, slug]) => decodeURIComponent(slug));
    expect(listed).toHaveLength(published.length);
    expect(new Set(listed)).toEqual(new Set(published));
  });
});
