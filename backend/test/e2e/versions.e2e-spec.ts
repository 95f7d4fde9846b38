import TestAgent from 'supertest/lib/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../support/helpers';
import { sharedTestApp } from '../support/test-app';

/** Item 5 of the hostile-input issue: two editors on one post or page never silently overwrite each other. */
describe('versions (no lost updates)', () => {
  const t = sharedTestApp();
  let author: TestAgent;

  beforeAll(async () => {
    author = await t.author();
  });

  const kinds = [
    {
      kind: 'post',
      create: async () => (await createPost(author, { title: 'أصل', content: '<p>نص</p>' })) as { id: number; version: number },
      path: (id: number) => `/api/posts/${id}`,
      body: (title: string, version?: number) => ({ title, content: '<p>نص</p>', ...(version ? { version } : {}) }),
    },
    {
      kind: 'page',
      create: async () =>
        (
          await author
            .post('/api/pages')
            .send({ title: 'صفحة', content: '<p>نص</p>', slug: `p-${Date.now()}-${Math.random()}`.replace('.', '') })
            .expect(201)
        ).body as { id: number; version: number },
      path: (id: number) => `/api/pages/${id}`,
      body: (title: string, version?: number) => ({ title, content: '<p>نص</p>', ...(version ? { version } : {}) }),
    },
  ];

  for (const { kind, create, path, body } of kinds) {
    describe(kind, () => {
      it('a save based on the current version goes through and raises the version', async () => {
        const record = await create();
        expect(record.version).toBe(1);
        const saved = await author.put(path(record.id)).send(body('الأولى', 1)).expect(200);
        expect(saved.body.version).toBe(2);
      });

      it('a save based on an older version is a 409 with the current record, and changes nothing', async () => {
        const record = await create();
        await author.put(path(record.id)).send(body('من المحرر الأول', 1)).expect(200);
        const stale = await author.put(path(record.id)).send(body('من المحرر الثاني', 1)).expect(409);
        expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', current: { id: record.id, version: 2, title: 'من المحرر الأول' } });
        const now = await author.get(`${path(record.id).replace(/\/(\d+)$/, '/id/$1')}`).expect(200);
        expect(now.body).toMatchObject({ title: 'من المحرر الأول', version: 2 });
      });

      it('overwriting on purpose: a save without a version (or with the current one) goes through', async () => {
        const record = await create();
        await author.put(path(record.id)).send(body('أ', 1)).expect(200);
        await author.put(path(record.id)).send(body('ب')).expect(200);
        const current = (await author.put(path(record.id)).send(body('ج', 3)).expect(200)).body as { version: number };
        expect(current.version).toBe(4);
      });

      it('of five parallel saves based on one version, exactly one wins', async () => {
        const record = await create();
        const statuses = await Promise.all(
          Array.from({ length: 5 }, async (_, i) => (await author.put(path(record.id)).send(body(`محرر ${i}`, 1))).status),
        );
        expect(statuses.sort()).toEqual([200, 409, 409, 409, 409]);
      });

      describe('the HTTP way: ETag and If-Match', () => {
        const byId = (id: number) => path(id).replace(/\/(\d+)$/, '/id/$1');

        it('GET by id and every save answer a strong ETag, the same for the same record', async () => {
          const record = await create();
          const read = await author.get(byId(record.id)).expect(200);
          expect(read.headers.etag).toMatch(/^"[\w-]+"$/);
          const saved = await author.put(path(record.id)).set('If-Match', read.headers.etag).send(body('بعد')).expect(200);
          expect(saved.headers.etag).toMatch(/^"[\w-]+"$/);
          expect(saved.headers.etag).not.toBe(read.headers.etag);
          expect((await author.get(byId(record.id)).expect(200)).headers.etag).toBe(saved.headers.etag);
        });

        it('a save whose If-Match is no longer the ETag is a 412 with the current record and its ETag, and changes nothing', async () => {
          const record = await create();
          const loaded = (await author.get(byId(record.id)).expect(200)).headers.etag as string;
          const first = await author.put(path(record.id)).set('If-Match', loaded).send(body('من العميل الأول')).expect(200);
          const stale = await author.put(path(record.id)).set('If-Match', loaded).send(body('من العميل الثاني')).expect(412);
          expect(stale.body).toMatchObject({
            statusCode: 412,
            code: 'PRECONDITION_FAILED',
            current: { id: record.id, version: 2, title: 'من العميل الأول' },
          });
          expect(stale.headers.etag).toBe(first.headers.etag);
          expect((await author.get(byId(record.id)).expect(200)).body).toMatchObject({ title: 'من العميل الأول', version: 2 });
          // With the ETag the 412 gave, the save goes through.
          await author.put(path(record.id)).set('If-Match', stale.headers.etag).send(body('بعد النظر')).expect(200);
        });

        it('If-Match follows RFC 9110: one of a list matches, * matches, a weak tag never does', async () => {
          const record = await create();
          const tag = (await author.get(byId(record.id)).expect(200)).headers.etag as string;
          await author.put(path(record.id)).set('If-Match', `W/${tag}`).send(body('ضعيف')).expect(412);
          const saved = await author.put(path(record.id)).set('If-Match', `"other", ${tag}`).send(body('من قائمة')).expect(200);
          await author.put(path(record.id)).set('If-Match', '*').send(body('أي نسخة')).expect(200);
          expect(saved.body.version).toBe(2);
        });

        it('a DELETE whose If-Match is stale is a 412 and deletes nothing; with the current ETag it deletes', async () => {
          const record = await create();
          const loaded = (await author.get(byId(record.id)).expect(200)).headers.etag as string;
          const saved = await author.put(path(record.id)).send(body('تغيّر')).expect(200);
          const refused = await author.delete(path(record.id)).set('If-Match', loaded).expect(412);
          expect(refused.body).toMatchObject({ code: 'PRECONDITION_FAILED', current: { id: record.id, title: 'تغيّر' } });
          await author.get(byId(record.id)).expect(200);
          await author.delete(path(record.id)).set('If-Match', saved.headers.etag).expect(204);
          await author.get(byId(record.id)).expect(404);
        });

        it('of five parallel saves with the same If-Match, exactly one wins and the others get 412', async () => {
          const record = await create();
          const tag = (await author.get(byId(record.id)).expect(200)).headers.etag as string;
          const statuses = await Promise.all(
            Array.from(
              { length: 5 },
              async (_, i) =>
                (
                  await author
                    .put(path(record.id))
                    .set('If-Match', tag)
                    .send(body(`عميل ${i}`))
                ).status,
            ),
          );
          expect(statuses.sort()).toEqual([200, 412, 412, 412, 412]);
        });
      });
    });
  }

  it("a post's ETag changes with a change that does not raise its version (another post becomes the featured one)", async () => {
    const first = await createPost(author, { published: true, featured: true });
    const tag = (await author.get(`/api/posts/id/${first.id}`).expect(200)).headers.etag as string;
    const other = await createPost(author, { published: true });
    await author.put(`/api/posts/${other.id}/featured`).expect(200);
    const now = await author.get(`/api/posts/id/${first.id}`).expect(200);
    expect(now.body).toMatchObject({ featured: false, version: first.version });
    expect(now.headers.etag).not.toBe(tag);
    await author.put(`/api/posts/${first.id}`).set('If-Match', tag).send({ title: 'كنت مميزة' }).expect(412);
  });
});
