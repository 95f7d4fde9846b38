import { createHash } from 'node:crypto';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource, Repository } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiToken } from '../../src/tokens/api-token.entity';
import { AUTHOR, startTestApp, TestApp } from '../support/test-app';

const TOKEN_SHAPE = /^mdw_[A-Za-z0-9_-]{43}$/;
const EVIL_ORIGIN = 'https://evil.example';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('API tokens', () => {
  let t: TestApp;
  let author: TestAgent;
  let tokens: Repository<ApiToken>;
  /** A client with no cookie jar: what a script is. */
  let script: () => ReturnType<typeof request>;

  beforeAll(async () => {
    t = await startTestApp({ ALLOW_REGISTRATION: 'true' });
    author = await t.author();
    tokens = t.app.get(DataSource).getRepository(ApiToken);
    script = () => request(t.app.getHttpServer());
  });
  afterAll(() => t.close());

  async function createToken(fields: Record<string, unknown> = {}): Promise<{ id: number; token: string }> {
    const response = await author
      .post('/api/tokens')
      .send({ name: 'CI', ...fields })
      .expect(201);
    return response.body;
  }

  describe('managing tokens with a session', () => {
    it('creates a token shown once: 201 with the token, then listed without it', async () => {
      const created = await author.post('/api/tokens').send({ name: '  نشر تلقائي  ', expiresAt: '2099-01-01T00:00:00.000Z' }).expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: 'نشر تلقائي',
        token: expect.stringMatching(TOKEN_SHAPE),
        createdAt: expect.any(String),
        expiresAt: '2099-01-01T00:00:00.000Z',
      });
      const list = await author.get('/api/tokens').expect(200);
      const listed = list.body.find((token: { id: number }) => token.id === created.body.id);
      expect(listed).toEqual({
        id: created.body.id,
        name: 'نشر تلقائي',
        createdAt: created.body.createdAt,
        lastUsedAt: null,
        expiresAt: '2099-01-01T00:00:00.000Z',
      });
      expect(JSON.stringify(list.body)).not.toContain(created.body.token);
    });

    it('stores only the SHA-256 of the token', async () => {
      const { id, token } = await createToken();
      const rows: Record<string, unknown>[] = await t.app.get(DataSource).query(`SELECT * FROM "api_tokens" WHERE "id" = ${Number(id)}`);
      expect(rows).toHaveLength(1);
      expect(rows[0].tokenHash).toBe(sha256(token));
      expect(JSON.stringify(rows)).not.toContain(token.slice(4));
    });

    it.each([
      ['no name', { name: '   ' }, undefined],
      ['a name over 100 characters', { name: 'x'.repeat(101) }, undefined],
      ['an expiry that is not a date', { expiresAt: 'tomorrow' }, undefined],
      ['an expiry in the past', { expiresAt: '2020-01-01T00:00:00.000Z' }, 'TOKEN_EXPIRY_PAST'],
      ['an unknown field', { scopes: ['all'] }, undefined],
    ])('refuses %s with 400', async (_case, fields, code) => {
      const response = await author
        .post('/api/tokens')
        .send({ name: 'CI', ...fields })
        .expect(400);
      if (code) expect(response.body).toMatchObject({ statusCode: 400, code });
    });

    it('needs a signed-in user (401)', async () => {
      await script().get('/api/tokens').expect(401);
      await script().post('/api/tokens').send({ name: 'x' }).expect(401);
      await script().delete('/api/tokens/1').expect(401);
    });

    it('revokes with 204; revoking again or an unknown id is a 404', async () => {
      const { id } = await createToken();
      await author.delete(`/api/tokens/${id}`).expect(204);
      expect((await author.get('/api/tokens').expect(200)).body.map((token: { id: number }) => token.id)).not.toContain(id);
      expect((await author.delete(`/api/tokens/${id}`).expect(404)).body).toMatchObject({ code: 'TOKEN_NOT_FOUND' });
      await author.delete('/api/tokens/0').expect(400);
    });

    it("cannot see or revoke another user's token", async () => {
      const other = t.agent();
      await other
        .post('/api/register')
        .send({ username: 'other', email: 'other@example.com', password: 'secret-pass-2', name: 'كاتب آخر' })
        .expect(201);
      const { id, token } = await createToken();
      expect((await other.get('/api/tokens').expect(200)).body).toEqual([]);
      await other.delete(`/api/tokens/${id}`).expect(404);
      await script().get('/api/posts/id/1').set('Authorization', `Bearer ${token}`).expect(404); // still works
    });
  });

  describe('calling the API with a token', () => {
    it('creates and publishes a post, as the token owner', async () => {
      const { token } = await createToken();
      const bearer = `Bearer ${token}`;
      const created = await script()
        .post('/api/posts')
        .set('Authorization', bearer)
        .send({ title: 'من السكربت', content: '<p>نُشر من سكربت</p>' })
        .expect(201);
      expect(created.body).toMatchObject({ title: 'من السكربت', published: false });
      const me = (await author.get('/api/user').expect(200)).body;
      expect(created.body.authorId).toBe(me.id);

      await script()
        .put(`/api/posts/${created.body.id}`)
        .set('Authorization', bearer)
        .send({ title: 'من السكربت', content: '<p>نُشر من سكربت</p>', published: true, version: created.body.version })
        .expect(200);
      const readers = await script().get(`/api/posts/${created.body.slug}`).expect(200);
      expect(readers.body).toMatchObject({ title: 'من السكربت', published: true });
    });

    it('reads what the author reads (drafts too) and accepts the scheme in any case', async () => {
      const { token } = await createToken();
      const draft = (await author.post('/api/posts').send({ title: 'مسودة', content: '<p>x</p>' }).expect(201)).body;
      await script().get(`/api/posts/id/${draft.id}`).set('Authorization', `bearer ${token}`).expect(200);
      const counts = await script().get('/api/posts/counts').set('Authorization', `Bearer ${token}`).expect(200);
      expect(counts.body.drafts).toBeGreaterThan(0);
    });

    it('never opens or writes a session: no cookie comes back', async () => {
      const { token } = await createToken();
      const sessionsBefore = await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM "sessions"');
      const response = await script().post('/api/categories').set('Authorization', `Bearer ${token}`).send({ name: 'من رمز' }).expect(201);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM "sessions"')).toEqual(sessionsBefore);
    });

    it.each([
      ['an unknown token', () => `Bearer mdw_${'A'.repeat(43)}`, 'TOKEN_INVALID'],
      ['a token without the prefix', () => 'Bearer abc', 'TOKEN_INVALID'],
      ['an empty bearer header', () => 'Bearer ', 'TOKEN_INVALID'],
    ])('answers %s with 401 and a Bearer challenge, even on a public route', async (_case, header, code) => {
      for (const path of ['/api/posts/counts', '/api/tokens']) {
        const response = await script().get(path).set('Authorization', header()).expect(401);
        expect(response.body).toMatchObject({ statusCode: 401, code });
        expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      }
      await script().post('/api/posts').set('Authorization', header()).send({ title: 'x', content: '<p>x</p>' }).expect(401);
    });

    it('refuses a revoked token with 401', async () => {
      const { id, token } = await createToken();
      await script().get('/api/posts/counts').set('Authorization', `Bearer ${token}`).expect(200);
      await author.delete(`/api/tokens/${id}`).expect(204);
      const response = await script()
        .post('/api/posts')
        .set('Authorization', `Bearer ${token}`)
        .send({ title: 'x', content: '<p>x</p>' })
        .expect(401);
      expect(response.body).toMatchObject({ code: 'TOKEN_INVALID' });
    });

    it('refuses an expired token with 401 TOKEN_EXPIRED', async () => {
      const { id, token } = await createToken({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
      await script().get('/api/posts/counts').set('Authorization', `Bearer ${token}`).expect(200);
      await tokens.update(id, { expiresAt: new Date(Date.now() - 1000) });
      const response = await script().get('/api/posts/counts').set('Authorization', `Bearer ${token}`).expect(401);
      expect(response.body).toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
    });

    it('records the last use, at most once a minute', async () => {
      const { id, token } = await createToken();
      const lastUsed = async () => (await tokens.findOneByOrFail({ id })).lastUsedAt;
      expect(await lastUsed()).toBeNull();
      const before = Date.now();
      await script().get('/api/posts/counts').set('Authorization', `Bearer ${token}`).expect(200);
      const first = await lastUsed();
      expect(first!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      await script().get('/api/posts/counts').set('Authorization', `Bearer ${token}`).expect(200);
      expect(await lastUsed()).toEqual(first);
      // A minute later the next call writes it again.
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      await tokens.update(id, { lastUsedAt: twoMinutesAgo });
      await script().get('/api/posts/counts').set('Authorization', `Bearer ${token}`).expect(200);
      expect((await lastUsed())!.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
      const listed = (await author.get('/api/tokens').expect(200)).body.find((row: { id: number }) => row.id === id);
      expect(listed.lastUsedAt).toEqual((await lastUsed())!.toISOString());
    });
  });

  describe('what only a session can do', () => {
    let bearer: string;
    beforeAll(async () => {
      bearer = `Bearer ${(await createToken()).token}`;
    });

    it.each([
      ['create a token', 'post', '/api/tokens', { name: 'more' }],
      ['list the tokens', 'get', '/api/tokens', undefined],
      ['revoke a token', 'delete', '/api/tokens/1', undefined],
      ['change the password', 'post', '/api/reset-password', { token: 'x'.repeat(43), password: 'new-password' }],
      ['sign in', 'post', '/api/login', { username: AUTHOR.username, password: AUTHOR.password }],
      ['register', 'post', '/api/register', { username: 'third', email: 'third@example.com', password: 'secret-pass-3', name: 'ثالث' }],
      ['ask for a password reset mail', 'post', '/api/forgot-password', { email: AUTHOR.email }],
      ["pass the admin's session check", 'get', '/api/user', undefined],
    ] as const)('a token cannot %s: 403 SESSION_REQUIRED', async (_case, method, path, body) => {
      const call = script()[method](path).set('Authorization', bearer);
      const response = await (body ? call.send(body) : call).expect(403);
      expect(response.body).toMatchObject({ statusCode: 403, code: 'SESSION_REQUIRED' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('the session still can, and the token was not spent by trying', async () => {
      await author.get('/api/user').expect(200);
      await author.get('/api/tokens').expect(200);
      await script().get('/api/posts/counts').set('Authorization', bearer).expect(200);
    });
  });

  describe('the cross-site check', () => {
    let bearer: string;
    beforeAll(async () => {
      bearer = `Bearer ${(await createToken()).token}`;
    });

    it('lets a bearer request through without an Origin, and with any Origin (no ambient credential)', async () => {
      await script().post('/api/categories').set('Authorization', bearer).send({ name: 'بلا أصل' }).expect(201);
      await script().post('/api/categories').set('Authorization', bearer).set('Origin', EVIL_ORIGIN).send({ name: 'أصل آخر' }).expect(201);
    });

    it('still refuses a cookie request from another origin', async () => {
      const response = await author.post('/api/categories').set('Origin', EVIL_ORIGIN).send({ name: 'من موقع آخر' }).expect(403);
      expect(response.body).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    });

    it('refuses a request from another origin with an invalid bearer header (401 before anything else)', async () => {
      await script()
        .post('/api/categories')
        .set('Authorization', 'Bearer mdw_nope')
        .set('Origin', EVIL_ORIGIN)
        .send({ name: 'x' })
        .expect(401);
    });
  });

  describe('pages', () => {
    it('a bearer header on GET /admin signs nobody in: no cookie, and the browser stays signed out', async () => {
      const { token } = await createToken();
      const browser = t.agent();
      const page = await browser.get('/admin').set('Authorization', `Bearer ${token}`);
      expect(page.headers['set-cookie']).toBeUndefined();
      await browser.get('/api/user').expect(401);
    });
  });
});
