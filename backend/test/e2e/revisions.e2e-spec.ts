import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Revision } from '../../src/revisions/revision.entity';
import { REVISIONS_KEPT } from '../../src/revisions/revisions.repository';
import { createPost } from '../support/helpers';
import { sharedTestApp } from '../support/test-app';

interface Summary {
  id: number;
  createdAt: string;
  kind: string;
  title: string;
}

const DAY_MS = 24 * 3600 * 1000;
/** Noon (UTC, as the pruning counts days) of a past day: four hours from it stay on that day whenever the test runs. */
const noonOf = (daysAgo: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - daysAgo * DAY_MS + DAY_MS / 2);

/** Issue 14: every save keeps a revision, autosaves leave the post alone, restores are saves. */
describe('revisions', () => {
  const t = sharedTestApp();
  let author: TestAgent;

  beforeAll(async () => {
    author = await t.author();
  });

  const kinds = [
    {
      kind: 'posts',
      create: async () =>
        (await createPost(author, { title: 'المسودة الأولى', content: '<p>نص أول</p>', published: true })) as {
          id: number;
          version: number;
        },
      publicRead: async (id: number) => {
        const post = (await author.get(`/api/posts/id/${id}`).expect(200)).body as { slug: string };
        return t.agent().get(`/api/posts/${encodeURIComponent(post.slug)}`);
      },
    },
    {
      kind: 'pages',
      create: async () =>
        (
          await author
            .post('/api/pages')
            .send({ title: 'المسودة الأولى', content: '<p>نص أول</p>', slug: `p-${Date.now()}-${Math.random()}`.replace('.', '') })
            .expect(201)
        ).body as { id: number; version: number },
      publicRead: async (id: number) => {
        const page = (await author.get(`/api/pages/id/${id}`).expect(200)).body as { slug: string };
        return t.agent().get(`/api/pages/${encodeURIComponent(page.slug)}`);
      },
    },
  ];

  for (const { kind, create, publicRead } of kinds) {
    describe(kind, () => {
      const list = async (id: number) => (await author.get(`/api/${kind}/${id}/revisions`).expect(200)).body as Summary[];

      it('keeps a revision at creation and at every save, newest first', async () => {
        const record = await create();
        await author.put(`/api/${kind}/${record.id}`).send({ title: 'الثانية', content: '<p>نص ثان</p>', version: 1 }).expect(200);
        const revisions = await list(record.id);
        expect(revisions.map((r) => r.title)).toEqual(['الثانية', 'المسودة الأولى']);
        expect(revisions[0]).toEqual({ id: expect.any(Number), createdAt: expect.any(String), kind: 'save', title: 'الثانية' });
        const full = await author.get(`/api/${kind}/${record.id}/revisions/${revisions[1].id}`).expect(200);
        expect(full.body).toMatchObject({
          title: 'المسودة الأولى',
          content: '<p>نص أول</p>',
          kind: kind === 'posts' ? 'publish' : 'save',
          authorId: expect.any(Number),
        });
      });

      it('an autosave stores a revision only: the record and what readers see do not change', async () => {
        const record = await create();
        const before = (await publicRead(record.id)).body as { title: string; version: number };
        const saved = await author
          .post(`/api/${kind}/${record.id}/autosave`)
          .send({ title: 'عنوان لم يحفظ', content: '<p>كتابة جارية<script>x()</script></p>' })
          .expect(201);
        expect(saved.body).toMatchObject({ kind: 'autosave', title: 'عنوان لم يحفظ' });
        const after = (await publicRead(record.id)).body as { title: string; version: number };
        expect(after).toMatchObject({ title: before.title, version: before.version });
        const full = await author.get(`/api/${kind}/${record.id}/revisions/${saved.body.id}`).expect(200);
        expect(full.body.content).toBe('<p>كتابة جارية</p>');
        // another autosave right after replaces it rather than piling up
        const again = await author
          .post(`/api/${kind}/${record.id}/autosave`)
          .send({ title: 'عنوان أحدث', content: '<p>أكثر</p>' })
          .expect(201);
        const revisions = await list(record.id);
        expect(revisions.filter((r) => r.kind === 'autosave')).toEqual([
          expect.objectContaining({ id: again.body.id, title: 'عنوان أحدث' }),
        ]);
      });

      it('restore saves the revision again as a new revision, raises the version and honours the version check', async () => {
        const record = await create();
        await author.put(`/api/${kind}/${record.id}`).send({ title: 'الثانية', content: '<p>نص ثان</p>', version: 1 }).expect(200);
        const first = (await list(record.id)).at(-1) as Summary;
        const stale = await author.post(`/api/${kind}/${record.id}/revisions/${first.id}/restore`).send({ version: 1 }).expect(409);
        expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', current: { version: 2, title: 'الثانية' } });
        const restored = await author.post(`/api/${kind}/${record.id}/revisions/${first.id}/restore`).send({ version: 2 }).expect(200);
        expect(restored.body).toMatchObject({ title: 'المسودة الأولى', content: '<p>نص أول</p>', version: 3 });
        const revisions = await list(record.id);
        expect(revisions.map((r) => r.kind)).toEqual(['restore', 'save', kind === 'posts' ? 'publish' : 'save']);
        expect((await publicRead(record.id)).body).toMatchObject({ title: 'المسودة الأولى' });
      });

      it('answers 401 without a session, 404 for unknown records and revisions, 400 for bad input', async () => {
        const record = await create();
        const other = await create();
        const revisionId = (await list(record.id))[0].id;
        await t.agent().get(`/api/${kind}/${record.id}/revisions`).expect(401);
        await t.agent().post(`/api/${kind}/${record.id}/autosave`).send({ title: 'x' }).expect(401);
        await t.agent().post(`/api/${kind}/${record.id}/revisions/${revisionId}/restore`).send({}).expect(401);
        await author.get(`/api/${kind}/999999/revisions`).expect(404);
        await author.post(`/api/${kind}/999999/autosave`).send({ title: 'x' }).expect(404);
        // a revision of another record is not found through this one
        const foreign = await author.get(`/api/${kind}/${other.id}/revisions/${revisionId}`).expect(404);
        expect(foreign.body.code).toBe('REVISION_NOT_FOUND');
        await author.post(`/api/${kind}/${other.id}/revisions/${revisionId}/restore`).send({}).expect(404);
        await author.get(`/api/${kind}/${record.id}/revisions/abc`).expect(400);
        await author.get(`/api/${kind}/${record.id}/revisions?limit=1000`).expect(400);
        await author.post(`/api/${kind}/${record.id}/autosave`).send({ title: 42 }).expect(400);
        await author.post(`/api/${kind}/${record.id}/revisions/${revisionId}/restore`).send({ version: 'one' }).expect(400);
      });
    });
  }

  it('a post: publishing keeps a "publish" revision with its excerpt and meta fields', async () => {
    const post = await createPost(author, { title: 'للنشر', content: '<p>نص</p>' });
    await author
      .put(`/api/posts/${post.id}`)
      .send({ published: true, excerpt: 'مقتطف', metaTitle: 'عنوان السيو', metaDescription: 'وصف', version: 1 })
      .expect(200);
    const [newest] = (await author.get(`/api/posts/${post.id}/revisions`).expect(200)).body as Summary[];
    expect(newest.kind).toBe('publish');
    const full = await author.get(`/api/posts/${post.id}/revisions/${newest.id}`).expect(200);
    expect(full.body).toMatchObject({ excerpt: 'مقتطف', metaTitle: 'عنوان السيو', metaDescription: 'وصف' });
  });

  it('deleting a post deletes its revisions', async () => {
    const post = await createPost(author);
    await author.delete(`/api/posts/${post.id}`).expect(204);
    const left = await t.app
      .get(DataSource)
      .getRepository(Revision)
      .countBy({ postId: post.id as number });
    expect(left).toBe(0);
  });

  it(`keeps the last ${REVISIONS_KEPT} revisions and one per day beyond, pruned at the next save`, async () => {
    const post = await createPost(author, { title: 'قديم', content: '<p>نص</p>' });
    const revisions = t.app.get(DataSource).getRepository(Revision);
    // 3 days of history, 4 revisions a day from noon, 10 days ago and before
    const old = [];
    for (let d = 10; d < 13; d += 1) {
      for (let h = 0; h < 4; h += 1) {
        old.push({
          postId: post.id as number,
          kind: 'save' as const,
          title: `يوم ${d} ساعة ${h}`,
          content: '<p>x</p>',
          createdAt: new Date(noonOf(d).getTime() + h * 3600_000),
        });
      }
    }
    await revisions.save(old.map((fields) => revisions.create(fields)));
    let version = 1;
    for (let i = 0; i < REVISIONS_KEPT; i += 1) {
      const saved = await author
        .put(`/api/posts/${post.id}`)
        .send({ title: `حفظ ${i}`, version })
        .expect(200);
      version = saved.body.version as number;
    }
    const all = await revisions.find({ where: { postId: post.id as number }, order: { createdAt: 'DESC', id: 'DESC' } });
    expect(all.slice(0, REVISIONS_KEPT).map((r) => r.title)).toEqual(
      Array.from({ length: REVISIONS_KEPT }, (_, i) => `حفظ ${REVISIONS_KEPT - 1 - i}`),
    );
    // beyond: the creation's revision (today) and the newest of each old day
    expect(all.slice(REVISIONS_KEPT).map((r) => r.title)).toEqual(['قديم', 'يوم 10 ساعة 3', 'يوم 11 ساعة 3', 'يوم 12 ساعة 3']);
    const listed = (await author.get(`/api/posts/${post.id}/revisions?limit=100`).expect(200)).body as Summary[];
    expect(listed).toHaveLength(REVISIONS_KEPT + 4);
  });

  it('a bulk action keeps a revision of each post and prunes each by the same rule, in one pass for all', async () => {
    const revisions = t.app.get(DataSource).getRepository(Revision);
    const posts = [await createPost(author, { title: 'أولى' }), await createPost(author, { title: 'ثانية' })];
    for (const post of posts) {
      const history = [];
      for (let d = 10; d < 13; d += 1) {
        for (let h = 0; h < 4; h += 1) {
          history.push({ title: `يوم ${d} ساعة ${h}`, createdAt: new Date(noonOf(d).getTime() + h * 3600_000) });
        }
      }
      // a full set of recent revisions, older than the creation's one (seconds ago)
      for (let i = 0; i < REVISIONS_KEPT; i += 1) {
        history.push({ title: `حديث ${i}`, createdAt: new Date(Date.now() - (REVISIONS_KEPT + 5 - i) * 1000) });
      }
      await revisions.save(
        history.map((fields) => revisions.create({ ...fields, postId: post.id as number, kind: 'save', content: '<p>x</p>' })),
      );
    }
    await author
      .post('/api/posts/bulk')
      .send({ action: 'publish', ids: posts.map((post) => post.id) })
      .expect(200);
    for (const post of posts) {
      const all = await revisions.find({ where: { postId: post.id as number }, order: { createdAt: 'DESC', id: 'DESC' } });
      // the publish, the creation, and the newest recent ones make the last REVISIONS_KEPT
      expect(all.slice(0, 3).map((r) => [r.kind, r.title])).toEqual([
        ['publish', post.title],
        ['save', post.title],
        ['save', `حديث ${REVISIONS_KEPT - 1}`],
      ]);
      expect(all[REVISIONS_KEPT - 1].title).toBe('حديث 2');
      // beyond: the newest of today (the others of today go) and of each old day
      expect(all.slice(REVISIONS_KEPT).map((r) => r.title)).toEqual(['حديث 1', 'يوم 10 ساعة 3', 'يوم 11 ساعة 3', 'يوم 12 ساعة 3']);
    }
  });
});
