import TestAgent from 'supertest/lib/agent';
import { DataSource, In } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MAX_LIMIT } from '@mudawwana/rules';
import { samplePosts } from '../../src/database/seeds/sample-posts';
import { Post } from '../../src/posts/post.entity';
import { indexPosts, reindexStalePosts } from '../../src/search/post-indexes';
import { TEXT_RANKED_MATCHES } from '../../src/search/search.repository';
import { createPost } from '../support/helpers';
import { onPostgres, POSTGRES_ONLY } from '../support/conditions';
import { startTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/** The posts the query table searches: Arabic written every which way, mixed with English and digits. */
const POSTS: Record<string, Json> = {
  ahmad: { title: 'أَحْمَد والتعلّم', content: '<p>قصة عن التَّعَلُّم الذاتي.</p>' },
  library: { title: 'زيارة إلى المكتبة', content: '<p>في مكتبة المدينة كتب كثيرة.</p>', tags: ['قراءة'] },
  programming: { title: 'مدخل إلى البرمجة', content: '<p>وللبرمجة أصول وقواعد.</p>', tags: ['برمجة'] },
  react: { title: 'React و TypeScript معاً', content: '<p>نكتب مكونات React بلغة TypeScript.</p>', tags: ['React'] },
  year: { title: 'حصاد عام ٢٠٢٤', content: '<p>أهم ما تعلمته في 2024.</p>' },
  road: { title: 'على الطريق', content: '<p>رحلة طويلة مع مسؤول المشروع.</p>' },
  arabic: { title: 'تـعـلـم الـعـربـيـة', content: '<p>اللغة العربية جميلة.</p>' },
  notes: { title: 'ملاحظات', content: '<p>كتبت عن البرمجة في هذا المقال.</p>' },
  draft: { title: 'مسودة سرية', content: '<p>سر البرمجة</p>', published: false },
};

/** One table, run on SQLite (FTS5) and on PostgreSQL (tsvector): what a reader types → the posts found. */
const QUERIES: [query: string, expected: string[], what: string][] = [
  ['احمد', ['ahmad'], 'plain alef finds a title with hamza and diacritics'],
  ['أحمد', ['ahmad'], 'alef with hamza above'],
  ['إحمد', ['ahmad'], 'alef with hamza below'],
  ['آحمد', ['ahmad'], 'alef with madda'],
  ['أَحْمَد', ['ahmad'], 'query with diacritics'],
  ['تعلم', ['ahmad', 'arabic'], 'diacritics (التَّعَلُّم) and tatweel (تـعـلـم) in the posts'],
  ['مكتبه', ['library'], 'haa for taa marbuta'],
  ['المكتبة', ['library'], 'article and taa marbuta'],
  ['برمجة', ['programming', 'notes'], 'bare word finds البرمجة and وللبرمجة; the draft stays hidden'],
  ['بالبرمجة', ['programming', 'notes'], 'prefix بال'],
  ['وللبرمجة', ['programming', 'notes'], 'prefix ولل'],
  ['react', ['react'], 'Latin'],
  ['REACT typescript', ['react'], 'Latin case-folded, every word must match'],
  ['React مكونات', ['react'], 'mixed Arabic and English'],
  ['٢٠٢٤', ['year'], 'Arabic-Indic digits'],
  ['2024', ['year'], 'Latin digits find Arabic-Indic ones'],
  ['على', ['road'], 'alef maqsura'],
  ['علي', ['road'], 'yaa for alef maqsura'],
  ['مسئول', ['road'], 'hamza on yaa finds hamza on waw'],
  ['العربيه', ['arabic'], 'tatweel in the title'],
  ['عربي', ['arabic'], 'suffix ية'],
  ['قراءة', ['library'], 'a tag'],
  ['الطريق رحلة', ['road'], 'two words in title and text'],
  ['برمجة react', [], 'no post has both words'],
  ['سرية', [], 'a draft is never found by readers'],
  ['؟؟ !!', [], 'punctuation only'],
];

describe('search', () => {
  let t: TestApp;
  let author: TestAgent;
  const slugs: Record<string, string> = {};
  const nameOf = (slug: string) => Object.keys(slugs).find((name) => slugs[name] === slug);

  beforeAll(async () => {
    t = await startTestApp();
    author = await t.author();
    for (const [name, fields] of Object.entries(POSTS)) {
      slugs[name] = (await createPost(author, { published: true, ...fields })).slug;
    }
  });
  afterAll(() => t.close());

  it.each(QUERIES)('%s → %j (%s)', async (query, expected) => {
    const { body } = await t.agent().get('/api/search').query({ q: query }).expect(200);
    expect(body.items.map((item: Json) => nameOf(item.slug)).sort()).toEqual([...expected].sort());
    expect(body.total).toBe(expected.length);
  });

  it('ranks a match in the title above one in the text only', async () => {
    const { body } = await t.agent().get('/api/search').query({ q: 'البرمجة' }).expect(200);
    expect(body.items.map((item: Json) => nameOf(item.slug))).toEqual(['programming', 'notes']);
  });

  it('ranks a match in the tags above one in the text only', async () => {
    const tagged = await createPost(author, { title: 'عنوان أول', content: '<p>نص</p>', tags: ['فلسفة'], published: true });
    const inText = await createPost(author, { title: 'عنوان ثان', content: '<p>عن الفلسفة</p>', published: true });
    const { body } = await t.agent().get('/api/search').query({ q: 'فلسفة' }).expect(200);
    expect(body.items.map((item: Json) => item.id)).toEqual([tagged.id, inText.id]);
  });

  it('marks the matching words in a safe snippet and title', async () => {
    const post = await createPost(author, {
      title: 'عن <b>الوسوم</b> في HTML',
      content: '<p>نص قبل &lt;script&gt;alert(1)&lt;/script&gt; ثم كلمة الخوارزميات هنا.</p>',
      published: true,
    });
    const { body } = await t.agent().get('/api/search').query({ q: 'خوارزميات' }).expect(200);
    const hit = body.items.find((item: Json) => item.id === post.id);
    expect(hit.snippet).toContain('<mark>الخوارزميات</mark>');
    expect(hit.snippet).not.toContain('<script>');
    expect(hit.snippet).toContain('&lt;script&gt;');
    const titled = (await t.agent().get('/api/search').query({ q: 'الوسوم' }).expect(200)).body.items[0];
    expect(titled.titleHtml).toBe('عن &lt;b&gt;<mark>الوسوم</mark>&lt;/b&gt; في HTML');
  });

  it('follows edits and deletions at once (the cache of answers is dropped by any change)', async () => {
    const post = await createPost(author, { title: 'كلمة نادرة جدا', published: true });
    expect((await t.agent().get('/api/search').query({ q: 'نادرة' }).expect(200)).body.total).toBe(1);
    await author.put(`/api/posts/${post.id}`).send({ title: 'عنوان آخر' }).expect(200);
    expect((await t.agent().get('/api/search').query({ q: 'نادرة' }).expect(200)).body.total).toBe(0);
    expect((await t.agent().get('/api/search').query({ q: 'آخر' }).expect(200)).body.items.map((i: Json) => i.id)).toContain(post.id);
    await author.delete(`/api/posts/${post.id}`).expect(204);
    expect((await t.agent().get('/api/search').query({ q: 'آخر' }).expect(200)).body.items.map((i: Json) => i.id)).not.toContain(post.id);
  });

  it('pages: limit and offset over the ranked results, with the total', async () => {
    const all = (await t.agent().get('/api/search').query({ q: 'برمجة' }).expect(200)).body;
    const second = (await t.agent().get('/api/search').query({ q: 'برمجة', limit: 1, offset: 1 }).expect(200)).body;
    expect(second.total).toBe(all.total);
    expect(second.items.map((i: Json) => i.id)).toEqual([all.items[1].id]);
  });

  it('drafts: for the signed-in author when asked, 401 for anyone else', async () => {
    const { body } = await author.get('/api/search').query({ q: 'سرية', includeDrafts: 'true' }).expect(200);
    expect(body.items.map((item: Json) => nameOf(item.slug))).toEqual(['draft']);
    expect((await author.get('/api/search').query({ q: 'سرية' }).expect(200)).body.total).toBe(0);
    const refused = await t.agent().get('/api/search').query({ q: 'سرية', includeDrafts: 'true' }).expect(401);
    expect(refused.body.code).toBe('NOT_SIGNED_IN');
  });

  it.each<[Record<string, unknown>, string]>([
    [{}, 'no query'],
    [{ q: '   ' }, 'blank query'],
    [{ q: 'ب'.repeat(201) }, 'query too long'],
    [{ q: 'x', limit: LIST_MAX_LIMIT + 1 }, 'limit above the maximum'],
    [{ q: 'x', limit: 0 }, 'limit 0'],
    [{ q: 'x', offset: -1 }, 'negative offset'],
    [{ q: 'x', includeDrafts: 'yes' }, 'includeDrafts not a boolean'],
    [{ q: ['a', 'b'] }, 'q twice'],
  ])('400 for bad input: %j (%s)', async (query) => {
    const response = await t.agent().get('/api/search').query(query);
    expect(response.status).toBe(400);
    expect(response.body.statusCode).toBe(400);
  });

  it.each(['AND', 'OR NOT', 'NEAR(a b)', 'x² ½', '٫', 'ǅ', '中文 测试', 'a:b* -c', `'"\\`, 'ﷲ', 'e\u0301', 'ـــ'])(
    'answers 200 for query syntax of either engine, taken as words: %s',
    async (query) => {
      const { body } = await t.agent().get('/api/search').query({ q: query }).expect(200);
      expect(Array.isArray(body.items)).toBe(true);
    },
  );

  it('indexes posts written without the app (seeded, restored) when it starts', async () => {
    const dataSource = t.app.get(DataSource);
    await dataSource
      .getRepository(Post)
      .insert({ title: 'منشور مزروع', slug: 'seeded-post', content: '<p>زرعته أداة</p>', published: true, tags: ['زراعة'] });
    expect(await reindexStalePosts(dataSource)).toBe(1);
    expect(await reindexStalePosts(dataSource)).toBe(0);
    const { body } = await t.agent().get('/api/search').query({ q: 'المزروع' }).expect(200);
    expect(body.items.map((item: Json) => item.slug)).toEqual(['seeded-post']);
    expect((await t.agent().get('/api/tags/زراعة').expect(200)).body).toEqual({ name: 'زراعة', slug: 'زراعة', count: 1 });
  });

  it('a transaction of that rebuild past its time writes one post and stops; the next ones write the rest', async () => {
    const dataSource = t.app.get(DataSource);
    const inserted = await dataSource.getRepository(Post).insert(
      ['أول', 'ثان', 'ثالث'].map((word, index) => ({
        title: `شريحة ${word}`,
        slug: `sliced-${index}`,
        content: '<p>نص</p>',
        published: true,
      })),
    );
    const ids = inserted.identifiers.map((row) => Number(row.id));
    const posts = await dataSource.getRepository(Post).find({ where: { id: In(ids) }, order: { id: 'ASC' } });
    expect(await dataSource.transaction((manager) => indexPosts(manager, posts, 0))).toBe(1);
    const indexed = () =>
      dataSource.getRepository(Post).query(`SELECT "post_id" AS "id" FROM "post_search" WHERE "post_id" IN (${ids.join(', ')})`);
    expect((await indexed()).map((row: Json) => Number(row.id))).toEqual([ids[0]]);
    expect(await reindexStalePosts(dataSource)).toBe(2);
    expect((await t.agent().get('/api/search').query({ q: 'شريحة' }).expect(200)).body.total).toBe(3);
  });

  it('that rebuild asks for room in the WAL before each of its transactions', async () => {
    const dataSource = t.app.get(DataSource);
    const inserted = await dataSource.getRepository(Post).insert(
      Array.from({ length: 25 }, (_, index) => ({
        title: `غرفة ${index}`,
        slug: `room-${index}`,
        content: '<p>نص</p>',
        published: true,
      })),
    );
    const ids = inserted.identifiers.map((row) => Number(row.id));
    const indexed = async () =>
      Number((await dataSource.query(`SELECT COUNT(*) AS "n" FROM "post_search" WHERE "post_id" IN (${ids.join(', ')})`))[0].n);
    // How many of the posts were indexed each time it asked.
    const asked: number[] = [];
    const rebuilt = await reindexStalePosts(dataSource, { roomToWrite: async () => void asked.push(await indexed()) });
    expect(rebuilt).toBe(25);
    // 25 posts, at most 20 a transaction: at least two, each after asking (nothing written before the first).
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked[0]).toBe(0);
    for (let index = 1; index < asked.length; index += 1) expect(asked[index]).toBeGreaterThan(asked[index - 1]);
  });

  it.runIf(onPostgres)(
    'after indexing posts in bulk, PostgreSQL has fresh statistics of the index to plan with',
    POSTGRES_ONLY,
    async () => {
      const dataSource = t.app.get(DataSource);
      const lastAnalyzed = async (): Promise<Date | null> =>
        (await dataSource.query(`SELECT "last_analyze" AS "at" FROM "pg_stat_user_tables" WHERE "relname" = 'post_search'`))[0].at;
      await dataSource.getRepository(Post).insert({ title: 'إحصاءات', slug: 'statistics', content: '<p>نص</p>', published: true });
      const before = await lastAnalyzed();
      expect(await reindexStalePosts(dataSource)).toBe(1);
      const after = await lastAnalyzed();
      expect(after).not.toBeNull();
      expect(after!.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
    },
  );
});

describe('search: a word in more posts than PostgreSQL ranks the text of', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const dataSource = t.app.get(DataSource);
    const posts = dataSource.getRepository(Post);
    // The seed's demo posts: each has "مثال عملي" in its text, none has مثال in its title or tags.
    const demo = samplePosts(TEXT_RANKED_MATCHES + 30, [], null).map((post, index) => ({ ...post, slug: `demo-${index}` }));
    for (let index = 0; index < demo.length; index += 200) await posts.insert(demo.slice(index, index + 200));
    // Older than every demo post, so only their rank can put them first.
    const old = (day: number, fields: Partial<Post>) =>
      posts.insert({ published: true, content: '<p>نص قصير</p>', createdAt: new Date(Date.UTC(2019, 0, day)), ...fields });
    ids.titled = (await old(1, { title: 'مثال من الماضي', slug: 'titled' })).identifiers[0].id;
    ids.tagged = (await old(2, { title: 'منشور موسوم', slug: 'tagged', tags: ['مثال'] })).identifiers[0].id;
    ids.repeated = (await old(3, { title: 'تكرار', slug: 'repeated', content: '<p>مثال ثم مثال</p>' })).identifiers[0].id;
    await reindexStalePosts(dataSource);
  }, 120_000);
  afterAll(() => t.close());

  it('still ranks a title match first, then a tag match, whatever their age', async () => {
    const { body } = await t.agent().get('/api/search').query({ q: 'مثال' }).expect(200);
    expect(body.total).toBe(TEXT_RANKED_MATCHES + 33);
    const found: number[] = body.items.map((item: Json) => item.id);
    expect(found.slice(0, 2)).toEqual([ids.titled, ids.tagged]);
  });

  // SQLite: bm25 ranks the text of every match, at no great cost there
  it.runIf(onPostgres)('beyond the text-ranked matches, the posts found in their text alone come newest first', POSTGRES_ONLY, async () => {
    const { body } = await t.agent().get('/api/search').query({ q: 'مثال' }).expect(200);
    const found: number[] = body.items.map((item: Json) => item.id);
    expect(found.slice(0, 2)).toEqual([ids.titled, ids.tagged]);
    // PostgreSQL: beyond TEXT_RANKED_MATCHES the text does not rank; the posts found in it alone come newest first,
    // and the oldest of them (the one that says مثال twice) is not on the first page.
    const dates = body.items.slice(2).map((item: Json) => item.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(found).not.toContain(ids.repeated);
    const next = (await t.agent().get('/api/search').query({ q: 'مثال', offset: 20 }).expect(200)).body;
    expect(next.items[0].createdAt <= dates.at(-1)).toBe(true);
  });

  // migrations/narrow-search-rows.ts: a search for a word in every post visits every page of post_search (twice),
  // and each page costs a connection that has not searched yet a page fault
  it.runIf(onPostgres)(
    'keeps a search row to its id and head on the table, the body and whole text out of line',
    POSTGRES_ONLY,
    async () => {
      const dataSource = t.app.get(DataSource);
      await dataSource.query('VACUUM "post_search"');
      const [{ rows, bytes }] = (await dataSource.query(
        `SELECT COUNT(*) AS "rows", pg_relation_size('post_search') AS "bytes" FROM "post_search"`,
      )) as { rows: string; bytes: string }[];
      expect(Number(rows)).toBeGreaterThan(TEXT_RANKED_MATCHES);
      // ~1,600 bytes a row with the compressed body on it (the seed's posts); a few hundred with it out of line
      expect(Number(bytes) / Number(rows)).toBeLessThan(600);
      // the head is read for every match: on the row, not in the TOAST table
      const [{ storage }] = (await dataSource.query(
        `SELECT "attstorage" AS "storage" FROM pg_attribute WHERE attrelid = 'post_search'::regclass AND attname = 'head'`,
      )) as { storage: string }[];
      expect(storage).toBe('m');
    },
  );
});
