import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '@mudawwana/rules';
import { Post } from '../../src/posts/post.entity';
import { startTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/**
 * Bounded lists (docs/decisions/006): default and maximum page sizes, totals the generated client can read
 * (GET /api/posts/counts), and a response-size bound that holds even when every field is at its longest.
 */
describe('bounded post lists and counts', () => {
  let t: TestApp;
  let author: TestAgent;
  let categories: Json[];
  const PUBLISHED_IN_FIRST = 37;
  const PUBLISHED_ELSEWHERE = 41;
  const DRAFTS = 12;

  beforeAll(async () => {
    t = await startTestApp();
    author = await t.author();
    categories = (await t.agent().get('/api/categories').expect(200)).body;
    // Inserted directly (the API's rules are tested elsewhere): enough posts to need several pages.
    const day = 24 * 3600 * 1000;
    const rows = Array.from({ length: PUBLISHED_IN_FIRST + PUBLISHED_ELSEWHERE + DRAFTS }, (_, i) => ({
      title: `منشور ${i}`,
      slug: `post-${i}`,
      content: '<p>نص</p>',
      published: i < PUBLISHED_IN_FIRST + PUBLISHED_ELSEWHERE,
      categoryId: i < PUBLISHED_IN_FIRST ? categories[0].id : i % 2 === 0 ? categories[1].id : null,
      createdAt: new Date(Date.UTC(2021, 0, 1) + i * day),
      tags: [],
    }));
    await t.app.get(DataSource).getRepository(Post).insert(rows);
  });
  afterAll(() => t.close());

  it(`GET /api/posts without limit answers one page of ${LIST_DEFAULT_LIMIT}, newest first, with the total in X-Total-Count`, async () => {
    const response = await t.agent().get('/api/posts').expect(200);
    expect(response.body).toHaveLength(LIST_DEFAULT_LIMIT);
    expect(response.body[0].slug).toBe(`post-${PUBLISHED_IN_FIRST + PUBLISHED_ELSEWHERE - 1}`);
    expect(response.headers['x-total-count']).toBe(String(PUBLISHED_IN_FIRST + PUBLISHED_ELSEWHERE));
  });

  it(`answers up to ${LIST_MAX_LIMIT} when asked, refuses more with a clear 400`, async () => {
    expect((await author.get(`/api/posts?limit=${LIST_MAX_LIMIT}`).expect(200)).body).toHaveLength(LIST_MAX_LIMIT);
    const refused = await author.get(`/api/posts?limit=${LIST_MAX_LIMIT + 1}`).expect(400);
    expect(JSON.stringify(refused.body.message)).toContain(`limit must not be greater than ${LIST_MAX_LIMIT}`);
  });

  it('pages of 10 with offset walk every post of a filter exactly once (the dashboard paging on the server)', async () => {
    const seen: number[] = [];
    for (let offset = 0; ; offset += 10) {
      const page = (await author.get(`/api/posts?published=false&limit=10&offset=${offset}`).expect(200)).body as Json[];
      seen.push(...page.map((post) => post.id));
      if (page.length < 10) break;
    }
    expect(seen).toHaveLength(DRAFTS);
    expect(new Set(seen).size).toBe(DRAFTS);
  });

  it('GET /api/posts/counts gives the author every post by status in one call', async () => {
    const response = await author.get('/api/posts/counts').expect(200);
    expect(response.body).toEqual({
      all: PUBLISHED_IN_FIRST + PUBLISHED_ELSEWHERE + DRAFTS,
      published: PUBLISHED_IN_FIRST + PUBLISHED_ELSEWHERE,
      scheduled: 0,
      drafts: DRAFTS,
    });
  });

  it('counts only published posts for anonymous callers (drafts are not even counted)', async () => {
    const published = PUBLISHED_IN_FIRST + PUBLISHED_ELSEWHERE;
    expect((await t.agent().get('/api/posts/counts').expect(200)).body).toEqual({ all: published, published, scheduled: 0, drafts: 0 });
  });

  it('counts one category, matching the list total and the category post count', async () => {
    const slug = categories[0].slug;
    const counts = (await t.agent().get(`/api/posts/counts?category=${slug}`).expect(200)).body;
    expect(counts).toEqual({ all: PUBLISHED_IN_FIRST, published: PUBLISHED_IN_FIRST, scheduled: 0, drafts: 0 });
    const list = await t.agent().get(`/api/posts?published=true&category=${slug}&limit=12&offset=36`).expect(200);
    expect(list.body).toHaveLength(PUBLISHED_IN_FIRST - 36);
    expect(list.headers['x-total-count']).toBe(String(PUBLISHED_IN_FIRST));
    expect((await t.agent().get(`/api/categories/${slug}`).expect(200)).body.postCount).toBe(PUBLISHED_IN_FIRST);
    const tiles = (await t.agent().get('/api/categories').expect(200)).body as Json[];
    expect(tiles.find((category) => category.slug === slug)?.postCount).toBe(PUBLISHED_IN_FIRST);
  });

  it('an unknown category counts zero; a bad filter is a 400, never a 500', async () => {
    expect((await author.get('/api/posts/counts?category=no-such').expect(200)).body).toEqual({
      all: 0,
      published: 0,
      scheduled: 0,
      drafts: 0,
    });
    await t
      .agent()
      .get(`/api/posts/counts?category=${'x'.repeat(201)}`)
      .expect(400);
    await t.agent().get('/api/posts/counts?category=a&category=b').expect(400);
  });

  it('"counts" is a reserved post slug (GET /api/posts/counts could never reach it)', async () => {
    const response = await author.post('/api/posts').send({ title: 'x', slug: 'counts', content: '<p>x</p>' }).expect(409);
    expect(response.body.code).toBe('POST_SLUG_RESERVED');
  });

  it(`a full list page stays under 1 MB even when every field is at its longest`, async () => {
    const longest = (i: number) => ({
      title: 'ع'.repeat(300),
      slug: `${'ع'.repeat(290)}-${i}`,
      content: '<p>x</p>',
      excerpt: 'ع'.repeat(1000),
      featuredImage: `https://img.example/${'ع'.repeat(970)}`,
      tags: Array.from({ length: 30 }, (_, tag) => `${tag}${'ع'.repeat(58)}`),
      metaTitle: 'ع'.repeat(300),
      metaDescription: 'ع'.repeat(500),
      published: true,
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
    });
    await t.app
      .get(DataSource)
      .getRepository(Post)
      .insert(Array.from({ length: LIST_MAX_LIMIT }, (_, i) => longest(i)));
    const response = await t.agent().get(`/api/posts?limit=${LIST_MAX_LIMIT}`).expect(200);
    expect(response.body).toHaveLength(LIST_MAX_LIMIT);
    expect(response.body[0].excerpt).toHaveLength(1000);
    expect(Buffer.byteLength(response.text)).toBeLessThan(1024 * 1024);
  });
});
