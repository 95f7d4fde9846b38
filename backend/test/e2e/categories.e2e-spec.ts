import TestAgent from 'supertest/lib/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../support/helpers';
import { sharedTestApp } from '../support/test-app';

type Json = Record<string, any>;

describe('categories', () => {
  const t = sharedTestApp();
  let author: TestAgent;

  beforeAll(async () => {
    author = await t.author();
  });

  const create = (body: Json) => author.post('/api/categories').send(body);

  it('POST creates a category (201) and generates the slug from an Arabic name when none is sent', async () => {
    const response = await create({ name: '  تعلم الآلة ' }).expect(201);
    expect(response.body).toEqual({ id: expect.any(Number), name: 'تعلم الآلة', slug: 'تعلم-الآلة', postCount: 0 });
    expect((await create({ name: 'Web & Mobile', slug: '' }).expect(201)).body.slug).toBe('web-and-mobile');
  });

  it('normalizes an explicit slug with the slug rule', async () => {
    expect((await create({ name: 'DevOps', slug: '  Dev Ops!! ' }).expect(201)).body.slug).toBe('dev-ops');
  });

  it('refuses a duplicate name or slug with 409', async () => {
    await create({ name: 'Design', slug: 'design' }).expect(201);
    expect((await create({ name: 'Design' }).expect(409)).body).toMatchObject({ statusCode: 409, code: 'CATEGORY_NAME_TAKEN' });
    expect((await create({ name: 'Another', slug: 'design' }).expect(409)).body).toMatchObject({ code: 'CATEGORY_SLUG_TAKEN' });
  });

  it('suffixes a generated slug that another category has', async () => {
    await create({ name: 'Cloud Stuff', slug: 'cloud' }).expect(201);
    expect((await create({ name: 'Cloud' }).expect(201)).body.slug).toBe('cloud-2');
  });

  it.each([
    ['an empty name', { name: '' }],
    ['a blank name', { name: '    ' }],
    ['no name', { slug: 'x' }],
  ])("refuses %s with 400 'Category name is required.'", async (_case, body) => {
    const response = await create(body).expect(400);
    expect(response.body.message).toContain('Category name is required.');
  });

  it('refuses a name over 100 characters and unknown fields with 400', async () => {
    await create({ name: 'x'.repeat(101) }).expect(400);
    await create({ name: 'Valid', evil: 1 }).expect(400);
  });

  it('keeps the slug of a long name with many "&" within its column (no 500)', async () => {
    const response = await create({ name: 'a&'.repeat(50) }).expect(201);
    expect(response.body.slug.length).toBeLessThanOrEqual(200);
  });

  it('lists categories with postCount counting published posts only', async () => {
    const category = (await create({ name: 'مع مقالات', slug: 'with-posts' }).expect(201)).body;
    await createPost(author, { categoryId: category.id, published: true });
    await createPost(author, { categoryId: category.id, published: true });
    await createPost(author, { categoryId: category.id, published: false });

    const list = (await t.agent().get('/api/categories').expect(200)).body;
    expect(list.find((c: Json) => c.slug === 'with-posts')).toEqual({
      id: category.id,
      name: 'مع مقالات',
      slug: 'with-posts',
      postCount: 2,
    });
    expect(list.find((c: Json) => c.slug === 'marketing')).toMatchObject({ postCount: 0 });
    for (const item of list) expect(Object.keys(item).sort()).toEqual(['id', 'name', 'postCount', 'slug']);

    const one = await t.agent().get('/api/categories/with-posts').expect(200);
    expect(one.body).toEqual({ id: category.id, name: 'مع مقالات', slug: 'with-posts', postCount: 2 });
  });

  it('GET by an Arabic slug works; an unknown slug answers 404', async () => {
    await t
      .agent()
      .get(`/api/categories/${encodeURIComponent('تعلم-الآلة')}`)
      .expect(200);
    const response = await t.agent().get('/api/categories/no-such-category').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, message: 'Category not found' });
  });

  it('PUT updates name and slug (200); its own name is not a conflict; another one is (409); unknown id 404', async () => {
    const category = (await create({ name: 'Old Name' }).expect(201)).body;
    const renamed = await author.put(`/api/categories/${category.id}`).send({ name: 'New Name', slug: 'new-slug' }).expect(200);
    expect(renamed.body).toMatchObject({ id: category.id, name: 'New Name', slug: 'new-slug' });
    await author.put(`/api/categories/${category.id}`).send({ name: 'New Name', slug: 'new-slug' }).expect(200);
    await author.put(`/api/categories/${category.id}`).send({ name: 'Design' }).expect(409);
    await author.put(`/api/categories/${category.id}`).send({ name: 'Other', slug: 'design' }).expect(409);
    await author.put(`/api/categories/${category.id}`).send({ name: '' }).expect(400);
    await author.put('/api/categories/99999').send({ name: 'Ghost' }).expect(404);
    await t.agent().get('/api/categories/new-slug').expect(200);
  });

  it('PUT without a slug keeps the address; an empty slug generates it from the name again', async () => {
    const category = (await create({ name: 'Kept', slug: 'kept-address' }).expect(201)).body;
    const renamed = await author.put(`/api/categories/${category.id}`).send({ name: 'Renamed' }).expect(200);
    expect(renamed.body.slug).toBe('kept-address');
    const regenerated = await author.put(`/api/categories/${category.id}`).send({ name: 'Renamed', slug: '' }).expect(200);
    expect(regenerated.body.slug).toBe('renamed');
  });

  it('DELETE answers 204 and keeps its posts, now uncategorized', async () => {
    const category = (await create({ name: 'Temporary' }).expect(201)).body;
    const post = await createPost(author, { categoryId: category.id, published: true });
    const response = await author.delete(`/api/categories/${category.id}`).expect(204);
    expect(response.text).toBe('');
    await t.agent().get(`/api/categories/${category.slug}`).expect(404);
    const kept = await author.get(`/api/posts/id/${post.id}`).expect(200);
    expect(kept.body.categoryId).toBeNull();
    expect((await t.agent().get(`/api/posts/${post.slug}`).expect(200)).body.categoryId).toBeNull();
    await author.delete(`/api/categories/${category.id}`).expect(404);
  });

  it('writing anonymously answers 401', async () => {
    await t.agent().post('/api/categories').send({ name: 'Anon' }).expect(401);
    await t.agent().put('/api/categories/1').send({ name: 'Anon' }).expect(401);
    await t.agent().delete('/api/categories/1').expect(401);
  });
});
