import TestAgent from 'supertest/lib/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../support/helpers';
import { sharedTestApp } from '../support/test-app';

/**
 * Items 3 and 6 of the hostile-input issue: invariants that hold when requests arrive together. On PostgreSQL the
 * requests really run side by side (a pool of connections); SQLite serializes writes, and must agree.
 */
describe('races', () => {
  const t = sharedTestApp();
  let author: TestAgent;

  beforeAll(async () => {
    author = await t.author();
  });

  const featuredCount = async () => {
    const posts: { featured: boolean }[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = (await author.get(`/api/posts?limit=50&offset=${offset}`).expect(200)).body as { featured: boolean }[];
      posts.push(...page);
      if (page.length < 50) break;
    }
    return posts.filter((post) => post.featured).length;
  };

  it('parallel "set as featured" on different posts leave exactly one featured post, never a 500', async () => {
    for (let round = 0; round < 5; round += 1) {
      const posts = await Promise.all(Array.from({ length: 10 }, () => createPost(author, { published: true })));
      const statuses = await Promise.all(posts.map(async (post) => (await author.put(`/api/posts/${post.id}/featured`)).status));
      expect(statuses).toEqual(Array(10).fill(200));
      expect(await featuredCount()).toBe(1);
    }
  });

  it('parallel creates with featured: true leave exactly one featured post', async () => {
    const statuses = await Promise.all(
      Array.from(
        { length: 10 },
        async (_, i) =>
          (await author.post('/api/posts').send({ title: `مميز ${i}`, content: '<p>نص</p>', published: true, featured: true })).status,
      ),
    );
    expect(statuses).toEqual(Array(10).fill(201));
    expect(await featuredCount()).toBe(1);
  });

  it('parallel creates with the same title all succeed, each with its own slug', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => author.post('/api/posts').send({ title: 'عنوان واحد للجميع', content: '<p>نص</p>' })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    const slugs = responses.map((response) => (response.body as { slug: string }).slug);
    expect(new Set(slugs).size).toBe(10);
  });

  it('a slug the author typed is still theirs: a clash is a 409, not a silent suffix', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => author.post('/api/posts').send({ title: 'x', slug: 'my-chosen-slug', content: '<p>نص</p>' })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
  });
});
