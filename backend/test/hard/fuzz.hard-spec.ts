import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/auth/session';
import { createPost, outboxMailsAfterResets, resetTokenIn } from '../support/helpers';
import { captureOutput } from '../support/output';
import { AUTHOR, startTestApp, TestApp } from '../support/test-app';
import { FuzzRequest, fuzzOperations, OpenApiDocument, requestFor } from './openapi-arbitraries';

/**
 * Fuzzes every operation of the OpenAPI document, anonymously and signed in, with values that fit the schema and
 * values that do not (hostile strings, wrong types, deep nesting, junk uploads). The server must answer every one
 * without a 5xx, every error body must carry the request id, the data must keep its invariants afterwards, and the
 * log must never hold a password, a session id or a reset token. Seeded: FUZZ_SEED reproduces a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_OPERATION = 84;
const document = JSON.parse(readFileSync(join(__dirname, '../../../openapi/openapi.json'), 'utf8')) as OpenApiDocument;
const NEW_PASSWORD = 'another-secret-2';

function send(agent: TestAgent, fuzz: FuzzRequest) {
  const call = agent[fuzz.method](fuzz.url);
  if (fuzz.upload) return call.attach('file', fuzz.upload.bytes, { filename: fuzz.upload.filename, contentType: fuzz.upload.contentType });
  if (fuzz.json !== undefined) return call.set('content-type', 'application/json').send(fuzz.json);
  return call;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  let t: TestApp;
  let output: ReturnType<typeof captureOutput>;
  let author: TestAgent;
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    output = captureOutput();
    t = await startTestApp();
    // Sign-in and the password reset come first: the fuzz exhausts their rate limits.
    await t.author();
    await t.agent().post('/api/forgot-password').send({ email: AUTHOR.email }).expect(200);
    secrets.resetToken = resetTokenIn((await outboxMailsAfterResets(t)).at(-1) as string);
    await t.agent().post('/api/reset-password').send({ token: secrets.resetToken, password: NEW_PASSWORD }).expect(200);
    author = request.agent(t.app.getHttpServer());
    const login = await author.post('/api/login').send({ username: AUTHOR.username, password: NEW_PASSWORD }).expect(200);
    const cookie = String(login.headers['set-cookie']).match(new RegExp(`${SESSION_COOKIE}=s%3A([^.;]+)`));
    secrets.sessionId = cookie?.[1] ?? '';
    secrets.password = AUTHOR.password;
    secrets.newPassword = NEW_PASSWORD;
    expect(secrets.sessionId).not.toBe('');

    const category = (await author.post('/api/categories').send({ name: 'برمجة', slug: 'programming' }).expect(201)).body;
    for (let i = 0; i < 4; i += 1) await createPost(author, { categoryId: category.id, published: i % 2 === 0 });
    await author.post('/api/pages').send({ title: 'عن المدونة', content: '<p>نص</p>', slug: 'about' }).expect(201);
  }, 120_000);

  afterAll(async () => {
    output.restore();
    await t?.close();
  });

  it(
    'answers thousands of valid and mutated requests, signed in and not, without one 5xx',
    async () => {
      const known = { ids: [1, 2, 3, 4, 5], slugs: ['programming', 'about', 'post-1', 'برمجة', 'counts', 'featured'] };
      const failures: string[] = [];
      const missingRequestId: string[] = [];
      let sent = 0;
      const statuses = new Map<number, number>();
      for (const [index, operation] of fuzzOperations(document).entries()) {
        const requests = fc.sample(requestFor(document, operation, known), { seed: SEED + index, numRuns: RUNS_PER_OPERATION });
        for (const [n, fuzz] of requests.entries()) {
          // Half signed in, half anonymous; signing out would end the fuzz's session, so logout is only anonymous.
          const signedIn = n % 2 === 0 && operation.id !== 'logout';
          const response = await send(signedIn ? author : t.agent(), fuzz);
          sent += 1;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const line = `${response.status} ${fuzz.method.toUpperCase()} ${fuzz.url.slice(0, 200)} ${signedIn ? '(signed in)' : ''}`;
          if (response.status >= 500) failures.push(`${line}\n  ${fuzz.json?.slice(0, 300)}\n  ${response.text.slice(0, 300)}`);
          if (response.status >= 400 && response.type === 'application/json' && typeof response.body.requestId !== 'string')
            missingRequestId.push(line);
        }
      }
      const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
      console.info(`fuzz: ${sent} requests (seed ${SEED}), ${failures.length} answered 5xx; answers ${answers.join(' ')}`);
      expect(sent).toBeGreaterThanOrEqual(3000);
      expect(failures).toEqual([]);
      // The fuzz must get past validation too (it creates records), not only be refused at the door.
      expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
      expect(missingRequestId).toEqual([]);
    },
    15 * 60_000,
  );

  it('leaves the data consistent: unique slugs, one featured post at most and published, no dangling category', async () => {
    const db = t.app.get(DataSource);
    for (const table of ['posts', 'pages', 'categories']) {
      const duplicates = await db.query(`SELECT slug FROM ${table} GROUP BY slug HAVING COUNT(*) > 1`);
      expect(duplicates, table).toEqual([]);
    }
    const featured = await db.query('SELECT id, published FROM posts WHERE featured = true');
    expect(featured.length).toBeLessThanOrEqual(1);
    for (const post of featured) expect(Boolean(post.published)).toBe(true);
    const dangling = await db.query(
      'SELECT p.id FROM posts p LEFT JOIN categories c ON c.id = p."categoryId" WHERE p."categoryId" IS NOT NULL AND c.id IS NULL',
    );
    expect(dangling).toEqual([]);
  });

  it('never writes a password, a session id or a reset token to the log', () => {
    const log = output.text();
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `${name} found in the log`).toBe(false);
  });
});
