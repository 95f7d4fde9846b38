import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../support/helpers';
import { sharedTestApp } from '../support/test-app';

type Json = Record<string, any>;

const tagPath = (slug: string) => `/api/tags/${encodeURIComponent(slug)}`;

describe('tags', () => {
  const t = sharedTestApp();
  let author: TestAgent;

  beforeAll(async () => {
    author = await t.author();
  });

  it('lists tags with the count of published posts, most used first; drafts counted only for the author', async () => {
    await createPost(author, { title: 'أ', tags: ['ذكاء اصطناعي', 'AI'], published: true });
    await createPost(author, { title: 'ب', tags: ['ذكاء اصطناعي'], published: true });
    await createPost(author, { title: 'ج', tags: ['ai', 'مسودات فقط'], published: false });
    const { body } = await t.agent().get('/api/tags').expect(200);
    expect(body).toEqual(
      expect.arrayContaining([
        { name: 'ذكاء اصطناعي', slug: 'ذكاء-اصطناعي', count: 2 },
        { name: 'AI', slug: 'ai', count: 1 },
      ]),
    );
    expect(body.map((tag: Json) => tag.slug)).not.toContain('مسودات-فقط');
    expect(body.findIndex((tag: Json) => tag.slug === 'ذكاء-اصطناعي')).toBeLessThan(body.findIndex((tag: Json) => tag.slug === 'ai'));
    const all = (await author.get('/api/tags').query({ includeDrafts: 'true' }).expect(200)).body;
    expect(all.find((tag: Json) => tag.slug === 'ai').count).toBe(2);
    expect(all.map((tag: Json) => tag.slug)).toContain('مسودات-فقط');
    expect((await t.agent().get('/api/tags').query({ includeDrafts: 'true' }).expect(401)).body.code).toBe('NOT_SIGNED_IN');
    await t.agent().get('/api/tags').query({ includeDrafts: 'maybe' }).expect(400);
  });

  it('one tag by its Arabic slug; 404 for a tag only drafts carry, or none', async () => {
    expect((await t.agent().get(tagPath('ذكاء-اصطناعي')).expect(200)).body).toEqual({
      name: 'ذكاء اصطناعي',
      slug: 'ذكاء-اصطناعي',
      count: 2,
    });
    expect((await t.agent().get(tagPath('مسودات-فقط')).expect(404)).body.code).toBe('TAG_NOT_FOUND');
    await author.get(tagPath('مسودات-فقط')).query({ includeDrafts: 'true' }).expect(200);
    await t.agent().get(tagPath('لا-يوجد')).expect(404);
  });

  it('GET /api/posts?tag= lists the posts of a tag, newest first, published only for readers', async () => {
    const response = await t.agent().get('/api/posts').query({ tag: 'ai' }).expect(200);
    expect(response.body.map((post: Json) => post.title)).toEqual(['أ']);
    expect(response.headers['x-total-count']).toBe('1');
    const signedIn = await author.get('/api/posts').query({ tag: 'ai' }).expect(200);
    expect(signedIn.body.map((post: Json) => post.title)).toEqual(['ج', 'أ']);
    expect((await t.agent().get('/api/posts').query({ tag: 'لا-يوجد' }).expect(200)).body).toEqual([]);
  });

  it("a tag's list follows the publication dates the author gives, and pages through it without a repeat or a gap", async () => {
    const dated = async (title: string, createdAt: string) =>
      createPost(author, { title, tags: ['ترتيب', 'غيره'], published: true, createdAt });
    const posts = [
      await dated('2021', '2021-05-01T10:00:00.000Z'),
      await dated('2023', '2023-05-01T10:00:00.000Z'),
      await dated('2022 أ', '2022-05-01T10:00:00.000Z'),
      await dated('2022 ب', '2022-05-01T10:00:00.000Z'),
    ];
    const titles = async (query: Record<string, unknown> = {}) =>
      (
        await t
          .agent()
          .get('/api/posts')
          .query({ tag: 'ترتيب', ...query })
          .expect(200)
      ).body.map((post: Json) => post.title);
    // the same instant: the newer post (the higher id) first, as on every list
    expect(await titles()).toEqual(['2023', '2022 ب', '2022 أ', '2021']);
    await author.put(`/api/posts/${posts[0].id}`).send({ createdAt: '2024-01-01T00:00:00.000Z' }).expect(200);
    expect(await titles()).toEqual(['2021', '2023', '2022 ب', '2022 أ']);
    const pages = [await titles({ limit: 3 }), await titles({ limit: 3, offset: 3 })];
    expect(pages).toEqual([['2021', '2023', '2022 ب'], ['2022 أ']]);
  });

  it('renames a tag on every post at once: versions raised, search and tag pages follow', async () => {
    const posts = [
      await createPost(author, { title: 'د', tags: ['جافاسكربت', 'ويب'], published: true }),
      await createPost(author, { title: 'ه', tags: ['جافاسكربت'], published: true }),
      await createPost(author, { title: 'و', tags: ['ويب', 'جافاسكربت'], published: false }),
    ];
    const { body } = await author.put(tagPath('جافاسكربت')).send({ name: 'JavaScript' }).expect(200);
    expect(body).toEqual({ name: 'JavaScript', slug: 'javascript', count: 3 });
    for (const before of posts) {
      const after = (await author.get(`/api/posts/id/${before.id}`).expect(200)).body;
      expect(after.tags).toEqual(before.tags.map((tag: string) => (tag === 'جافاسكربت' ? 'JavaScript' : tag)));
      expect(after.version).toBe(before.version + 1);
    }
    await t.agent().get(tagPath('جافاسكربت')).expect(404);
    expect((await t.agent().get('/api/search').query({ q: 'javascript' }).expect(200)).body.total).toBe(2);
    // An editor still on the old version is told, instead of saving the old tag back.
    await author.put(`/api/posts/${posts[0].id}`).send({ title: 'د', version: posts[0].version }).expect(409);
  });

  it('refuses a rename onto another tag (merge instead), an empty name, an unknown tag, and readers', async () => {
    expect((await author.put(tagPath('javascript')).send({ name: 'ويب' }).expect(409)).body.code).toBe('TAG_NAME_TAKEN');
    expect((await author.put(tagPath('javascript')).send({ name: '!!!' }).expect(400)).body.code).toBe('TAG_NAME_INVALID');
    await author.put(tagPath('javascript')).send({ name: '' }).expect(400);
    await author
      .put(tagPath('javascript'))
      .send({ name: 'x'.repeat(61) })
      .expect(400);
    await author.put(tagPath('javascript')).send({}).expect(400);
    expect((await author.put(tagPath('لا-يوجد')).send({ name: 'جديد' }).expect(404)).body.code).toBe('TAG_NOT_FOUND');
    expect((await t.agent().put(tagPath('javascript')).send({ name: 'JS' }).expect(401)).body.code).toBe('NOT_SIGNED_IN');
    // A new spelling of the same slug is a rename, not a clash.
    expect((await author.put(tagPath('javascript')).send({ name: 'Javascript' }).expect(200)).body.name).toBe('Javascript');
  });

  it('merges a tag into another: its posts carry the other once', async () => {
    const merge = (slug: string, body: object, agent = author) => agent.post(`${tagPath(slug)}/merge`).send(body);
    const { body } = await merge('ويب', { into: 'javascript' }).expect(200);
    expect(body).toEqual({ name: 'Javascript', slug: 'javascript', count: 3 });
    await author.get(tagPath('ويب')).query({ includeDrafts: 'true' }).expect(404);
    const posts = (await author.get('/api/posts').query({ tag: 'javascript' }).expect(200)).body;
    for (const post of posts) expect(post.tags).toEqual(['Javascript']);
    expect((await merge('javascript', { into: 'javascript' }).expect(400)).body.code).toBe('TAG_MERGE_SAME');
    expect((await merge('javascript', { into: 'لا-يوجد' }).expect(404)).body.code).toBe('TAG_NOT_FOUND');
    await merge('javascript', {}).expect(400);
    await merge('javascript', { into: 'ai' }, t.agent()).expect(401);
  });

  it('all or nothing: when one post cannot be changed, no post is', async () => {
    const posts = [
      await createPost(author, { title: 'ز', tags: ['ذري'], published: true }),
      await createPost(author, { title: 'ح', tags: ['ذري'], published: true }),
      await createPost(author, { title: 'ط', tags: ['ذري'], published: true }),
    ];
    const failing = posts[2].id;
    const dataSource = t.app.get(DataSource);
    if (t.driver === 'postgres') {
      await dataSource.query(
        `CREATE FUNCTION refuse_update() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`,
      );
      await dataSource.query(
        `CREATE TRIGGER refuse_update BEFORE UPDATE ON posts FOR EACH ROW WHEN (NEW.id = ${failing}) EXECUTE FUNCTION refuse_update()`,
      );
    } else {
      await dataSource.query(
        `CREATE TRIGGER refuse_update BEFORE UPDATE ON posts WHEN new.id = ${failing} BEGIN SELECT RAISE(ABORT, 'refused'); END`,
      );
    }
    const response = await author.put(tagPath('ذري')).send({ name: 'نووي' });
    await dataSource.query(t.driver === 'postgres' ? 'DROP TRIGGER refuse_update ON posts' : 'DROP TRIGGER refuse_update');
    expect(response.status).toBeGreaterThanOrEqual(500);
    for (const post of posts)
      expect((await author.get(`/api/posts/id/${post.id}`).expect(200)).body).toMatchObject({ tags: ['ذري'], version: post.version });
    expect((await t.agent().get(tagPath('ذري')).expect(200)).body.count).toBe(3);
    await t.agent().get(tagPath('نووي')).expect(404);
  });

  it('concurrent renames of one tag: one wins on every post, the others are told', async () => {
    for (let i = 0; i < 6; i += 1) await createPost(author, { title: `سباق ${i}`, tags: ['سباق'], published: true });
    const names = ['أول', 'ثان', 'ثالث', 'رابع'];
    const statuses = (await Promise.all(names.map((name) => author.put(tagPath('سباق')).send({ name })))).map((r) => r.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 404].includes(status))).toBe(true);
    const tags = (await t.agent().get('/api/tags').expect(200)).body.filter((tag: Json) => names.includes(tag.name));
    expect(tags).toEqual([expect.objectContaining({ count: 6 })]);
  });
});
