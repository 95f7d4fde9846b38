import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import TestAgent from 'supertest/lib/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp } from '../support/test-app';

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
interface Operation {
  method: Method;
  path: string;
  isPublic: boolean;
}

const HTTP_METHODS = new Set<string>(['get', 'post', 'put', 'delete', 'patch']);

function operationsOf(document: { paths: Record<string, Record<string, { 'x-public'?: boolean }>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ method: method as Method, path, isPublic: operation['x-public'] === true })),
  );
}

/** The committed contract (what the frontend's generated client is built from). */
const committed = operationsOf(JSON.parse(readFileSync(join(__dirname, '../../../openapi/openapi.json'), 'utf8')));
const protectedOperations = committed.filter((operation) => !operation.isPublic);
const publicOperations = committed.filter((operation) => operation.isPublic);
const label = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;
const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

function call(agent: TestAgent, operation: Operation, id: string) {
  const request = agent[operation.method](fill(operation.path, id));
  return operation.method === 'get' ? request : request.set('Content-Type', 'application/json').send('{}');
}

describe('security', () => {
  const t = sharedTestApp();
  let author: TestAgent;
  let ownOrigin: string;

  beforeAll(async () => {
    author = await t.author();
    ownOrigin = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });

  describe('every route needs a session unless it is marked public', () => {
    it('the committed openapi/openapi.json lists exactly the routes the app serves (regenerate it with npm run openapi)', async () => {
      const live = operationsOf((await t.agent().get('/api/docs-json').expect(200)).body);
      expect(committed.map(label).sort()).toEqual(live.map(label).sort());
      expect(
        committed
          .filter((o) => o.isPublic)
          .map(label)
          .sort(),
      ).toEqual(
        live
          .filter((o) => o.isPublic)
          .map(label)
          .sort(),
      );
      expect(protectedOperations.length).toBeGreaterThanOrEqual(19);
    });

    it.each(protectedOperations.map((operation) => [label(operation), operation] as const))(
      '%s answers 401 anonymously',
      async (_label, operation) => {
        const response = await call(t.agent(), operation, '1');
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'NOT_SIGNED_IN' });
      },
    );

    it.each(publicOperations.map((operation) => [label(operation), operation] as const))(
      '%s is open to anonymous readers and answers an empty request without a server error',
      async (_label, operation) => {
        const response = await call(t.agent(), operation, '1');
        expect(response.status).not.toBe(401);
        expect(response.status).toBeLessThan(500);
      },
    );

    it('no signed-in route answers an empty request or an unknown id with a server error', async () => {
      for (const operation of protectedOperations) {
        const response = await call(author, operation, '999999');
        expect(response.status, label(operation)).toBeLessThan(500);
        if (response.status >= 400)
          expect(response.body, label(operation)).toMatchObject({ statusCode: response.status, message: expect.anything() });
      }
    });
  });

  describe('input is validated', () => {
    it('refuses fields a request does not declare with 400', async () => {
      const response = await author.post('/api/categories').send({ name: 'Legit', evil: 1 }).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message: ['property evil should not exist'] });
      await author.put('/api/home-layout').send({ isAdmin: true }).expect(400);
      expect((await t.agent().get('/api/categories')).body.map((c: { name: string }) => c.name)).not.toContain('Legit');
    });

    it('answers a body that is not JSON with a JSON 400', async () => {
      for (const agent of [t.agent(), author]) {
        const response = await agent.post('/api/login').set('Content-Type', 'application/json').send('{"username": ').expect(400);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.body).toEqual({
          statusCode: 400,
          message: 'The request body is not valid JSON',
          error: 'Bad Request',
          requestId: response.headers['x-request-id'],
        });
      }
      await author.post('/api/categories').set('Content-Type', 'application/json').send('"just a string"').expect(400);
      await author
        .post('/api/categories')
        .send([{ name: 'In an array' }])
        .expect(400);
    });

    it('answers a JSON body over 3 MB with a JSON 413', async () => {
      const response = await author
        .post('/api/posts')
        .send({ title: 'big', content: 'a'.repeat(3.5 * 1024 * 1024) })
        .expect(413);
      expect(response.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    });

    it.each([
      ['an id that is not a number', '/api/users/abc'],
      ['an id beyond the integer range', '/api/users/99999999999999999999'],
      ['a negative id', '/api/users/-1'],
      ['a badly encoded slug', '/api/posts/%E0%A4%A'],
      ['a huge offset', '/api/posts?offset=99999999999999999999'],
      ['a repeated query parameter', '/api/posts?limit=1&limit=2'],
    ])('answers %s with 400, not 500', async (_case, path) => {
      const response = await t.agent().get(path).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    });

    it('answers ids beyond the integer range with 400 for the author too', async () => {
      await author.get('/api/posts/id/2147483648').expect(400);
      await author.put('/api/posts/2147483648').send({ title: 'x' }).expect(400);
      await author.post('/api/posts').send({ title: 'x', content: '<p>x</p>', categoryId: 2147483648 }).expect(400);
    });
  });

  describe('cross-site requests', () => {
    const evil = 'https://evil.example';

    it('refuses a POST, PUT or DELETE from another origin with 403, even signed in, and changes nothing', async () => {
      const response = await author.post('/api/categories').set('Origin', evil).send({ name: 'From evil' }).expect(403);
      expect(response.body).toMatchObject({ statusCode: 403, code: 'CROSS_SITE_REQUEST' });
      await author.put('/api/social-links').set('Origin', evil).send({ twitter: 'evil' }).expect(403);
      await author.delete('/api/categories/1').set('Origin', evil).expect(403);
      await author.post('/api/logout').set('Origin', evil).expect(403);
      await t.agent().post('/api/login').set('Origin', evil).send({ username: 'author', password: 'whatever' }).expect(403);
      await t.agent().post('/api/newsletter').set('Origin', 'null').send({ email: 'x@example.com' }).expect(403);

      expect((await t.agent().get('/api/social-links')).body.twitter).toBeNull();
      expect((await t.agent().get('/api/categories')).body.map((c: { name: string }) => c.name)).not.toContain('From evil');
      await t.agent().get('/api/categories/marketing').expect(200);
      await author.get('/api/user').expect(200);
    });

    it('lets same-origin writes through', async () => {
      await author.post('/api/categories').set('Origin', ownOrigin).send({ name: 'Same origin' }).expect(201);
    });

    it('lets reads from any origin through', async () => {
      await t.agent().get('/api/posts').set('Origin', evil).expect(200);
    });
  });

  describe('responses', () => {
    it('answers unknown API paths with a JSON 404, for any method and with or without a session', async () => {
      for (const request of [
        t.agent().get('/api/nothing-here'),
        t.agent().post('/api/nothing-here').send({}),
        author.delete('/api/posts/1/nothing'),
      ]) {
        const response = await request.expect(404);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    });

    it('gives every error one shape: statusCode, message, error, the request id and a stable code for domain errors', async () => {
      const response = await t.agent().get('/api/categories/nope').expect(404);
      expect(response.body).toEqual({
        statusCode: 404,
        message: 'Category not found',
        error: 'Not Found',
        code: 'CATEGORY_NOT_FOUND',
        requestId: response.headers['x-request-id'],
      });
    });

    it('does not reveal server paths for a missing upload', async () => {
      const response = await t.agent().get('/uploads/missing.png').expect(404);
      expect(JSON.stringify(response.body)).not.toMatch(/ENOENT|\/tmp|uploads\//);
    });

    it('sends the security headers and no X-Powered-By', async () => {
      const response = await t.agent().get('/api/posts').expect(200);
      expect(response.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' });
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
      expect(response.headers).toMatchObject({
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
      });
      // Served over plain HTTP (no https PUBLIC_URL): no HSTS, which would pin a host that has no certificate.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends a Content-Security-Policy that allows no inline script, images from self and data:, YouTube frames only', async () => {
      const csp = String((await t.agent().get('/api/posts').expect(200)).headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['script-src'][0]).toBe("'self'");
      expect(directives['script-src'].slice(1)).toEqual(directives['script-src'].slice(1).filter((v: string) => v.startsWith("'sha256-")));
      expect(directives['img-src']).toEqual(["'self'", 'data:']);
      expect(directives['frame-src']).toEqual(['https://www.youtube.com', 'https://www.youtube-nocookie.com']);
      expect(directives['frame-ancestors']).toEqual(["'self'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
    });

    it('gives anonymous readers no session cookie', async () => {
      for (const path of ['/api/posts', '/api/categories', '/api/home-layout']) {
        expect((await t.agent().get(path).expect(200)).headers['set-cookie']).toBeUndefined();
      }
    });

    it('never shows password hashes or reset tokens in a user', async () => {
      for (const response of [await author.get('/api/user'), await author.get('/api/users/1'), await t.agent().get('/api/users/1')]) {
        expect(Object.keys(response.body).sort()).toEqual(expect.not.arrayContaining(['password', 'resetToken', 'resetTokenExpiry']));
        expect(JSON.stringify(response.body)).not.toMatch(/argon2/);
      }
    });
  });
});

describe('security headers on an https site', () => {
  const t = sharedTestApp({ PUBLIC_URL: 'https://blog.example.com' });

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const response = await t.agent().get('/api/posts').expect(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
