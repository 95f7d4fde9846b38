import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../support/helpers';
import { startTestApp, TestApp } from '../support/test-app';

/** Item 5 of the hostile-input issue: two editors on one post or page never silently overwrite each other. */
describe('versions (no lost updates)', () => {
  let t: TestApp;
  let author: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    author = await t.author();
  });
  afterAll(() => t.close());

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
    });
  }
});
