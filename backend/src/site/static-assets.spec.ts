import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { namesSourceMap, staticAssets } from './static-assets';

const SOURCE = `export const answer = ${'42 + '.repeat(500)}0;\n`;

/** A client build as Vite + build/precompress.ts leave it: a hashed script with its .br and .gz, a map, a favicon. */
function clientBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mudawwana-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/app-abc123.js'), SOURCE);
  writeFileSync(join(dir, 'assets/app-abc123.js.br'), brotliCompressSync(SOURCE));
  writeFileSync(join(dir, 'assets/app-abc123.js.gz'), gzipSync(SOURCE));
  writeFileSync(join(dir, 'assets/app-abc123.js.map'), '{"version":3}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('static assets', () => {
  const dir = clientBuild();
  const app = (serveSourceMaps = false) => express().use(staticAssets(dir, { serveSourceMaps }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends the brotli copy to a browser that accepts it, with the script type, Vary and an immutable cache', async () => {
    const response = await request(app())
      .get('/assets/app-abc123.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['vary']).toMatch(/Accept-Encoding/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBeLessThan(SOURCE.length / 10);
  });

  it('sends gzip when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzip = await request(app()).get('/assets/app-abc123.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(SOURCE); // supertest inflates gzip: the same script arrives
    const plain = await request(app()).get('/assets/app-abc123.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/);
    expect(plain.text).toBe(SOURCE);
  });

  it('honours q-values: br;q=0 means no brotli', async () => {
    const response = await request(app()).get('/assets/app-abc123.js').set('Accept-Encoding', 'br;q=0, gzip').expect(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('does not serve source maps unless asked to', async () => {
    await request(app()).get('/assets/app-abc123.js.map').expect(404);
    await request(app(true)).get('/assets/app-abc123.js.map').expect(200);
  });

  it.each([
    '/assets/app-abc123.js.m%61p',
    '/assets/app-abc123.js%2emap',
    '/assets/app-abc123.js.m%2561p',
    '/assets/app-abc123.js.m%252561p',
    '/assets/app-abc123.js.MAP',
    '/assets/app-abc123.js.Ma%50',
    '/assets/app-abc123.js.map.',
    '/assets/app-abc123.js.map/',
    '/assets/app-abc123.js.map;v=1',
    '/assets/app-abc123.js.m%61p%3bv=1',
    '/assets/x/..%2fapp-abc123.js.m%61p',
  ])('refuses the source map however its path is spelt: %s', async (path) => {
    expect(namesSourceMap(path)).toBe(true); // the rule itself, for disks and proxies that would find the file
    const response = await request(app()).get(path);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('"version":3');
  });

  it('still serves the script whose name merely contains "map"', async () => {
    expect(namesSourceMap('/assets/map-abc123.js')).toBe(false);
    expect(namesSourceMap('/assets/app.mapper.js')).toBe(false);
  });

  it('serves unhashed files at the root without the immutable cache, and 404s missing assets', async () => {
    const favicon = await request(app()).get('/favicon.svg').expect(200);
    expect(favicon.headers['cache-control']).not.toMatch(/immutable/);
    await request(app()).get('/assets/missing-123.js').expect(404);
  });

  it('hands every other path (the pages) on to the next handler, without looking for it on disk', async () => {
    const site = app().use((_request: express.Request, response: express.Response) => response.send('page'));
    expect((await request(site).get('/post/مقالة').expect(200)).text).toBe('page');
    expect((await request(site).get('/favicon.svg/x').expect(200)).text).toBe('page');
  });
});
