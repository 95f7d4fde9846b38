import TestAgent from 'supertest/lib/agent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTHOR, startTestApp, TestApp } from '../support/test-app';

const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** The device cookie a response set (name=value), or undefined. */
const deviceCookieIn = (setCookie: string[] | string | undefined) =>
  [setCookie ?? []].flat().find((cookie) => cookie.startsWith('mudawwana.device='));

/**
 * Issue 21: sign-in that an attacker cannot turn against the author. The app trusts one proxy (TRUST_PROXY), so each
 * request says which client address it comes from in X-Forwarded-For, as the address a proxy saw.
 */
// Each checked sign-in costs one argon2 hash, and hashes run one at a time: the lockout takes 200 of them. At the
// recommended cost that took minutes on a busy machine; these tests hash at the lowest (test/support/argon2-test-cost.ts).
describe('sign-in limits under attack', { timeout: 120_000 }, () => {
  let t: TestApp;
  let authorBrowser: TestAgent;
  /** The cookies the author's browser got on registering. */
  let registeredCookies: string[] | string | undefined;

  beforeEach(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
    authorBrowser = t.agent();
    const registered = await authorBrowser.post('/api/register').set('X-Forwarded-For', '192.0.2.1').send(AUTHOR).expect(201);
    registeredCookies = registered.headers['set-cookie'];
  });
  afterEach(() => t.close());

  const signIn = (agent: TestAgent, address: string, password: string) =>
    agent.post('/api/login').set('X-Forwarded-For', address).send({ username: AUTHOR.username, password });
  const signInWithForm = (agent: TestAgent, address: string, password: string) =>
    agent.post('/api/login/form').set('X-Forwarded-For', address).type('form').send({ username: AUTHOR.username, password });

  it("wrong passwords from 39 addresses lock unknown devices out of the account, never the author's own browsers", async () => {
    // A second browser of the author's, signed in with the form (no JavaScript) before the attack.
    const laptop = t.agent();
    expect((await signInWithForm(laptop, '192.0.2.2', AUTHOR.password).expect(303)).headers.location).toBe('/');

    const attackers = Array.from({ length: 39 }, (_, i) => `198.51.100.${i + 1}`);
    const statuses: number[] = [];
    // Ten at once from each address in turn (all 390 at once would overflow the hashing queue: 503).
    for (const address of attackers) {
      statuses.push(
        ...(await Promise.all(Array.from({ length: 10 }, async (_, i) => (await signIn(t.agent(), address, `guess-${i}`)).status))),
      );
    }
    expect(statusCounts(statuses)).toEqual({ 401: 200, 429: 190 });

    // The browser that registered, even from an address an attacker used: judged by its own budget, so signed in.
    await signIn(authorBrowser, attackers[0], AUTHOR.password).expect(200);
    await authorBrowser.get('/api/user').expect(200);
    expect((await signInWithForm(laptop, '192.0.2.2', AUTHOR.password).expect(303)).headers.location).toBe('/');
    // A new device meets the account's lockout, with the right password too, on either form of sign-in.
    const refused = await signIn(t.agent(), '192.0.2.99', AUTHOR.password).expect(429);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const formRefused = await signInWithForm(t.agent(), '192.0.2.99', AUTHOR.password).expect(303);
    expect(formRefused.headers.location).toBe('/auth?tab=login&error=RATE_LIMITED');

    // A device cookie altered in any part (another account, a later expiry, its signature, its nonce) is no device.
    const deviceCookie = deviceCookieIn(registeredCookies)!.split(';')[0];
    const [userId, expires, nonce, signature] = deviceCookie.slice('mudawwana.device='.length).split('.');
    const altered = [
      `${Number(userId) + 1}.${expires}.${nonce}.${signature}`,
      `${userId}.${Number(expires) + 1}.${nonce}.${signature}`,
      `${userId}.${expires}.${nonce}.${signature.slice(1)}A`,
      `${userId}.${expires}.${'A'.repeat(22)}.${signature}`,
    ];
    for (const forged of altered) {
      await signIn(t.agent(), '192.0.2.99', AUTHOR.password).set('Cookie', `mudawwana.device=${forged}`).expect(429);
    }
    await signIn(t.agent(), '192.0.2.99', AUTHOR.password).set('Cookie', deviceCookie).expect(200);
  });

  it('a known device has a budget of its own: 10 wrong passwords, then 429 for it alone', async () => {
    for (let i = 0; i < 10; i += 1) await signIn(authorBrowser, '192.0.2.1', `typo-${i}`).expect(401);
    await signIn(authorBrowser, '192.0.2.1', AUTHOR.password).expect(429);
    await signIn(t.agent(), '192.0.2.1', AUTHOR.password).expect(200);
  });

  it('the device cookie is HttpOnly, SameSite=Lax, sent only to sign-in, long-lived, and Secure over HTTPS', async () => {
    const overHttp = deviceCookieIn((await signIn(t.agent(), '192.0.2.1', AUTHOR.password).expect(200)).headers['set-cookie']);
    expect(overHttp).toMatch(/; Path=\/api\/login(;|$)/);
    expect(overHttp).toMatch(/; HttpOnly(;|$)/);
    expect(overHttp).toMatch(/; SameSite=Lax(;|$)/);
    expect(overHttp).not.toMatch(/; Secure/);
    expect(Number(/Max-Age=(\d+)/.exec(overHttp!)![1])).toBe(365 * 24 * 60 * 60);
    const overHttps = await signIn(t.agent(), '192.0.2.1', AUTHOR.password).set('X-Forwarded-Proto', 'https').expect(200);
    expect(deviceCookieIn(overHttps.headers['set-cookie'])).toMatch(/; Secure(;|$)/);
  });

  it('addresses in one IPv6 /64 share one budget, and an IPv4-mapped address is its IPv4 address', async () => {
    const attempt = (address: string, i: number) =>
      t
        .agent()
        .post('/api/login')
        .set('X-Forwarded-For', address)
        .send({ username: `nobody-${i}`, password: 'guess-guess' });
    const fromOneNetwork = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => (await attempt(`2001:db8:1:2::${(i + 1).toString(16)}`, i)).status),
    );
    expect(statusCounts(fromOneNetwork)).toEqual({ 401: 30 });
    await attempt('2001:db8:1:2:ffff:ffff:ffff:ffff', 30).expect(429);
    await attempt('2001:db8:1:3::1', 31).expect(401);

    for (let i = 0; i < 30; i += 1) await attempt('203.0.113.9', i).expect(401);
    await attempt('::ffff:203.0.113.9', 30).expect(429);
  });
});
