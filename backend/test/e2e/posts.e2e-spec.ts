import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { Post } from '../../src/posts/post.entity';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../support/helpers';
import { sharedTestApp } from '../support/test-app';

type Json = Record<string, any>;
const words = (count: number) => Array.from({ length: count }, (_, i) => `كلمة${i}`).join(' ');
const slugPath = (slug: string) => `/api/posts/${encodeURIComponent(slug)}`;

describe('posts', () => {
  const t = sharedTestApp();
  let author: TestAgent;
  let authorId: number;
  let categories: Json[];

  beforeAll(async () => {
    author = await t.author();
    authorId = (await author.get('/api/user')).body.id;
    categories = (await t.agent().get('/api/categories')).body;
  });

  describe('featured post when there is none', () => {
    it("GET /api/posts/featured answers 204 with no body (not a failed request in a reader's console)", async () => {
      const response = await t.agent().get('/api/posts/featured').expect(204);
      expect(response.text).toBe('');
    });
  });

  describe('create', () => {
    it('answers 201 with the post; the author is the signed-in user and the read time is computed from the content', async () => {
      const response = await author
        .post('/api/posts')
        .send({
          title: 'مقالي الأول',
          content: `<p>${words(450)}</p>`,
          authorId: 999,
          readTime: 42,
          tags: [' react ', 'node', '', 'react'],
          categoryId: categories[0].id,
          metaTitle: 'عنوان SEO',
        })
        .expect(201);
      expect(response.body).toMatchObject({
        id: expect.any(Number),
        title: 'مقالي الأول',
        slug: 'مقالي-الأول',
        authorId,
        readTime: 4, // 450 Arabic words at 144 a minute
        tags: ['react', 'node'],
        categoryId: categories[0].id,
        published: false,
        featured: false,
        metaTitle: 'عنوان SEO',
        metaDescription: null,
        featuredImage: null,
      });
      // generated: the first words of the content, at most 160 characters with its ellipsis
      expect(response.body.excerpt).toMatch(/…$/);
      expect(response.body.excerpt.length).toBeLessThanOrEqual(160);
      expect(words(450).startsWith(response.body.excerpt.slice(0, -1))).toBe(true);
      expect(new Date(response.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('keeps an excerpt that is sent, and generates none longer than the content', async () => {
      expect((await createPost(author, { content: '<p>قصير</p>', excerpt: 'ملخص يدوي' })).excerpt).toBe('ملخص يدوي');
      expect((await createPost(author, { content: '<p>قصير</p>' })).excerpt).toBe('قصير');
    });

    it('accepts createdAt as an ISO date', async () => {
      const post = await createPost(author, { createdAt: '2021-03-04T05:06:07.000Z' });
      expect(post.createdAt).toBe('2021-03-04T05:06:07.000Z');
      expect((await author.get(`/api/posts/id/${post.id}`).expect(200)).body.createdAt).toBe('2021-03-04T05:06:07.000Z');
    });

    it.each([
      ['no title', { title: undefined }],
      ['a blank title', { title: '   ' }],
      ['no content', { content: undefined }],
      ['tags that are not a list', { tags: 'a,b' }],
      ['tags that are not strings', { tags: [{}, 5] }],
      ['a bad createdAt', { createdAt: 'yesterday' }],
      ['a category that does not exist', { categoryId: 99999 }],
      ['a featuredImage that is not a URL', { featuredImage: 'javascript:alert(1)' }],
      ['a featuredImage that breaks out of an attribute', { featuredImage: 'https://x.example/a.png"onerror="alert(1)' }],
      ['a featuredImage with a tag in it', { featuredImage: 'https://x.example/<script>' }],
      ['published as a string', { published: 'yes' }],
      ['an unknown field', { views: 10 }],
    ])('refuses %s with 400', async (_case, change) => {
      const response = await author
        .post('/api/posts')
        .send({ title: 'عنوان', content: '<p>نص</p>', ...change })
        .expect(400);
      expect(response.body).toMatchObject({ statusCode: 400 });
    });

    it('refuses content that is empty once sanitized with 400', async () => {
      const response = await author.post('/api/posts').send({ title: 'فارغ', content: '<script>alert(1)</script>' }).expect(400);
      expect(response.body).toMatchObject({ code: 'CONTENT_REQUIRED' });
    });

    it('refuses an explicit slug that another post has with 409', async () => {
      await createPost(author, { slug: 'taken-slug' });
      const response = await author.post('/api/posts').send({ title: 'x y z', content: '<p>a</p>', slug: 'Taken Slug' }).expect(409);
      expect(response.body).toMatchObject({ statusCode: 409, code: 'POST_SLUG_TAKEN' });
    });

    it('suffixes a generated slug when the title is taken: -2, -3', async () => {
      expect((await createPost(author, { title: 'Same Title' })).slug).toBe('same-title');
      expect((await createPost(author, { title: 'Same Title' })).slug).toBe('same-title-2');
      expect((await createPost(author, { title: 'Same Title' })).slug).toBe('same-title-3');
    });

    it('never gives a post a slug that an API route uses (featured)', async () => {
      const post = await createPost(author, { title: 'Featured', published: true });
      expect(post.slug).not.toBe('featured');
      await t.agent().get(slugPath(post.slug)).expect(200);
      await author.post('/api/posts').send({ title: 'x', content: '<p>a</p>', slug: 'featured' }).expect(409);
    });

    it('keeps slugs, even of very long titles, within the column (no 500 on PostgreSQL)', async () => {
      const title = 'a&'.repeat(150);
      const first = await createPost(author, { title });
      const second = await createPost(author, { title });
      expect(first.slug.length).toBeLessThanOrEqual(300);
      expect(second.slug).toBe(`${first.slug}-2`);
      const long = await createPost(author, { title: 'ب'.repeat(300) });
      expect((await createPost(author, { title: 'ب'.repeat(300) })).slug).toBe(`${long.slug}-2`);
    });
  });

  describe('drafts and visibility', () => {
    let draft: Json;
    let published: Json;

    beforeAll(async () => {
      draft = await createPost(author, { title: 'مسودة سرية', published: false, featured: true });
      published = await createPost(author, { title: 'مقال منشور', published: true });
    });

    it('a draft cannot be featured by the create body', () => {
      expect(draft.featured).toBe(false);
    });

    it('anonymous readers never see drafts, whatever they ask for', async () => {
      for (const query of ['', '?published=true', '?published=false']) {
        const response = await t.agent().get(`/api/posts${query}`).expect(200);
        expect(response.body.every((post: Json) => post.published)).toBe(true);
        expect(response.body.map((post: Json) => post.id)).not.toContain(draft.id);
        expect(response.body.map((post: Json) => post.id)).toContain(published.id);
      }
      await t.agent().get(slugPath(draft.slug)).expect(404);
      await t.agent().get(slugPath(published.slug)).expect(200);
    });

    it('the author sees drafts in the list, can filter them, and can open one by slug', async () => {
      const all = (await author.get('/api/posts').expect(200)).body.map((post: Json) => post.id);
      expect(all).toEqual(expect.arrayContaining([draft.id, published.id]));
      const drafts = (await author.get('/api/posts?published=false').expect(200)).body;
      expect(drafts.every((post: Json) => !post.published)).toBe(true);
      expect(drafts.map((post: Json) => post.id)).toContain(draft.id);
      const onlyPublished = (await author.get('/api/posts?published=true').expect(200)).body;
      expect(onlyPublished.every((post: Json) => post.published)).toBe(true);
      await author.get(slugPath(draft.slug)).expect(200);
    });

    it('GET /api/posts/id/:id is for the author only (401 anonymously), 404 when unknown', async () => {
      await t.agent().get(`/api/posts/id/${draft.id}`).expect(401);
      const response = await author.get(`/api/posts/id/${draft.id}`).expect(200);
      expect(response.body).toMatchObject({ id: draft.id, title: 'مسودة سرية', content: expect.any(String) });
      await author.get('/api/posts/id/99999').expect(404);
      await author.get('/api/posts/id/abc').expect(400);
    });

    it('GET /api/posts/:slug answers 404 for an unknown slug', async () => {
      await t.agent().get('/api/posts/no-such-post').expect(404);
    });

    it('/featured never answers with a draft, even one marked featured in the database', async () => {
      await t.app.get(DataSource).getRepository(Post).update({ id: draft.id }, { featured: true });
      const response = await t.agent().get('/api/posts/featured');
      expect(response.status === 404 || response.body.id !== draft.id).toBe(true);
      await t.app.get(DataSource).getRepository(Post).update({ id: draft.id }, { featured: false });
    });

    it('unpublishing the featured post removes it from /featured', async () => {
      const post = await createPost(author, { published: true });
      await author.put(`/api/posts/${post.id}/featured`).expect(200);
      expect((await t.agent().get('/api/posts/featured').expect(200)).body.id).toBe(post.id);
      const unpublished = await author.put(`/api/posts/${post.id}`).send({ published: false }).expect(200);
      expect(unpublished.body.featured).toBe(false);
      await t.agent().get('/api/posts/featured').expect(204);
    });
  });

  describe('published list', () => {
    let category: Json;
    let posts: Json[];

    beforeAll(async () => {
      category = categories[1];
      const dates = ['2022-05-01T10:00:00.000Z', '2024-01-15T08:30:00.000Z', '2023-07-20T12:00:00.000Z', '2020-02-02T00:00:00.000Z'];
      posts = [];
      for (const createdAt of dates)
        posts.push(await createPost(author, { published: true, categoryId: category.id, createdAt, featuredImage: '/uploads/a.png' }));
      await createPost(author, { published: false, categoryId: category.id, createdAt: '2025-01-01T00:00:00.000Z' });
    });

    it('?published=true&category=<slug> lists the published posts of the category, newest first, with the list fields', async () => {
      const response = await t.agent().get(`/api/posts?published=true&category=${category.slug}`).expect(200);
      expect(response.body.map((post: Json) => post.createdAt)).toEqual([
        '2024-01-15T08:30:00.000Z',
        '2023-07-20T12:00:00.000Z',
        '2022-05-01T10:00:00.000Z',
        '2020-02-02T00:00:00.000Z',
      ]);
      for (const post of response.body) {
        expect(post).toMatchObject({
          id: expect.any(Number),
          slug: expect.any(String),
          title: expect.any(String),
          excerpt: expect.any(String),
          featuredImage: '/uploads/a.png',
          categoryId: category.id,
          createdAt: expect.any(String),
          readTime: expect.any(Number),
          published: true,
        });
        expect(post).not.toHaveProperty('content');
      }
      expect(response.headers['x-total-count']).toBe('4');
    });

    it('the whole published list is sorted by createdAt, newest first', async () => {
      const response = await t.agent().get('/api/posts?published=true').expect(200);
      const times = response.body.map((post: Json) => new Date(post.createdAt).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(response.body.length);
    });

    it('pages with limit and offset, and X-Total-Count gives the total', async () => {
      const base = `/api/posts?published=true&category=${category.slug}`;
      const first = await t.agent().get(`${base}&limit=2`).expect(200);
      const second = await t.agent().get(`${base}&limit=2&offset=2`).expect(200);
      const beyond = await t.agent().get(`${base}&limit=2&offset=4`).expect(200);
      expect(first.body.map((post: Json) => post.id)).toEqual([posts[1].id, posts[2].id]);
      expect(second.body.map((post: Json) => post.id)).toEqual([posts[0].id, posts[3].id]);
      expect(beyond.body).toEqual([]);
      for (const response of [first, second, beyond]) expect(response.headers['x-total-count']).toBe('4');
    });

    it('the author counts drafts in the category too', async () => {
      const response = await author.get(`/api/posts?category=${category.slug}`).expect(200);
      expect(response.headers['x-total-count']).toBe('5');
    });

    it('an unknown category gives an empty list', async () => {
      const response = await t.agent().get('/api/posts?category=no-such-category').expect(200);
      expect(response.body).toEqual([]);
      expect(response.headers['x-total-count']).toBe('0');
    });

    it('an empty category filter lists every category', async () => {
      const all = await t.agent().get('/api/posts?published=true').expect(200);
      const emptyFilter = await t.agent().get('/api/posts?published=true&category=').expect(200);
      expect(emptyFilter.body).toEqual(all.body);
      expect(all.body.length).toBeGreaterThan(0);
    });

    it.each(['limit=0', 'limit=51', 'limit=101', 'limit=abc', 'offset=-1', 'published=maybe', 'sort=title'])(
      'refuses ?%s with 400',
      async (query) => {
        await t.agent().get(`/api/posts?${query}`).expect(400);
      },
    );
  });

  describe('single post', () => {
    it('GET /api/posts/:slug returns the reading fields', async () => {
      const post = await createPost(author, {
        title: 'للقراءة',
        published: true,
        tags: ['وسم'],
        featuredImage: 'https://example.com/i.jpg',
      });
      const response = await t.agent().get(slugPath(post.slug)).expect(200);
      expect(response.body).toMatchObject({
        title: 'للقراءة',
        content: post.content,
        featuredImage: 'https://example.com/i.jpg',
        tags: ['وسم'],
        categoryId: null,
        authorId,
        createdAt: post.createdAt,
        readTime: 1,
      });
      expect(response.body).toHaveProperty('previous');
      expect(response.body).toHaveProperty('next');
    });

    it('previous is the next older published post and next the next newer one; drafts are skipped', async () => {
      const at = (date: string, published = true) => createPost(author, { published, createdAt: `${date}T12:00:00.000Z` });
      const oldest = await at('1990-01-01');
      await at('1990-01-02', false);
      const middle = await at('1990-01-03');
      await at('1990-01-04', false);
      const newest = await at('1990-01-05');

      const read = async (post: Json) => (await t.agent().get(slugPath(post.slug)).expect(200)).body;
      const link = (post: Json) => ({ slug: post.slug, title: post.title });
      expect(await read(middle)).toMatchObject({ previous: link(oldest), next: link(newest) });
      expect(await read(oldest)).toMatchObject({ previous: null, next: link(middle) });
      expect((await read(newest)).previous).toEqual(link(middle));
    });

    it('posts stamped by the database (no date given) are neighbours of each other, never of themselves', async () => {
      // PostgreSQL stamps microseconds, which a loaded date does not keep: the lookups compare the stored times
      const [oldest, middle, newest] = [
        await createPost(author, { published: true }),
        await createPost(author, { published: true }),
        await createPost(author, { published: true }),
      ];
      const read = async (post: Json) => (await t.agent().get(slugPath(post.slug)).expect(200)).body;
      const link = (post: Json) => ({ slug: post.slug, title: post.title });
      expect(await read(middle)).toMatchObject({ previous: link(oldest), next: link(newest) });
      expect((await read(oldest)).next).toEqual(link(middle));
      expect((await read(newest)).previous).toEqual(link(middle));
    });

    it('posts with the same creation time (a date picked without a time) are neighbours in list order', async () => {
      const sameDay = '1985-06-01T00:00:00.000Z';
      const first = await createPost(author, { published: true, createdAt: sameDay });
      const second = await createPost(author, { published: true, createdAt: sameDay });
      const third = await createPost(author, { published: true, createdAt: sameDay });

      // The list shows them newest id first: third, second, first.
      const listed = (await t.agent().get('/api/posts?published=true').expect(200)).body.map((post: Json) => post.id);
      expect(listed.filter((id: number) => [first.id, second.id, third.id].includes(id))).toEqual([third.id, second.id, first.id]);

      const read = async (post: Json) => (await t.agent().get(slugPath(post.slug)).expect(200)).body;
      const link = (post: Json) => ({ slug: post.slug, title: post.title });
      expect(await read(second)).toMatchObject({ previous: link(first), next: link(third) });
      expect((await read(first)).next).toEqual(link(second));
      expect((await read(third)).previous).toEqual(link(second));
    });
  });

  describe('update, delete, fix-slug', () => {
    it('PUT updates the sent fields (200) and recomputes the read time; the slug stays when the title changes', async () => {
      const post = await createPost(author, { title: 'قبل', tags: ['a'] });
      const response = await author
        .put(`/api/posts/${post.id}`)
        .send({ title: 'بعد', content: `<p>${words(401)}</p>`, readTime: 1, tags: ['b', 'c'], published: true })
        .expect(200);
      expect(response.body).toMatchObject({ id: post.id, title: 'بعد', slug: post.slug, readTime: 3, tags: ['b', 'c'], published: true });
      expect((await author.get(`/api/posts/id/${post.id}`)).body).toMatchObject({ title: 'بعد', readTime: 3 });
    });

    it('PUT stamps the time of the update (the database stamps it, on both drivers)', async () => {
      const post = await createPost(author, { title: 'قديم' });
      // SQLite keeps seconds: wait for the next one so the update's time is strictly later
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const updated = (await author.put(`/api/posts/${post.id}`).send({ title: 'محدّث' }).expect(200)).body;
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(post.updatedAt));
      const stored = (await author.get(`/api/posts/id/${post.id}`).expect(200)).body;
      expect(stored.updatedAt).toBe(updated.updatedAt);
    });

    it('PUT can change the slug, refuses one that is taken (409), and 404s for an unknown post', async () => {
      const a = await createPost(author);
      const b = await createPost(author);
      expect((await author.put(`/api/posts/${a.id}`).send({ slug: 'New Slug' }).expect(200)).body.slug).toBe('new-slug');
      await author.put(`/api/posts/${b.id}`).send({ slug: 'new-slug' }).expect(409);
      await author.put(`/api/posts/${a.id}`).send({ slug: 'new-slug' }).expect(200);
      await author.put('/api/posts/99999').send({ title: 'x' }).expect(404);
    });

    it('PUT cannot change the author', async () => {
      const post = await createPost(author);
      expect((await author.put(`/api/posts/${post.id}`).send({ authorId: 999 }).expect(200)).body.authorId).toBe(authorId);
    });

    it('DELETE answers 204, then the post is gone (404)', async () => {
      const post = await createPost(author, { published: true });
      const response = await author.delete(`/api/posts/${post.id}`).expect(204);
      expect(response.text).toBe('');
      await author.get(`/api/posts/id/${post.id}`).expect(404);
      await t.agent().get(slugPath(post.slug)).expect(404);
      await author.delete(`/api/posts/${post.id}`).expect(404);
    });

    it('fix-slug regenerates the slug from the title (200), keeping Arabic letters', async () => {
      const post = await createPost(author, { title: 'مقال عن React و Node.js', slug: 'old-slug' });
      expect(post.slug).toBe('old-slug');
      const response = await author.post(`/api/posts/${post.id}/fix-slug`).expect(200);
      expect(response.body.slug).toBe('مقال-عن-react-و-nodejs');
      await author.get(slugPath('مقال-عن-react-و-nodejs')).expect(200);
      await author.post('/api/posts/99999/fix-slug').expect(404);
    });

    it('fix-slug makes the slug unique when another post has it', async () => {
      await createPost(author, { title: 'Twin' });
      const other = await createPost(author, { title: 'Twin', slug: 'something-else' });
      expect((await author.post(`/api/posts/${other.id}/fix-slug`).expect(200)).body.slug).toBe('twin-2');
    });
  });

  describe('featured', () => {
    it('a draft cannot be featured (400)', async () => {
      const draft = await createPost(author);
      const response = await author.put(`/api/posts/${draft.id}/featured`).expect(400);
      expect(response.body).toMatchObject({ code: 'POST_NOT_PUBLISHED' });
      await author.put('/api/posts/99999/featured').expect(404);
    });

    it('featuring a published post (200) leaves exactly one featured post, the latest one', async () => {
      const first = await createPost(author, { published: true, createdAt: '2030-01-01T00:00:00.000Z' });
      const second = await createPost(author, { published: true, createdAt: '2019-01-01T00:00:00.000Z' });

      expect((await author.put(`/api/posts/${first.id}/featured`).expect(200)).body.featured).toBe(true);
      expect((await t.agent().get('/api/posts/featured').expect(200)).body.id).toBe(first.id);

      await author.put(`/api/posts/${second.id}/featured`).expect(200);
      const list = await author.get('/api/posts?limit=50').expect(200);
      expect(Number(list.headers['x-total-count'])).toBeLessThanOrEqual(50);
      const featured = list.body.filter((post: Json) => post.featured);
      expect(featured.map((post: Json) => post.id)).toEqual([second.id]);
      const response = await t.agent().get('/api/posts/featured').expect(200);
      expect(response.body).toMatchObject({ id: second.id, featured: true, content: expect.any(String) });
    });

    it('featuring through PUT /api/posts/:id also unfeatures the others', async () => {
      const post = await createPost(author, { published: true });
      await author.put(`/api/posts/${post.id}`).send({ featured: true }).expect(200);
      const featured = (await author.get('/api/posts?limit=50').expect(200)).body.filter((p: Json) => p.featured);
      expect(featured.map((p: Json) => p.id)).toEqual([post.id]);
    });
  });

  describe('XSS: content is sanitized on the way in', () => {
    it('removes scripts, event handlers, javascript: links and foreign iframes; keeps what the editor makes', async () => {
      const content = [
        '<p dir="rtl" style="text-align:right">نص عربي</p>',
        '<script>alert("x")</script>',
        '<img src="https://example.com/a.png" onerror="alert(1)">',
        '<a href="javascript:alert(2)">click</a>',
        '<iframe src="https://evil.example/embed/1"></iframe>',
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen="true"></iframe>',
        '<pre><code class="language-ts">const a: number = 1;</code></pre>',
      ].join('');
      const post = await createPost(author, { content, published: true });
      const read = (await t.agent().get(slugPath(post.slug)).expect(200)).body;
      for (const body of [post, read]) {
        expect(body.content).not.toMatch(/<script|onerror|javascript:|evil\.example|alert/);
        expect(body.content).toContain('<p dir="rtl" style="text-align:right">نص عربي</p>');
        expect(body.content).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen="true"></iframe>');
        expect(body.content).toContain('<img src="https://example.com/a.png" />');
        expect(body.content).toContain('<a>click</a>');
      }
      // Stored as written; read for showing, highlighted (docs/decisions/029)
      expect(post.content).toContain('<pre><code class="language-ts">const a: number = 1;</code></pre>');
      expect(read.content).toContain(
        '<pre dir="ltr" tabindex="0" data-language="ts"><code class="hljs language-ts"><span class="hljs-keyword">const</span>',
      );
    });

    it('sanitizes on update too', async () => {
      const post = await createPost(author);
      const response = await author.put(`/api/posts/${post.id}`).send({ content: '<p>ok</p><script>alert(1)</script>' }).expect(200);
      expect(response.body.content).toBe('<p>ok</p>');
    });
  });
});
