import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestApp } from '../support/test-app';

describe('newsletter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('POST subscribes a new address (201), then answers 200 for the same address in any case', async () => {
    const first = await t.agent().post('/api/newsletter').send({ email: 'Reader@Example.com' }).expect(201);
    expect(first.body).toEqual({ message: expect.any(String) });
    const again = await t.agent().post('/api/newsletter').send({ email: '  reader@example.COM ' }).expect(200);
    expect(again.body.message).not.toBe(first.body.message);
  });

  it.each([
    ['not an email', { email: 'nope' }],
    ['no email', {}],
    ['a number', { email: 5 }],
    ['an unknown field', { email: 'a@b.co', name: 'x' }],
  ])('POST refuses %s with 400', async (_case, body) => {
    await t.agent().post('/api/newsletter').send(body).expect(400);
  });

  it('GET the subscribers answers 401 anonymously; the author sees the one subscriber, lower-cased', async () => {
    await t.agent().get('/api/newsletter').expect(401);
    const author = await t.author();
    const response = await author.get('/api/newsletter').expect(200);
    expect(response.body).toEqual([{ id: expect.any(Number), email: 'reader@example.com', createdAt: expect.any(String) }]);
  });

  it('refuses more than 10 sign-ups an hour from one address with 429', async () => {
    // Two sign-ups were made above (refused bodies never reach the counter).
    for (let i = 0; i < 8; i += 1)
      await t
        .agent()
        .post('/api/newsletter')
        .send({ email: `reader${i}@example.com` })
        .expect(201);
    const refused = await t.agent().post('/api/newsletter').send({ email: 'one-more@example.com' }).expect(429);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
  });
});
