import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import TestAgent from 'supertest/lib/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl } from '@mudawwana/rules';
import { sharedTestApp } from '../support/test-app';

const UPLOADED_URL = /^\/uploads\/[0-9a-f]{32}\.(png|jpg|gif|webp|avif)$/;

const png = () =>
  sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();

/** A 20×10 JPEG that says "rotate 90°" and carries a GPS position and a copyright in its EXIF. */
const jpegWithGps = () =>
  sharp({ create: { width: 20, height: 10, channels: 3, background: '#0f0' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'camera owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Just over 6 MB: a real PNG signature followed by noise (the size limit must trip before any decoding). */
const sixMegabytes = () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(6 * 1024 * 1024)]);

describe('upload', () => {
  const t = sharedTestApp();
  let author: TestAgent;

  beforeAll(async () => {
    author = await t.author();
  });

  const upload = (file: Buffer, filename: string, contentType?: string) =>
    author.post('/api/upload').attach('image', file, contentType ? { filename, contentType } : filename);

  it('stores a PNG (201) under a random name and serves it with an image type and a long cache', async () => {
    const response = await upload(await png(), 'photo.png').expect(201);
    expect(response.body).toEqual({ url: expect.stringMatching(UPLOADED_URL) });
    expect(response.body.url).toMatch(/\.png$/);

    const served = await t.agent().get(response.body.url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.body as Buffer).metadata()).format).toBe('png');
  });

  it('writes AVIF and WebP variants 480, 720, 960 and 1600 px wide next to the original, never enlarged', async () => {
    const photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const { url } = (await upload(photo, 'wide.jpg').expect(201)).body;
    for (const [width, expected] of [
      [480, 480],
      [720, 720],
      [960, 960],
      [1600, 1200],
    ] as const) {
      for (const format of ['avif', 'webp'] as const) {
        const variant = await t
          .agent()
          .get(imageVariantUrl(url, width, format))
          .buffer(true)
          .expect(200);
        expect(variant.headers['content-type']).toBe(`image/${format}`);
        const metadata = await sharp(variant.body as Buffer).metadata();
        expect([metadata.width, metadata.height]).toEqual([expected, Math.round((expected * 675) / 1200)]);
      }
    }
  });

  it('makes a variant an older upload lacks on its first request, and nothing that is not a listed variant of an upload', async () => {
    const photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#cc3366' } })
      .jpeg()
      .toBuffer();
    const { url } = (await upload(photo, 'older.jpg').expect(201)).body;
    // as stored before the 720 px width existed
    const missing = imageVariantUrl(url, 720, 'avif');
    rmSync(join(t.dataDir, missing), { force: false });

    const made = await t.agent().get(missing).buffer(true).expect(200);
    expect(made.headers['content-type']).toBe('image/avif');
    expect((await sharp(made.body as Buffer).metadata()).width).toBe(720);
    expect(existsSync(join(t.dataDir, missing))).toBe(true);

    for (const path of [
      url.replace(/\.jpg$/, '-500.avif'), // not a listed width
      url.replace(/\.jpg$/, '-720.jpg'), // not a variant format
      '/uploads/0123456789abcdef0123456789abcdef-720.avif', // no such original
    ]) {
      const response = await t.agent().get(path).expect(404);
      expect(response.body).toMatchObject({ statusCode: 404, code: 'UPLOAD_NOT_FOUND' });
    }
  });

  it('gives two uploads of the same file different names', async () => {
    const file = await png();
    const [a, b] = [(await upload(file, 'a.png').expect(201)).body.url, (await upload(file, 'a.png').expect(201)).body.url];
    expect(a).not.toBe(b);
  });

  it('names the file by its content, not by the name it was sent with', async () => {
    const response = await upload(await png(), 'photo.jpg', 'image/jpeg').expect(201);
    expect(response.body.url).toMatch(/\.png$/);
  });

  it('strips EXIF metadata such as the GPS position from a JPEG, after applying its orientation', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await upload(original, 'holiday.jpg').expect(201);
    expect(response.body.url).toMatch(/\.jpg$/);
    const served = await t.agent().get(response.body.url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.body as Buffer).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 10, height: 20 });
  });

  it('refuses a text file renamed to .png with 400', async () => {
    const response = await upload(Buffer.from('just some text, not an image'), 'fake.png', 'image/png').expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'NOT_AN_IMAGE' });
  });

  it('refuses an SVG (it can carry script) with 400', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const response = await upload(svg, 'logo.svg', 'image/svg+xml').expect(400);
    expect(response.body).toMatchObject({ code: 'NOT_AN_IMAGE' });
  });

  it('refuses a truncated image with 400', async () => {
    const file = await png();
    await upload(file.subarray(0, 40), 'broken.png').expect(400);
  });

  it('refuses a file over 5 MB with 413 and a clear message', async () => {
    const response = await upload(sixMegabytes(), 'huge.png', 'image/png').expect(413);
    expect(response.body).toMatchObject({ statusCode: 413, message: 'The image is larger than 5 MB', code: 'IMAGE_TOO_LARGE' });
  });

  it('answers 400 when no file is sent, or it is sent in another field', async () => {
    expect((await author.post('/api/upload').expect(400)).body).toMatchObject({ code: 'IMAGE_REQUIRED' });
    expect((await author.post('/api/upload').field('image', 'text').expect(400)).body).toMatchObject({ statusCode: 400 });
    expect(
      (
        await author
          .post('/api/upload')
          .attach('file', await png(), 'a.png')
          .expect(400)
      ).body,
    ).toMatchObject({ statusCode: 400 });
  });

  it('answers 400 for two files', async () => {
    const file = await png();
    await author.post('/api/upload').attach('image', file, 'a.png').attach('image', file, 'b.png').expect(400);
  });

  it('answers 401 anonymously', async () => {
    await t
      .agent()
      .post('/api/upload')
      .attach('image', await png(), 'a.png')
      .expect(401);
  });

  it('answers 404 for an upload that does not exist, and does not list the folder', async () => {
    await t.agent().get('/uploads/0123456789abcdef0123456789abcdef.png').expect(404);
    await t.agent().get('/uploads/').expect(404);
  });
});
