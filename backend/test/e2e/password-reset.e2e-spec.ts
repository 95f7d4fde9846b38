import { Client } from 'pg';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, POSTGRES_ONLY } from '../support/conditions';
import { outboxMails, outboxMailsAfterResets, resetTokenIn } from '../support/helpers';
import { AUTHOR, startTestApp, TestApp, sharedTestApp } from '../support/test-app';

/** An account of its own for the budget test (3 mails per email address an hour). */
const VICTIM = { username: 'victim', email: 'victim@example.com', password: 'victim-pass-1', name: 'الضحية' };
const FORGOT_MESSAGE = 'إذا كان هذا البريد مسجلاً لدينا فستصلك رسالة فيها رابط إعادة تعيين كلمة المرور';

describe('password reset links', () => {
  let t: TestApp;
  let author: TestAgent;
  let password = AUTHOR.password;
  let nextAddress = 1;

  // Behind a proxy, so each test asks from addresses of its own (5 requests per address an hour).
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', ALLOW_REGISTRATION: 'true' });
    author = await t.author();
    await t.agent().post('/api/register').send(VICTIM).expect(201);
  });
  afterAll(() => t.close());

  const fromNewAddress = () => `198.51.100.${nextAddress++}`;
  const askForLink = (ip = fromNewAddress()) =>
    t.agent().post('/api/forgot-password').set('X-Forwarded-For', ip).send({ email: AUTHOR.email }).expect(200);
  /** The links mailed since `before` mails were in the outbox. */
  const linksSince = async (before: number) => (await outboxMailsAfterResets(t)).slice(before).map(resetTokenIn);
  const reset = (token: string, newPassword: string) => t.agent().post('/api/reset-password').send({ token, password: newPassword });

  it('revokes the API tokens made before the reset, and says so', async () => {
    const { token: apiToken } = (await author.post('/api/tokens').send({ name: 'script' }).expect(201)).body as { token: string };
    const script = () => request(t.app.getHttpServer()).get('/api/posts').set('Authorization', `Bearer ${apiToken}`);
    await script().expect(200);

    const before = (await outboxMailsAfterResets(t)).length;
    await askForLink();
    const [link] = await linksSince(before);
    password = 'after-reset-1';
    const done = await reset(link, password).expect(200);
    expect(done.body.message).toBe('تم إعادة تعيين كلمة المرور بنجاح. انتهت كل الجلسات المفتوحة وأُلغيت كل رموز API');

    expect((await script().expect(401)).body).toMatchObject({ code: 'TOKEN_INVALID' });
    await t.agent().post('/api/login').send({ username: AUTHOR.username, password }).expect(200);
  });

  it('a new request does not cancel a link already sent; using any one of them spends them all', async () => {
    const before = (await outboxMailsAfterResets(t)).length;
    await askForLink();
    await askForLink();
    const [first, second] = await linksSince(before);
    expect(first).not.toBe(second);

    password = 'after-reset-2';
    await reset(first, password).expect(200);
    expect((await reset(second, 'after-reset-x').expect(400)).body).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect((await reset(first, 'after-reset-x').expect(400)).body).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    await t.agent().post('/api/login').send({ username: AUTHOR.username, password }).expect(200);
  });

  it("a stranger's requests cannot lock the author out: past the address's budget the same answer, no more mail, and the links sent still work", async () => {
    const before = (await outboxMailsAfterResets(t)).length;
    const ask = (ip: string) => t.agent().post('/api/forgot-password').set('X-Forwarded-For', ip).send({ email: VICTIM.email }).expect(200);
    // Three requests an hour for one email address, each from a different address of the stranger's.
    for (let n = 1; n <= 3; n += 1) await ask(`203.0.113.${n}`);
    // Past the budget: the stranger's next request, and the author's own, get the same answer (no 429) and no mail.
    for (const answer of [await ask('203.0.113.9'), await ask(fromNewAddress())]) expect(answer.body).toEqual({ message: FORGOT_MESSAGE });

    const links = await linksSince(before);
    expect(links).toHaveLength(3);
    // The author uses a link that the stranger's requests sent them.
    await reset(links[0], 'victim-pass-2').expect(200);
    await t.agent().post('/api/login').send({ username: VICTIM.username, password: 'victim-pass-2' }).expect(200);
  });

  it('one address asking too often gets 429 (it tells nothing about accounts)', async () => {
    const ip = fromNewAddress();
    for (let n = 0; n < 5; n += 1) {
      await t
        .agent()
        .post('/api/forgot-password')
        .set('X-Forwarded-For', ip)
        .send({ email: `nobody${n}@example.com` })
        .expect(200);
    }
    const refused = await t.agent().post('/api/forgot-password').set('X-Forwarded-For', ip).send({ email: AUTHOR.email }).expect(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe.runIf(onPostgres)('forgot-password answers before any work that depends on the address', POSTGRES_ONLY, () => {
  const t = sharedTestApp();
  beforeAll(async () => {
    await t.author();
  });

  it('answers while another connection holds the users table locked, then mails the link once the lock is gone', async () => {
    const before = (await outboxMailsAfterResets(t)).length;
    const locker = new Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      // Not even a read of users can run: looking the address up would wait for the lock.
      await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      for (const email of [AUTHOR.email, 'stranger@example.com']) {
        const answer = await t.agent().post('/api/forgot-password').send({ email }).timeout(20_000).expect(200);
        expect(answer.body).toEqual({ message: FORGOT_MESSAGE });
      }
      // The mail cannot have been prepared yet: its lookup waits for the lock (no sleep needed to know it).
      expect(outboxMails(t)).toHaveLength(before);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    const mails = (await outboxMailsAfterResets(t)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${AUTHOR.email}`);
  });
});
