import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../support/helpers';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The front door (site/front-door.ts, docs/decisions/037): stored pages are answered before Express, with the answer
 * Express gives. Every request here goes once through the app's own server (front door first) and once through a
 * server that has only the app's Express handler, and the two answers are compared: status, every header but the
 * ones that differ per request, and the bytes. A count of Express's own handling tells which requests it saw.
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');
/** Set anew for each request or each answer. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

describe('stored pages answered before Express', () => {
  let t: TestApp;
  let expressOnly: Server;
  let expressHandled = 0;
  let post: Record<string, any>;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
    const author = await t.author();
    post = await createPost(author, { title: 'باب أمامي', slug: 'front-door', published: true, tags: ['أبواب'] });
    const express = t.app.getHttpAdapter().getInstance() as Express & { handle: (...args: unknown[]) => void };
    const handle = express.handle.bind(express);
    express.handle = (...args: unknown[]) => {
      expressHandled += 1;
      handle(...args);
    };
    expressOnly = createServer(express);
    await new Promise<void>((done) => expressOnly.listen(0, '127.0.0.1', done));
  });

  afterAll(async () => {
    await new Promise((done) => expressOnly?.close(done));
    await t?.close();
  });

  type Call = (server: Server) => request.Test;
  /** The answer to `call` from both servers (Express alone first: a page it builds is then kept for both). */
  async function bothAnswers(call: Call) {
    const viaExpress = await call(expressOnly).buffer(true);
    const before = expressHandled;
    const viaFrontDoor = await call(t.app.getHttpServer()).buffer(true);
    return { viaExpress, viaFrontDoor, expressSaw: expressHandled > before };
  }
  const headersOf = (answer: request.Response) =>
    Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !PER_REQUEST.has(name)));
  const bytesOf = (answer: request.Response) => (Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.text ?? ''));
  const raw = (test: request.Test) => test.responseType('blob');

  const pages: [string, Call][] = [
    ['the home page, gzip', (server) => raw(request(server).get('/').set('Accept-Encoding', 'gzip'))],
    ['a post, without gzip', (server) => raw(request(server).get('/posts/front-door').set('Accept-Encoding', 'identity'))],
    [
      'a tag page with a cache-busting query',
      (server) => raw(request(server).get(`/tags/${encodeURIComponent('أبواب')}?utm_source=x&v=2`)),
    ],
    ['a HEAD of a post', (server) => request(server).head('/posts/front-door')],
    ['the feed', (server) => raw(request(server).get('/rss.xml').set('Accept-Encoding', 'gzip'))],
    ['a signed-in browser (private cache)', (server) => raw(request(server).get('/').set('Cookie', 'mudawwana.signed-in=1'))],
    ['an unknown post: the shared not-found page', (server) => raw(request(server).get('/posts/no-such-post'))],
  ];

  it.each(pages)('%s: the same answer, and Express never sees it', async (_name, call) => {
    // twice through Express alone: the first may build the page; the second is the stored one both now serve
    await call(expressOnly);
    const { viaExpress, viaFrontDoor, expressSaw } = await bothAnswers(call);
    expect(viaFrontDoor.status).toBe(viaExpress.status);
    expect(headersOf(viaFrontDoor)).toEqual(headersOf(viaExpress));
    expect(bytesOf(viaFrontDoor).equals(bytesOf(viaExpress))).toBe(true);
    expect(viaFrontDoor.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    expect(viaFrontDoor.headers['content-security-policy']).toContain("default-src 'self'");
    expect(expressSaw).toBe(false);
  });

  it('a matching ETag gets the same 304', async () => {
    const etag = (await request(expressOnly).get(`/posts/${post.slug}`)).headers.etag as string;
    const { viaExpress, viaFrontDoor, expressSaw } = await bothAnswers((server) =>
      request(server).get(`/posts/${post.slug}`).set('If-None-Match', etag),
    );
    expect([viaExpress.status, viaFrontDoor.status]).toEqual([304, 304]);
    expect(headersOf(viaFrontDoor)).toEqual(headersOf(viaExpress));
    expect(expressSaw).toBe(false);
  });

  it('keeps the proxy’s request id as Express does', async () => {
    const answer = await request(t.app.getHttpServer()).get('/').set('X-Request-Id', 'proxy-abc.1');
    expect(answer.headers['x-request-id']).toBe('proxy-abc.1');
  });

  const leftToExpress: [string, Call, number][] = [
    ['the API', (server) => request(server).get('/api/health'), 200],
    ['a built file', (server) => request(server).get('/assets/none.js'), 404],
    ['robots.txt', (server) => request(server).get('/robots.txt'), 200],
    ['a path with a NUL character', (server) => request(server).get('/posts/a%00b'), 400],
    ['a query with a NUL character', (server) => request(server).get('/?page=a%00b'), 400],
    ['WebFinger', (server) => request(server).get('/.well-known/webfinger?resource=acct:nobody@example.com'), 404],
    ['a POST to a page', (server) => request(server).post('/posts/front-door').send({}), 404],
  ];

  it.each(leftToExpress)('%s: left to Express', async (_name, call, status) => {
    const { viaExpress, viaFrontDoor, expressSaw } = await bothAnswers(call);
    expect([viaExpress.status, viaFrontDoor.status]).toEqual([status, status]);
    expect(expressSaw).toBe(true);
  });
});
