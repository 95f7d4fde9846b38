import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../src/users/user.entity';
import { PasswordResetToken } from '../../src/auth/password-reset-token.entity';
import { expectNoSecrets, outboxMailsAfterResets, resetTokenIn } from '../support/helpers';
import { AUTHOR, sharedTestApp } from '../support/test-app';

const INVALID = { statusCode: 401, message: 'Invalid username or password' };
const FORGOT_MESSAGE = 'إذا كان هذا البريد مسجلاً لدينا فستصلك رسالة فيها رابط إعادة تعيين كلمة المرور';

describe('auth: register, login, logout, password reset', () => {
  const t = sharedTestApp();
  let author: TestAgent;
  let password = AUTHOR.password;
  let authorCookie: string;

  it('GET /api/user answers 401 without a session', async () => {
    const response = await t.agent().get('/api/user').expect(401);
    expect(response.body).toMatchObject({ statusCode: 401 });
  });

  it.each([
    ['a short username', { username: 'ab' }],
    ['an invalid email', { email: 'not-an-email' }],
    ['a short password', { password: '12345' }],
    ['a short name', { name: 'ك' }],
    ['a missing name', { name: undefined }],
    ['a non-null bio', { bio: 'hello' }],
  ])('register refuses %s with 400', async (_case, change) => {
    const response = await t
      .agent()
      .post('/api/register')
      .send({ ...AUTHOR, ...change })
      .expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, message: expect.anything() });
  });

  it('GET /api/registration says registration is open while the blog has no author', async () => {
    expect((await t.agent().get('/api/registration').expect(200)).body).toEqual({
      open: true,
      firstAccount: true,
      setupCodeRequired: false,
    });
  });

  it('register creates the first user (201), accepts the null fields the client sends, and signs in', async () => {
    author = t.agent();
    const response = await author
      .post('/api/register')
      .send({ ...AUTHOR, bio: null, avatarUrl: null, resetToken: null, resetTokenExpiry: null })
      .expect(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      username: AUTHOR.username,
      email: AUTHOR.email,
      name: AUTHOR.name,
      bio: null,
      avatarUrl: null,
    });
    authorCookie = (response.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('mudawwana.sid='))!.split(';')[0];
    const me = await author.get('/api/user').expect(200);
    expect(me.body).toEqual(response.body);
    expectNoSecrets(me.body);
  });

  it('register is closed (403) once the blog has its author', async () => {
    const response = await t
      .agent()
      .post('/api/register')
      .send({ username: 'intruder', email: 'intruder@example.com', password: 'secret-pass', name: 'Intruder' })
      .expect(403);
    expect(response.body).toMatchObject({ statusCode: 403, code: 'REGISTRATION_CLOSED' });
    // and the sign-in screen can tell before anyone tries
    expect((await t.agent().get('/api/registration').expect(200)).body).toEqual({
      open: false,
      firstAccount: false,
      setupCodeRequired: false,
    });
  });

  it('login with the username answers 200 with the user and a session', async () => {
    const agent = t.agent();
    const response = await agent.post('/api/login').send({ username: AUTHOR.username, password }).expect(200);
    expect(response.body).toMatchObject({ username: AUTHOR.username, name: AUTHOR.name, email: AUTHOR.email });
    expectNoSecrets(response.body);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.find((cookie) => cookie.startsWith('mudawwana.sid='))).toMatch(/HttpOnly.*SameSite=Lax/i);
    // The signed-in hint the page reads to decide whether to ask /api/user: readable by scripts, no secret in it.
    const hint = cookies.find((cookie) => cookie.startsWith('mudawwana.signed-in='));
    expect(hint).toMatch(/^mudawwana\.signed-in=1;.*Path=\/.*SameSite=Lax/i);
    expect(hint).not.toMatch(/HttpOnly/i);
    await agent.get('/api/user').expect(200);
  });

  it('login with the email address (any case) works too', async () => {
    const response = await t.agent().post('/api/login').send({ username: AUTHOR.email.toUpperCase(), password }).expect(200);
    expect(response.body.username).toBe(AUTHOR.username);
  });

  it('a wrong password or an unknown user answers 401 "Invalid username or password" and no session', async () => {
    const agent = t.agent();
    const wrong = await agent.post('/api/login').send({ username: AUTHOR.username, password: 'wrong-password' }).expect(401);
    expect(wrong.body).toMatchObject(INVALID);
    const unknown = await agent.post('/api/login').send({ username: 'nobody', password: 'whatever' }).expect(401);
    expect(unknown.body).toMatchObject(INVALID);
    expect(String(unknown.headers['set-cookie'] ?? '')).not.toContain('mudawwana.signed-in');
    await agent.get('/api/user').expect(401);
  });

  it.each([
    ['nothing', {}],
    ['no password', { username: 'author' }],
    ['no username', { password: 'secret-pass' }],
    ['an empty username', { username: '   ', password: 'secret-pass' }],
    ['a short password', { username: 'author', password: '12345' }],
    ['a number as username', { username: 5, password: 'secret-pass' }],
    ['an unknown field', { username: 'author', password: 'secret-pass', admin: true }],
  ])('login with %s answers 400', async (_case, body) => {
    const response = await t.agent().post('/api/login').send(body).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400 });
  });

  it('logout answers 200 and ends the session on the server (the old cookie no longer works)', async () => {
    // The agent that registered: its session cookie, replayed by another client after logout, must be dead.
    const cookie = authorCookie;
    await request(t.app.getHttpServer()).get('/api/user').set('Cookie', cookie).expect(200);

    const logout = await author.post('/api/logout').expect(200);
    expect(logout.body).toEqual({ message: expect.any(String) });
    expect(([] as string[]).concat(logout.headers['set-cookie'] ?? [])).toContainEqual(
      expect.stringMatching(/^mudawwana\.signed-in=;.*Expires=Thu, 01 Jan 1970/),
    );
    await author.get('/api/user').expect(401);
    await request(t.app.getHttpServer()).get('/api/user').set('Cookie', cookie).expect(401);
  });

  it('logout without a session is still 200', async () => {
    await t.agent().post('/api/logout').expect(200);
  });

  describe('password reset', () => {
    it('forgot-password answers the same 200 for a known and an unknown email, and mails only the known one', async () => {
      const known = await t.agent().post('/api/forgot-password').send({ email: AUTHOR.email }).expect(200);
      const unknown = await t.agent().post('/api/forgot-password').send({ email: 'stranger@example.com' }).expect(200);
      expect(known.body).toEqual({ message: FORGOT_MESSAGE });
      expect(unknown.body).toEqual(known.body);
      const mails = await outboxMailsAfterResets(t);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`To: ${AUTHOR.email}`);
      expect(mails[0]).toContain('/reset-password?token=');
    });

    it("without PUBLIC_URL the reset link points at this server's local address, never at the request's Host header", async () => {
      const before = (await outboxMailsAfterResets(t)).length;
      await t.agent().post('/api/forgot-password').set('Host', 'evil.example').send({ email: AUTHOR.email }).expect(200);
      const mail = (await outboxMailsAfterResets(t))[before];
      expect(mail).toMatch(/http:\/\/localhost:\d+\/reset-password\?token=/);
      expect(mail).not.toContain('evil.example');
    });

    it('forgot-password refuses an invalid email with 400', async () => {
      await t.agent().post('/api/forgot-password').send({ email: 'nope' }).expect(400);
      await t.agent().post('/api/forgot-password').send({}).expect(400);
    });

    it('the mailed token sets a new password once: the new one signs in, the old one and its sessions do not, the token is spent', async () => {
      const token = resetTokenIn((await outboxMailsAfterResets(t)).at(-1)!);
      const openBefore = t.agent();
      await openBefore.post('/api/login').send({ username: AUTHOR.username, password }).expect(200);
      const newPassword = 'brand-new-pass';
      const reset = await t.agent().post('/api/reset-password').send({ token, password: newPassword }).expect(200);
      expect(reset.body).toEqual({ message: expect.any(String) });

      await t.agent().post('/api/login').send({ username: AUTHOR.username, password: newPassword }).expect(200);
      await t.agent().post('/api/login').send({ username: AUTHOR.username, password }).expect(401);
      // A session opened with the old password (perhaps by whoever made the reset necessary) is over.
      await openBefore.get('/api/user').expect(401);
      password = newPassword;

      const again = await t.agent().post('/api/reset-password').send({ token, password: 'another-pass' }).expect(400);
      expect(again.body).toMatchObject({ statusCode: 400, code: 'RESET_TOKEN_INVALID' });
    });

    it('the reset token is stored hashed, never as mailed', async () => {
      await t.agent().post('/api/forgot-password').send({ email: AUTHOR.email }).expect(200);
      const token = resetTokenIn((await outboxMailsAfterResets(t)).at(-1)!);
      const stored = await t.app.get(DataSource).getRepository(PasswordResetToken).find();
      expect(stored).toHaveLength(1);
      expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[0].tokenHash).not.toBe(token);
    });

    it('an expired token answers 400', async () => {
      const token = resetTokenIn((await outboxMailsAfterResets(t)).at(-1)!);
      await t.app
        .get(DataSource)
        .getRepository(PasswordResetToken)
        .update({ tokenHash: createHash('sha256').update(token).digest('hex') }, { expiresAt: new Date(Date.now() - 60_000) });
      const response = await t.agent().post('/api/reset-password').send({ token, password: 'too-late-pass' }).expect(400);
      expect(response.body).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    });

    it('an unknown token answers 400, and a short new password 400', async () => {
      await t.agent().post('/api/reset-password').send({ token: 'made-up-token', password: 'whatever-pass' }).expect(400);
      await t.agent().post('/api/reset-password').send({ token: 'made-up-token', password: '123' }).expect(400);
      await t.agent().post('/api/reset-password').send({}).expect(400);
    });
  });

  it('repeated failed logins for one account are refused with 429', async () => {
    const attempt = () => t.agent().post('/api/login').send({ username: 'target', password: 'guess-guess' });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).status).toBe(401);
    const refused = await attempt().expect(429);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    // Another account is not affected.
    await t.agent().post('/api/login').send({ username: AUTHOR.username, password }).expect(200);
  });
});

