import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPost, waitFor } from '../support/helpers';
import { startS3Server, TestBucket, TestS3Server } from '../support/s3';
import { startTestApp, TestApp } from '../support/test-app';

const photo = () =>
  sharp({ create: { width: 1200, height: 675, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();

/**
 * Issue 21, faults the tests never tried: the object store goes down (the real S3 server is stopped, its port refuses
 * connections), before an upload and in the middle of one. Uploads answer 503 STORAGE_UNAVAILABLE with Retry-After,
 * pages keep serving, and no object of a failed upload stays in the bucket once the store is back.
 */
describe('the object store is down', () => {
  let s3: TestS3Server;
  let bucket: TestBucket;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());
  beforeEach(async () => {
    bucket = await s3.bucket();
    t = await startTestApp(bucket.env, { serveSite: true });
  });
  afterEach(async () => {
    await t.close();
    await s3.start(); // back, if a test failed while it was down
    await bucket.remove();
  });

  const upload = async () => (await t.author()).post('/api/upload').attach('image', await photo(), 'photo.jpg');

  it('an upload answers 503 STORAGE_UNAVAILABLE with Retry-After; pages keep serving, their images say 503; uploads work again once it is back', async () => {
    const author = await t.author();
    const stored = await upload();
    expect(stored.status).toBe(201);
    const post = await createPost(author, { published: true, content: `<p>نص</p><img src="${stored.body.url}" alt="صورة">` });
    const keysBefore = await bucket.keys();

    await s3.stop();
    const refused = await upload();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.body).toMatchObject({ statusCode: 503, code: 'STORAGE_UNAVAILABLE', retryAfter: 30 });
    // Pages (and what the API gives readers) do not need the store; the image itself says when to come back.
    expect(
      (
        await t
          .agent()
          .get(`/post/${encodeURIComponent(post.slug)}`)
          .expect(200)
      ).text,
    ).toContain(stored.body.url);
    await t.agent().get('/').expect(200);
    expect((await t.agent().get(`/api/posts/${post.slug}`).expect(200)).body.content).toContain(stored.body.url);
    const image = await t.agent().get(stored.body.url);
    expect(image.status).toBe(503);
    expect(image.body).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });

    await s3.start();
    expect(await bucket.keys()).toEqual(keysBefore);
    expect((await upload()).status).toBe(201);
    await t.agent().get(stored.body.url).expect(200);
  });

  it('down in the middle of an upload (after its first file): 503, and the files it wrote are removed once the store is back', async () => {
    const stopped = s3.stopAfterNextObject();
    const refused = await upload();
    const written = await stopped;
    expect(written).toMatch(/^[0-9a-f]{32}-\d+\.(avif|webp)$/); // a variant of this upload made it into the bucket
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    await s3.start();
    // The files written before the store went down are deleted by the server's retries, without anyone asking.
    await waitFor(async () => (await bucket.keys()).length === 0, undefined, 200);
  });
});
