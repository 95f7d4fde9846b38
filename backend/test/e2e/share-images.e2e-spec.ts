import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { titleLeavingPage } from '@mudawwana/rules';
import type TestAgent from 'supertest/lib/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARE_CARD_COLOURS } from '../../src/share-images/share-card-design';
import { createPost } from '../support/helpers';
import { AUTHOR, sharedTestApp } from '../support/test-app';

/**
 * Share images over HTTP (docs/decisions/027-share-images.md): /og/post/<slug>.png, /og/page/<slug>.png and
 * /og/home.png answer 1200×630 PNGs whose ETag is the version of what they show, and the post page's head names the
 * image with that version. On the built frontend (`npm run build` first), for the page's head.
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

/** The bytes of a response body (supertest leaves an image's body unparsed unless told). */
function binary(agent: TestAgent, path: string, headers: Record<string, string> = {}) {
  return agent
    .get(path)
    .set(headers)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

const postImage = (slug: string) => `/og/post/${encodeURIComponent(slug)}.png`;

/** The og:/twitter: meta tags of a page's HTML, by name. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, name, content] of html.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g))
    tags[name] = content;
  return tags;
}

/** The mean colour of a 40×40 square of a PNG, at (left, top). */
async function meanColour(png: Buffer, left: number, top: number): Promise<{ r: number; g: number; b: number }> {
  const pixels = await sharp(png).removeAlpha().extract({ left, top, width: 40, height: 40 }).raw().toBuffer();
  const sum = [0, 0, 0];
  for (let index = 0; index < pixels.length; index += 1) sum[index % 3] += pixels[index];
  const [r, g, b] = sum.map((total) => total / (pixels.length / 3));
  return { r, g, b };
}

function hex(colour: string): { r: number; g: number; b: number } {
  const value = Number.parseInt(colour.slice(1), 16);
  return { r: value >> 16, g: (value >> 8) & 0xff, b: value & 0xff };
}

describe('share images', () => {
  const t = sharedTestApp({}, { serveSite: existsSync(SSR_ENTRY) });
  let author: TestAgent;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the share image tests read the post page: run `npm run build` first');
    author = await t.author();
  });

  it('draws a 1200×630 PNG for a post, a static page and the home page, kept by its version', async () => {
    const post = await createPost(author, { title: 'البرمجة بلغة Rust: دليل عملي للمبتدئين', published: true });
    const page = (await author.post('/api/pages').send({ title: 'من نحن', content: '<p>نص</p>' }).expect(201)).body;
    for (const path of [postImage(post.slug), `/og/page/${encodeURIComponent(page.slug)}.png`, '/og/home.png']) {
      const response = await binary(t.agent(), path).expect(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(await sharp(response.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
      const etag = response.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
      // The bare address is asked again each time; the versioned one (as pages name it) is kept a year.
      expect(response.headers['cache-control']).toBe('public, no-cache');
      // Nothing of a visitor in it: a cache in front may keep it for everyone.
      expect(response.headers['set-cookie']).toBeUndefined();
      const versioned = await binary(t.agent(), `${path}?v=${etag.slice(1, -1)}`).expect(200);
      expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Buffer.compare(versioned.body as Buffer, response.body as Buffer)).toBe(0);
      await t.agent().get(path).set('If-None-Match', etag).expect(304);
      const head = await t.agent().head(path).expect(200);
      expect(Number(head.headers['content-length'])).toBe((response.body as Buffer).length);
    }
  });

  it('answers 404 (JSON) for a draft, an unknown post or page, and any other address under /og', async () => {
    const draft = await createPost(author, { title: 'مسودة', published: false });
    for (const path of [
      postImage(draft.slug),
      postImage('no-such-post'),
      '/og/page/no-such-page.png',
      '/og/post/%E0%A4%A.png',
      '/og/post/a/b.png',
      '/og/home.jpg',
      '/og/',
    ]) {
      const response = await t.agent().get(path).expect(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toMatchObject({ statusCode: 404 });
    }
  });

  it('gives the post page og:image (absolute, versioned), its size and alt, and the large Twitter card', async () => {
    const title = 'Rust للمبتدئين';
    const post = await createPost(author, { title, published: true });
    const tags = metaTags(
      (
        await t
          .agent()
          .get(`/post/${encodeURIComponent(post.slug)}`)
          .expect(200)
      ).text,
    );
    const image = await binary(t.agent(), postImage(post.slug)).expect(200);
    const version = (image.headers.etag as string).slice(1, -1);
    const origin = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
    expect(tags['og:image']).toMatch(/^https?:\/\//);
    expect(new URL(tags['og:image']).pathname + new URL(tags['og:image']).search).toBe(`${postImage(post.slug)}?v=${version}`);
    expect(tags).toMatchObject({
      'og:image:width': '1200',
      'og:image:height': '630',
      // the title as it leaves the page: marked and isolated, so its Latin first word keeps it right to left
      'og:image:alt': titleLeavingPage(title, 'rtl'),
      'twitter:card': 'summary_large_image',
      'twitter:image': tags['og:image'],
    });
    // The address the page names answers the same image, for a year.
    const named = await binary(t.agent(), new URL(tags['og:image'], origin).pathname + new URL(tags['og:image']).search).expect(200);
    expect(named.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A page without an image of its own (the home page, a category) names the home page's.
    const home = metaTags((await t.agent().get('/').expect(200)).text)['og:image'];
    expect(new URL(home).pathname).toBe('/og/home.png');
    const homeImage = await binary(t.agent(), new URL(home).pathname + new URL(home).search).expect(200);
    expect(homeImage.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('changes the ETag, the image and the address the page names when the title changes', async () => {
    const post = await createPost(author, { title: 'عنوان أول', published: true });
    const before = await binary(t.agent(), postImage(post.slug)).expect(200);
    const pageBefore = metaTags(
      (
        await t
          .agent()
          .get(`/post/${encodeURIComponent(post.slug)}`)
          .expect(200)
      ).text,
    )['og:image'];
    await author.put(`/api/posts/${post.id}`).send({ title: 'عنوان ثانٍ أطول من الأول' }).expect(200);
    const after = await binary(t.agent(), postImage(post.slug)).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(Buffer.compare(after.body as Buffer, before.body as Buffer)).not.toBe(0);
    // The old ETag no longer matches: a cache that kept the old image gets the new one.
    await binary(t.agent(), postImage(post.slug), { 'If-None-Match': before.headers.etag as string }).expect(200);
    const pageAfter = metaTags(
      (
        await t
          .agent()
          .get(`/post/${encodeURIComponent(post.slug)}`)
          .expect(200)
      ).text,
    )['og:image'];
    expect(pageAfter).not.toBe(pageBefore);
    expect(new URL(pageAfter).searchParams.get('v')).toBe((after.headers.etag as string).slice(1, -1));
  });

  it("changes the ETag when the author's name changes", async () => {
    const post = await createPost(author, { title: 'مقال الكاتب', published: true });
    const before = (await binary(t.agent(), postImage(post.slug)).expect(200)).headers.etag;
    const me = (await author.get('/api/user').expect(200)).body;
    await author.put(`/api/users/${me.id}`).send({ name: 'كاتبة أخرى' }).expect(200);
    try {
      expect((await binary(t.agent(), postImage(post.slug)).expect(200)).headers.etag).not.toBe(before);
    } finally {
      await author.put(`/api/users/${me.id}`).send({ name: AUTHOR.name }).expect(200);
    }
  });

  it('draws the cover, darkened, behind the text', async () => {
    const red = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const { url } = (await author.post('/api/upload').attach('image', red, 'cover.png').expect(201)).body;
    const plain = await createPost(author, { title: 'بلا غلاف', published: true });
    const covered = await createPost(author, { title: 'بغلاف أحمر', published: true, featuredImage: url });
    // The bottom-left corner: no text there, only the background.
    const withoutCover = await meanColour((await binary(t.agent(), postImage(plain.slug)).expect(200)).body as Buffer, 10, 500);
    const withCover = await meanColour((await binary(t.agent(), postImage(covered.slug)).expect(200)).body as Buffer, 10, 500);
    const background = hex(SHARE_CARD_COLOURS.background);
    expect(Math.abs(withoutCover.r - background.r)).toBeLessThan(3);
    expect(Math.abs(withoutCover.b - background.b)).toBeLessThan(3);
    // Red shows through the shade: far redder than the plain background, and darker than the cover itself.
    expect(withCover.r).toBeGreaterThan(background.r + 30);
    expect(withCover.r).toBeGreaterThan(withCover.b);
    expect(withCover.r).toBeLessThan(128);
  });
});
