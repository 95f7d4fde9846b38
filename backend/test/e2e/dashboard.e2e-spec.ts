import TestAgent from 'supertest/lib/agent';
import { tagSlug } from '@mudawwana/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContentEvents } from '../../src/common/content-events';
import { ContentTag } from '../../src/site/content-tags';
import { createPost } from '../support/helpers';
import { sharedTestApp } from '../support/test-app';

type Row = { id: number; title: string; published: boolean; featured: boolean; version: number };

/** Issue 14: the dashboard of a real blog — search, filters and bulk actions on the server. */
describe('dashboard: search, filters, bulk actions', () => {
  const t = sharedTestApp();
  let author: TestAgent;
  let category: { id: number; slug: string };

  beforeAll(async () => {
    author = await t.author();
    category = (await author.post('/api/categories').send({ name: 'لوحة' }).expect(201)).body;
  });

  const ids = (rows: Row[]) => rows.map((row) => row.id).sort((a, b) => a - b);

  it('searches titles (any case, % and _ as letters), with category and status filters and a matching total', async () => {
    const a = await createPost(author, { title: 'دليل React الشامل', published: true, categoryId: category.id });
    const b = await createPost(author, { title: 'react في الميدان', categoryId: category.id });
    const c = await createPost(author, { title: 'خصم 100% على REACT', published: true });
    await createPost(author, { title: 'شيء آخر', published: true, categoryId: category.id });
    const search = await author.get('/api/posts?q=react').expect(200);
    expect(ids(search.body)).toEqual([a.id, b.id, c.id]);
    expect(search.headers['x-total-count']).toBe('3');
    expect((await author.get('/api/posts/counts?q=react').expect(200)).body).toEqual({ all: 3, published: 2, scheduled: 0, drafts: 1 });
    expect((await author.get(`/api/posts/counts?q=react&category=${encodeURIComponent(category.slug)}`).expect(200)).body.all).toBe(2);
    expect(ids((await author.get(`/api/posts?q=react&category=${encodeURIComponent(category.slug)}`).expect(200)).body)).toEqual([
      a.id,
      b.id,
    ]);
    expect(ids((await author.get(`/api/posts?q=react&status=draft`).expect(200)).body)).toEqual([b.id]);
    expect(ids((await author.get(`/api/posts?q=react&status=published`).expect(200)).body)).toEqual([a.id, c.id]);
    expect(ids((await author.get(`/api/posts?q=${encodeURIComponent('100%')}`).expect(200)).body)).toEqual([c.id]);
    expect((await author.get(`/api/posts?q=${encodeURIComponent('1_0')}`).expect(200)).body).toEqual([]);
    // readers cannot search drafts
    expect(ids((await t.agent().get('/api/posts?q=react&status=draft').expect(200)).body)).not.toContain(b.id);
    await author.get(`/api/posts?q=${'x'.repeat(201)}`).expect(400);
  });

  it('publishes, unpublishes and deletes several posts at once; each changed post is a save (version, revision)', async () => {
    const drafts = [await createPost(author), await createPost(author)];
    const published = await createPost(author, { published: true, featured: true });
    const done = await author
      .post('/api/posts/bulk')
      .send({ action: 'publish', ids: [...drafts.map((p) => p.id), published.id] })
      .expect(200);
    expect(done.body).toEqual({ action: 'publish', changed: drafts.map((p) => p.id) });
    for (const draft of drafts) {
      const now = (await author.get(`/api/posts/id/${draft.id}`).expect(200)).body as Row;
      expect(now).toMatchObject({ published: true, version: 2 });
      await t
        .agent()
        .get(`/api/posts/${encodeURIComponent(draft.slug as string)}`)
        .expect(200);
      const [revision] = (await author.get(`/api/posts/${draft.id}/revisions`).expect(200)).body as { kind: string }[];
      expect(revision.kind).toBe('publish');
    }
    const off = await author
      .post('/api/posts/bulk')
      .send({ action: 'unpublish', ids: [published.id] })
      .expect(200);
    expect(off.body.changed).toEqual([published.id]);
    expect((await author.get(`/api/posts/id/${published.id}`).expect(200)).body).toMatchObject({ published: false, featured: false });
    await t
      .agent()
      .get(`/api/posts/${encodeURIComponent(published.slug as string)}`)
      .expect(404);
    await author
      .post('/api/posts/bulk')
      .send({ action: 'delete', ids: [...drafts.map((p) => p.id), published.id] })
      .expect(200);
    for (const post of [...drafts, published]) await author.get(`/api/posts/id/${post.id}`).expect(404);
  });

  it('announces exactly what a bulk action changed: the posts and their links, lists, categories, tags, neighbours', async () => {
    const heard: string[][] = [];
    const stop = t.app.get(ContentEvents).on((origin, tags) => void (origin === 'local' && heard.push([...tags].sort())));
    try {
      // newest last, so that the two drafts land between published posts once published
      const older = await createPost(author, { published: true });
      const a = await createPost(author, { categoryId: category.id, tags: ['سفر', 'رحلات'] });
      const middle = await createPost(author, { published: true });
      const b = await createPost(author, { tags: ['طبخ'] });
      const newer = await createPost(author, { published: true });
      const bulk = async (action: string) => {
        await author
          .post('/api/posts/bulk')
          .send({ action, ids: [a.id, b.id] })
          .expect(200);
        return heard.at(-1);
      };
      // each post's own pages, and its translation group (the pages of its translations name it: none here)
      const own = [a, b].flatMap((post) => [ContentTag.post(post.id), ContentTag.postLink(post.slug), ContentTag.translations(post.id)]);
      const lists = [
        ContentTag.postLists,
        ContentTag.categories, // the posts each category counts
        ContentTag.categoryPosts(category.id),
        ContentTag.tags,
        ...['سفر', 'رحلات', 'طبخ'].map((tag) => ContentTag.tagPosts(tagSlug(tag))),
      ];
      const neighbours = [older, middle, newer].map((post) => ContentTag.post(post.id));
      // published: between older and middle, and between middle and newer
      expect(await bulk('publish')).toEqual([...own, ...lists, ...neighbours].sort());
      // unpublished: the same posts linked to them until then, and withdrawn (never served stale again)
      expect(await bulk('unpublish')).toEqual([...own, ...lists, ...neighbours, ContentTag.withdrawn].sort());
      // deleted as drafts: no public page linked to them
      expect(await bulk('delete')).toEqual([...own, ...lists].sort());
      // nothing to change: no page is stale (not "everything")
      heard.length = 0;
      await author
        .post('/api/posts/bulk')
        .send({ action: 'publish', ids: [older.id] })
        .expect(200);
      expect(heard.at(-1)).toEqual([ContentTag.nothingShown]);
    } finally {
      stop();
    }
  });

  it('is all or nothing: one unknown id and no post changes', async () => {
    const draft = await createPost(author);
    const missing = 999_999;
    for (const action of ['publish', 'delete']) {
      const refused = await author
        .post('/api/posts/bulk')
        .send({ action, ids: [draft.id, missing] })
        .expect(404);
      expect(refused.body.code).toBe('POST_NOT_FOUND');
      expect((await author.get(`/api/posts/id/${draft.id}`).expect(200)).body).toMatchObject({ published: false, version: 1 });
    }
  });

  it('refuses bad input (400) and anonymous callers (401)', async () => {
    const post = await createPost(author);
    for (const body of [
      {},
      { action: 'archive', ids: [post.id] },
      { action: 'publish', ids: [] },
      { action: 'publish', ids: [post.id, post.id] },
      { action: 'publish', ids: ['1'] },
      { action: 'publish', ids: [0] },
      { action: 'publish', ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { action: 'publish', ids: 5 },
    ]) {
      const response = await author.post('/api/posts/bulk').send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    await t
      .agent()
      .post('/api/posts/bulk')
      .send({ action: 'delete', ids: [post.id] })
      .expect(401);
    await author.get(`/api/posts/id/${post.id}`).expect(200);
  });
});