describe('login rate limits behind a proxy (TRUST_PROXY=true)', () => {
  const t = sharedTestApp({ TRUST_PROXY: 'true' });
  beforeAll(async () => {
    await t.author();
  });

  const attempt = (ip: string, password = 'guess-guess') =>
    t.agent().post('/api/login').set('X-Forwarded-For', ip).send({ username: AUTHOR.username, password });

  it("a stranger's failures lock only the stranger's address out of the account, not the author", async () => {
    for (let i = 0; i < 10; i += 1) expect((await attempt('203.0.113.7')).status).toBe(401);
    await attempt('203.0.113.7').expect(429);
    await attempt('203.0.113.7', AUTHOR.password).expect(429);
    await attempt('198.51.100.20', AUTHOR.password).expect(200);
  });
});

describe('auth with ALLOW_REGISTRATION=true', () => {
  const t = sharedTestApp({ ALLOW_REGISTRATION: 'true' });

  it('registers while a user exists (201), and refuses a taken username or email with 409', async () => {
    await t.app
      .get(DataSource)
      .getRepository(User)
      .save({ username: 'first', email: 'first@example.com', password: 'not-a-real-hash', name: 'First', bio: null, avatarUrl: null });
    const second = { username: 'second', email: 'second@example.com', password: 'secret-pass-2', name: 'الثاني' };
    const agent = t.agent();
    expect((await t.agent().get('/api/registration').expect(200)).body).toEqual({
      open: true,
      firstAccount: false,
      setupCodeRequired: false,
    });
    expect((await agent.post('/api/register').send(second).expect(201)).body).toMatchObject({ username: 'second' });
    await agent.get('/api/user').expect(200);

    const sameUsername = await t
      .agent()
      .post('/api/register')
      .send({ ...second, email: 'other@example.com' })
      .expect(409);
    expect(sameUsername.body).toMatchObject({ statusCode: 409, code: 'USER_TAKEN' });
    await t
      .agent()
      .post('/api/register')
      .send({ ...second, username: 'third', email: 'FIRST@example.com' })
      .expect(409);
  });
});

describe('auth with PUBLIC_URL set', () => {
  const t = sharedTestApp({ PUBLIC_URL: 'https://blog.example.com' });
  beforeAll(async () => {
    await t.app
      .get(DataSource)
      .getRepository(User)
      .save({ username: 'author', email: AUTHOR.email, password: 'not-a-real-hash', name: 'Author', bio: null, avatarUrl: null });
  });

  it('the reset link points at PUBLIC_URL, whatever Host header the request carried', async () => {
    await t.agent().post('/api/forgot-password').set('Host', 'evil.example').send({ email: AUTHOR.email }).expect(200);
    const [mail] = await outboxMailsAfterResets(t);
    expect(mail).toContain('https://blog.example.com/reset-password?token=');
    expect(mail).not.toContain('evil.example');
  });

  it('accepts writes whose Origin is PUBLIC_URL (the site behind a proxy)', async () => {
    const response = await t
      .agent()
      .post('/api/newsletter')
      .set('Origin', 'https://blog.example.com')
      .send({ email: 'reader@example.com' });
    expect(response.status).toBe(202);
  });
});
