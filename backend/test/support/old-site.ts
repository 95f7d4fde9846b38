import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

/**
 * The old blog an import fetches its images from, on a port of this machine (tests never use the network): any path
 * ending in .jpg/.jpeg answers a real JPEG, .png a real PNG, each with its own colour; a path with `missing` in it
 * answers 404, one with `not-an-image` answers HTML; `/redirect?to=URL` answers 302 to URL. It counts what it was asked.
 */
export async function startOldSite(): Promise<{ origin: string; host: string; requests: string[]; close: () => Promise<void> }> {
  const image = (format: 'jpeg' | 'png', shade: number) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 120, b: 200 } } })
      .toFormat(format)
      .toBuffer();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const path = decodeURIComponent(url.pathname);
    requests.push(path);
    if (path === '/redirect') {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    }
    if (path.includes('missing')) {
      response.writeHead(404).end();
      return;
    }
    if (path.includes('not-an-image')) {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>not an image</html>');
      return;
    }
    const format = /\.png$/i.test(path) ? 'png' : /\.jpe?g$/i.test(path) ? 'jpeg' : null;
    if (!format) {
      response.writeHead(404).end();
      return;
    }
    void image(format, requests.length % 256).then((bytes) =>
      response.writeHead(200, { 'Content-Type': `image/${format}`, 'Content-Length': bytes.length }).end(bytes),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The address every import fixture names its old blog by (backend/test/fixtures/import/). */
export const FIXTURE_ORIGIN = 'http://old-blog.test';

/** A fixture whose old blog lives at `origin` (a started old site, or a closed port), in a scratch folder. */
export function fixtureAt(name: string, origin: string): string {
  const text = readFileSync(resolve(__dirname, '../fixtures/import', name), 'utf8')
    .split(FIXTURE_ORIGIN)
    .join(origin);
  const path = join(mkdtempSync(join(tmpdir(), 'import-')), name);
  writeFileSync(path, text);
  return path;
}
