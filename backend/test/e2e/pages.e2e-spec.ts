import TestAgent from 'supertest/lib/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp } from '../support/test-app';

type Json = Record<string, any>;

describe('pages', () => {
  const t = sharedTestApp();
  let author: TestAgent;

  beforeAll(async () => {
    author = await t.author();
  });

  const create = (body: Json) => author.post('/api/pages').send(body);

  it('GET /api/pages/about answers 404 until a page with slug about exists, then its title and content', async () => {
    const missing = await t.agent().get('/api/pages/about').expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404 });

    const created = await create({ title: 'من أنا', slug: 'about', content: '<p dir="rtl">مطور ويب</p>' }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'من أنا',
      slug: 'about',
      content: '<p dir="rtl">مطور ويب</p>',
      updatedAt: expect.any(String),
      version: 1,
    });
    const about = await t.agent().get('/api/pages/about').expect(200);
    expect(about.body).toMatchObject({ title: 'من أنا', content: '<p dir="rtl">مطور ويب</p>' });
  });

  it('generates the slug from the title (Arabic kept) and suffixes it when taken', async () => {
    expect((await create({ title: 'سياسة الخصوصية', content: '<p>x</p>' }).expect(201)).body.slug).toBe('سياسة-الخصوصية');
    expect((await create({ title: 'سياسة الخصوصية', content: '<p>y</p>' }).expect(201)).body.slug).toBe('سياسة-الخصوصية-2');
    expect((await create({ title: 'Terms & Conditions!', content: '<p>z</p>' }).expect(201)).body.slug).toBe('terms-conditions');
  });

  it('refuses an explicit slug that is taken or reserved with 409, and one with no letters with 400', async () => {
    expect((await create({ title: 'Again', slug: 'about', content: '<p>x</p>' }).expect(409)).body).toMatchObject({
      code: 'PAGE_SLUG_TAKEN',
    });
    expect((await create({ title: 'Admin', slug: 'admin', content: '<p>x</p>' }).expect(409)).body).toMatchObject({
      code: 'PAGE_SLUG_RESERVED',
    });
    await create({ title: 'Punct', slug: '!!!', content: '<p>x</p>' }).expect(400);
  });

  it('a generated slug avoids the reserved addresses of the site', async () => {
    expect((await create({ title: 'Admin', content: '<p>x</p>' }).expect(201)).body.slug).toBe('admin-page');
  });

  it.each([
    ['no title', { content: '<p>x</p>' }, 'Title is required'],
    ['a blank title', { title: '  ', content: '<p>x</p>' }, 'Title is required'],
    ['no content', { title: 'T' }, 'Content is required'],
    ['an empty content', { title: 'T', content: '' }, 'Content is required'],
    ['content that sanitizes to nothing', { title: 'T', content: '<script>alert(1)</script>' }, 'Content is required'],
  ])('refuses %s with 400', async (_case, body, message) => {
    const response = await create(body).expect(400);
    expect(JSON.stringify(response.body.message)).toContain(message);
  });

  it('sanitizes the content', async () => {
    const response = await create({
      title: 'XSS',
      content:
        '<p style="text-align:right">ok</p><script>alert(1)</script><img src="https://example.com/x.png" onerror="alert(2)"><a href="javascript:alert(3)">l</a><iframe src="https://evil.example"></iframe>',
    }).expect(201);
    expect(response.body.content).toBe('<p style="text-align:right">ok</p><img src="https://example.com/x.png" /><a>l</a>');
  });

  it('lists pages publicly without their content', async () => {
    const response = await t.agent().get('/api/pages').expect(200);
    expect(response.body.length).toBeGreaterThanOrEqual(4);
    for (const page of response.body) expect(Object.keys(page).sort()).toEqual(['id', 'slug', 'title', 'updatedAt']);
  });

  it('GET /api/pages/id/:id is for the author only (401 anonymously), 404 when unknown', async () => {
    const page = (await create({ title: 'By id', content: '<p>c</p>' }).expect(201)).body;
    await t.agent().get(`/api/pages/id/${page.id}`).expect(401);
    expect((await author.get(`/api/pages/id/${page.id}`).expect(200)).body).toEqual(page);
    await author.get('/api/pages/id/99999').expect(404);
  });

  it('PUT updates the page (200), accepting and ignoring an id in the body', async () => {
    const page = (await create({ title: 'Before', content: '<p>before</p>' }).expect(201)).body;
    const response = await author
      .put(`/api/pages/${page.id}`)
      .send({ id: 99999, title: 'After', content: '<p>after</p><script>x</script>', slug: 'after' })
      .expect(200);
    expect(response.body).toMatchObject({ id: page.id, title: 'After', content: '<p>after</p>', slug: 'after' });
    await author.get('/api/pages/id/99999').expect(404);
    await t.agent().get('/api/pages/after').expect(200);
  });

  it('an updated page moves to the top of the list (most recently updated first), with or without a version', async () => {
    const old = (await create({ title: 'Old page', content: '<p>old</p>' }).expect(201)).body;
    await create({ title: 'Newer page', content: '<p>newer</p>' }).expect(201);
    // SQLite keeps seconds: wait for the next one so the update's time is strictly later
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await author.put(`/api/pages/${old.id}`).send({ title: 'Old page, edited', content: '<p>x</p>', version: old.version }).expect(200);
    expect((await t.agent().get('/api/pages').expect(200)).body[0]).toMatchObject({ id: old.id, title: 'Old page, edited' });
  });

  it('PUT keeps the slug when none is sent, refuses a taken one (409), 404s for an unknown page', async () => {
    const page = (await create({ title: 'Keep', content: '<p>k</p>' }).expect(201)).body;
    expect((await author.put(`/api/pages/${page.id}`).send({ title: 'Kept title', content: '<p>k</p>' }).expect(200)).body.slug).toBe(
      'keep',
    );
    await author.put(`/api/pages/${page.id}`).send({ title: 'Keep', content: '<p>k</p>', slug: 'about' }).expect(409);
    await author.put('/api/pages/99999').send({ title: 'x', content: '<p>x</p>' }).expect(404);
  });

  it('DELETE answers 204, then the page is gone (404)', async () => {
    const page = (await create({ title: 'Gone soon', content: '<p>g</p>' }).expect(201)).body;
    await author.delete(`/api/pages/${page.id}`).expect(204);
    await t.agent().get(`/api/pages/${page.slug}`).expect(404);
    await author.delete(`/api/pages/${page.id}`).expect(404);
  });

  it('writing anonymously answers 401', async () => {
    await t.agent().post('/api/pages').send({ title: 'Anon', content: '<p>a</p>' }).expect(401);
    await t.agent().put('/api/pages/1').send({ title: 'Anon', content: '<p>a</p>' }).expect(401);
    await t.agent().delete('/api/pages/1').expect(401);
  });
});
