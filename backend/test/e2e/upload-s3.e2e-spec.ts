import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS, imageVariantUrl } from '@mudawwana/rules';
import { loadConfig } from '../../src/config/app-config';
import { createUploadStorage } from '../../src/upload/create-storage';
import { UPLOAD_STORAGE, UploadStorage, readUpload } from '../../src/upload/storage';
import { backendDir, buildBackend } from '../support/build';
import { startS3Server, TestBucket, TestS3Server } from '../support/s3';
import { startTestApp, TestApp } from '../support/test-app';
import { onPostgres, POSTGRES_ONLY } from '../support/conditions';

const photo = () =>
  sharp({ create: { width: 1200, height: 675, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();

/** Uploads a photo as the author of `app` and returns its /uploads/ URL. */
async function uploadPhoto(app: TestApp): Promise<string> {
  const author = await app.author();
  return (
    await author
      .post('/api/upload')
      .attach('image', await photo(), 'photo.jpg')
      .expect(201)
  ).body.url;
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
const variantKeys = (key: string) =>
  IMAGE_VARIANT_WIDTHS.flatMap((width) => IMAGE_VARIANT_FORMATS.map((format) => imageVariantUrl(key, width, format)));

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

describe('the two upload storages keep the same contract', () => {
  let bucket: TestBucket;
  let dataDir: string;
  beforeEach(async () => {
    bucket = await s3.bucket();
    dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-storage-'));
  });
  afterEach(async () => {
    await bucket.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const kind of ['disk', 's3'] as const) {
    it(`${kind}: put, get, exists, list, delete; a missing key is undefined, a path is refused`, async () => {
      const storage: UploadStorage = await createUploadStorage(loadConfig({ DATA_DIR: dataDir, ...(kind === 's3' ? bucket.env : {}) }));
      try {
        expect(await storage.get('missing.png')).toBeUndefined();
        expect(await storage.exists('missing.png')).toBe(false);
        await storage.put('a1.png', Buffer.from('first'), 'image/png');
        await storage.put('a1-480.webp', Buffer.from('second'), 'image/webp');
        const stored = await storage.get('a1.png');
        expect(stored).toMatchObject({ contentType: 'image/png', size: 5 });
        stored?.body.destroy();
        expect((await readUpload(storage, 'a1-480.webp'))?.toString()).toBe('second');
        expect(await storage.exists('a1.png')).toBe(true);
        const keys: string[] = [];
        for await (const key of storage.list()) keys.push(key);
        expect(keys.sort()).toEqual(['a1-480.webp', 'a1.png']);
        await storage.delete('a1.png');
        await storage.delete('a1.png');
        expect(await storage.exists('a1.png')).toBe(false);
        await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow('Not an upload key');
      } finally {
        await storage.close();
      }
    });
  }
});

describe('uploads in an S3 bucket', () => {
  let bucket: TestBucket;
  let t: TestApp;
  beforeEach(async () => {
    bucket = await s3.bucket();
    t = await startTestApp(bucket.env);
  });
  afterEach(async () => {
    await t.close();
    await bucket.remove();
  });

  it('puts the original and its eight variants in the bucket, with their types and a year of caching, not on disk', async () => {
    const url = await uploadPhoto(t);
    const key = keyOf(url);
    expect(await bucket.keys()).toEqual([key, ...variantKeys(key)].sort());
    const original = await bucket.object(key);
    expect(original.contentType).toBe('image/jpeg');
    expect(original.cacheControl).toBe('public, max-age=31536000, immutable');
    expect((await bucket.object(imageVariantUrl(key, 480, 'avif'))).contentType).toBe('image/avif');
    expect((await sharp((await bucket.object(imageVariantUrl(key, 960, 'webp'))).bytes).metadata()).width).toBe(960);
    const onDisk = await readUpload(await createUploadStorage(loadConfig({ DATA_DIR: t.dataDir })), key);
    expect(onDisk).toBeUndefined();
  });

  it('serves them back through the app with the same bytes, type and caching; 304 for a known ETag; 404 when missing', async () => {
    const url = await uploadPhoto(t);
    const served = await t.agent().get(url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.body as Buffer, (await bucket.object(keyOf(url))).bytes)).toBe(0);
    await t.agent().get(url).set('If-None-Match', served.headers.etag).expect(304);

    const variant = await t
      .agent()
      .get(imageVariantUrl(url, 1600, 'webp'))
      .buffer(true)
      .expect(200);
    expect(variant.headers['content-type']).toBe('image/webp');

    const missing = await t.agent().get('/uploads/0123456789abcdef0123456789abcdef.png').expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, code: 'UPLOAD_NOT_FOUND' });
    await t.agent().get('/uploads/').expect(404);
    await t.agent().get('/uploads/..%2Fblog.sqlite').expect(404);
  });

  it('makes a variant the bucket lacks on its first request (an upload stored before its width existed)', async () => {
    const url = await uploadPhoto(t);
    const missing = imageVariantUrl(keyOf(url), 720, 'webp');
    await t.app.get<UploadStorage>(UPLOAD_STORAGE).delete(missing);
    const made = await t.agent().get(`/uploads/${missing}`).buffer(true).expect(200);
    expect(made.headers['content-type']).toBe('image/webp');
    expect(Buffer.compare(made.body as Buffer, (await bucket.object(missing)).bytes)).toBe(0);
  });

  it('answers 404 once the object is deleted from the storage', async () => {
    const url = await uploadPhoto(t);
    await t.agent().get(url).expect(200);
    await t.app.get<UploadStorage>(UPLOAD_STORAGE).delete(keyOf(url));
    expect(await bucket.keys()).not.toContain(keyOf(url));
    await t.agent().get(url).expect(404);
  });
});

// The command runs twice as a process of its own (loading the app each time): two minutes rather than thirty seconds.
describe('npm run images:variants with a bucket', { timeout: 120_000 }, () => {
  let bucket: TestBucket;
  let dataDir: string;
  beforeAll(() => buildBackend(), 120_000);
  beforeEach(async () => {
    bucket = await s3.bucket();
    dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-variants-'));
  });
  afterEach(async () => {
    await bucket.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the missing variants of an older upload into the bucket, and nothing on a second run', async () => {
    const key = '0123456789abcdef0123456789abcdef.jpg';
    const storage = await createUploadStorage(loadConfig({ DATA_DIR: dataDir, ...bucket.env }));
    await storage.put(key, await photo(), 'image/jpeg');
    await storage.close();
    const variantsCli = () =>
      promisify(execFile)(process.execPath, [join(backendDir, 'dist', 'upload', 'variants-cli.js')], {
        env: { ...process.env, DATA_DIR: dataDir, ...bucket.env },
      });
    expect((await variantsCli()).stdout).toBe(`Wrote variants for 1 upload(s) in bucket ${bucket.name} at ${s3.endpoint}.\n`);
    expect(await bucket.keys()).toEqual([key, ...variantKeys(key)].sort());
    expect((await bucket.object(imageVariantUrl(key, 480, 'avif'))).contentType).toBe('image/avif');
    expect((await variantsCli()).stdout).toMatch(/^Wrote variants for 0 upload/);
  });
});

describe('S3_PUBLIC_URL: images come from the bucket or CDN', () => {
  let bucket: TestBucket;
  let t: TestApp;
  beforeEach(async () => {
    bucket = await s3.bucket();
    t = await startTestApp({ ...bucket.env, S3_PUBLIC_URL: `${s3.endpoint}/${bucket.name}/` });
  });
  afterEach(async () => {
    await t.close();
    await bucket.remove();
  });

  it('keeps /uploads/ URLs in content and redirects them there for good; the CSP allows that origin', async () => {
    const url = await uploadPhoto(t);
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    const redirect = await t.agent().get(url).expect(301);
    expect(redirect.headers.location).toBe(`${s3.endpoint}/${bucket.name}/${keyOf(url)}`);
    expect(redirect.headers['content-security-policy']).toContain(`img-src 'self' data: ${s3.endpoint}`);
    const fromBucket = await fetch(redirect.headers.location);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe('image/jpeg');
  });
});

// Two instances share one database only on PostgreSQL (SQLite lives in each instance's DATA_DIR).
describe.runIf(onPostgres)('two instances on one PostgreSQL database', POSTGRES_ONLY, () => {
  let bucket: TestBucket;
  const apps: TestApp[] = [];
  beforeEach(async () => {
    bucket = await s3.bucket();
  });
  afterEach(async () => {
    // The second instance first: the first one drops the database.
    for (const app of apps.splice(0).reverse()) await app.close();
    await bucket.remove();
  });

  const twoInstances = async (env: Record<string, string>) => {
    const a = await startTestApp(env);
    apps.push(a);
    const b = await startTestApp(env, { databaseUrl: a.databaseUrl });
    apps.push(b);
    return [a, b];
  };

  it('an image uploaded through A is served by B with the same bytes, variants included', async () => {
    const [a, b] = await twoInstances(bucket.env);
    const original = await photo();
    const { url } = (await (await a.author()).post('/api/upload').attach('image', original, 'photo.jpg').expect(201)).body;
    const throughA = await a.agent().get(url).buffer(true).expect(200);
    const throughB = await b.agent().get(url).buffer(true).expect(200);
    expect(throughB.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(throughB.body as Buffer, throughA.body as Buffer)).toBe(0);
    for (const key of variantKeys(url)) await b.agent().get(key).expect(200);
    // B sees A's author too: one database.
    await b.agent().post('/api/login').send({ username: 'author', password: 'secret-pass-1' }).expect(200);
  });

  it('without a bucket each instance has its own disk, and B answers 404 (what the bucket is for)', async () => {
    const [a, b] = await twoInstances({});
    const url = await uploadPhoto(a);
    await a.agent().get(url).expect(200);
    await b.agent().get(url).expect(404);
  });
});
