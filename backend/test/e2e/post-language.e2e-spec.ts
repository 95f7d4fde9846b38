import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LRI, LRM, PDI, RLI, RLM } from '@mudawwana/rules';
import { PageFill } from '../../src/site/page-fill';
import { createPost, waitFor } from '../support/helpers';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A language per post, translations that name each other (hreflang) and the date setting, over HTTP and in the
 * pages the server renders (issue 26; docs/decisions/028-language-and-dates.md). Needs the built frontend.
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

const postPath = (post: Record<string, any>) => `/post/${encodeURIComponent(String(post.slug))}`;

/** The opening tag of the page's article element. */
const articleTag = (html: string) => /<article[^>]*>/.exec(html)?.[0] ?? '';

/** The hreflang alternates of a page's head, as `language path`. */
const headAlternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="https?:\/\/[^/]+([^"]+)" \/>/g)].map(
    ([, language, path]) => `${language} ${decodeURIComponent(path)}`,
  );

describe('post language, translations and dates', () => {
  let t: TestApp;
  let author: TestAgent;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('these tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
    author = await t.author();
    server = t.app.getHttpServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes Arabic by default, any BCP 47 tag in its canonical form, and refuses anything else with a 400', async () => {
    const arabic = await createPost(author, { title: 'مقال عربي' });
    expect(arabic).toMatchObject({ language: 'ar', direction: 'rtl', translationOfId: null });
    const english = await createPost(author, { title: 'An English post', language: 'EN-us' });
    expect(english).toMatchObject({ language: 'en-US', direction: 'ltr' });
    const persian = await createPost(author, { title: 'نوشته', language: 'fa-IR' });
    expect(persian.direction).toBe('rtl');

    for (const language of ['not a language', 'x', '', 'en_US_', 'a'.repeat(36), 42]) {
      const refused = await author.post('/api/posts').send({ title: 'خطأ', content: '<p>نص</p>', language });
      expect(refused.status, String(language)).toBe(400);
      expect(refused.body.statusCode).toBe(400);
    }
    const update = await author.put(`/api/posts/${english.id}`).send({ language: 'en-!' }).expect(400);
    expect(update.body.code).toBe('LANGUAGE_INVALID');
    expect((await author.get(`/api/posts/id/${english.id}`).expect(200)).body.language).toBe('en-US');
  });

  it('links a translation to its original, both ways, and refuses links that would make chains', async () => {
    const original = await createPost(author, { title: 'Rust للمبتدئين', published: true });
    const translation = await createPost(author, {
      title: 'Rust for beginners',
      language: 'en',
      translationOfId: original.id,
      published: true,
    });
    expect(translation.translationOfId).toBe(original.id);

    const originalRead = (
      await request(server)
        .get(`/api/posts/${encodeURIComponent(original.slug)}`)
        .expect(200)
    ).body;
    expect(originalRead.translations).toEqual([{ slug: translation.slug, title: 'Rust for beginners', language: 'en' }]);
    const translationRead = (
      await request(server)
        .get(`/api/posts/${encodeURIComponent(translation.slug)}`)
        .expect(200)
    ).body;
    expect(translationRead.translations).toEqual([{ slug: original.slug, title: 'Rust للمبتدئين', language: 'ar' }]);

    const codeOf = async (id: number, translationOfId: number) =>
      (await author.put(`/api/posts/${id}`).send({ translationOfId }).expect(400)).body.code;
    expect(await codeOf(original.id, original.id)).toBe('TRANSLATION_OF_ITSELF');
    expect(await codeOf(original.id, 999_999)).toBe('TRANSLATION_NOT_FOUND');
    const other = await createPost(author, { title: 'مقال آخر' });
    expect(await codeOf(other.id, translation.id)).toBe('TRANSLATION_OF_TRANSLATION');
    expect(await codeOf(original.id, other.id)).toBe('TRANSLATION_HAS_TRANSLATIONS');
    const older = await createPost(author, { title: 'Older', language: 'en' });
    const newer = await createPost(author, { title: 'أحدث' });
    expect(await codeOf(older.id, newer.id)).toBe('TRANSLATION_OF_NEWER');
    await author.put(`/api/posts/${newer.id}`).send({ translationOfId: older.id }).expect(200);
    await author.put(`/api/posts/${other.id}`).send({ translationOfId: 'one' }).expect(400);
  });

  it("renders the post in its language's direction, its title isolated, with hreflang alternates in the page, sitemap and feed", async () => {
    const original = await createPost(author, { title: 'Go للمحترفين', published: true });
    const english = await createPost(author, {
      title: 'Go for professionals!',
      language: 'en',
      translationOfId: original.id,
      published: true,
    });
    await t.app.get(PageFill).fill();

    const englishPage = (await request(server).get(postPath(english)).expect(200)).text;
    expect(englishPage).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar"/);
    expect(articleTag(englishPage)).toContain('lang="en"');
    expect(articleTag(englishPage)).toContain('dir="ltr"');
    expect(englishPage).toContain(`<title>${RLM}${LRI}Go for professionals!${PDI} | مدوّنة</title>`);
    expect(englishPage).toContain(`<meta property="og:title" content="${RLM}${LRI}Go for professionals!${PDI} | مدوّنة" />`);
    expect(englishPage).toContain('"inLanguage":"en"');
    expect(headAlternates(englishPage)).toEqual([`en ${postPath(english)}`, `ar ${postPath(original)}`].map(decodeURIComponent));

    const arabicPage = (await request(server).get(postPath(original)).expect(200)).text;
    expect(articleTag(arabicPage)).toContain('lang="ar"');
    expect(articleTag(arabicPage)).toContain('dir="rtl"');
    expect(arabicPage).toContain(`<title>${RLM}${RLI}Go للمحترفين${PDI} | مدوّنة</title>`);
    expect(arabicPage).toContain('"inLanguage":"ar"');
    expect(headAlternates(arabicPage)).toEqual([`ar ${postPath(original)}`, `en ${postPath(english)}`].map(decodeURIComponent));

    const sitemap = (await request(server).get('/sitemap.xml').expect(200)).text;
    const entry = sitemap.split('\n').find((line) => line.includes(`${postPath(english)}</loc>`)) ?? '';
    expect(entry).toMatch(/<xhtml:link rel="alternate" hreflang="en" href="[^"]+" \/><xhtml:link rel="alternate" hreflang="ar"/);
    expect(entry).toContain(`${postPath(original)}" />`);

    const feed = (await request(server).get('/rss.xml').expect(200)).text;
    const item = /<item>(?:(?!<\/item>)[\s\S])*Go for professionals(?:(?!<\/item>)[\s\S])*<\/item>/.exec(feed)?.[0] ?? '';
    expect(item).toContain(`<title>${LRM}${LRI}Go for professionals!${PDI}</title>`);
    expect(item).toContain('<dc:language>en</dc:language>');
    expect(item).toContain('<![CDATA[<div lang="en" dir="ltr">');
    expect(item).toMatch(/<atom:link rel="alternate" hreflang="ar" href="[^"]+" \/>/);
    expect(item).toContain(`${postPath(original)}" />`);
  });

  it('rebuilds both pages when a translation is linked or unlinked', async () => {
    const original = await createPost(author, { title: 'التخزين المؤقت', published: true });
    const later = await createPost(author, { title: 'Caching', language: 'en', published: true });
    await t.app.get(PageFill).fill();
    expect(headAlternates((await request(server).get(postPath(original)).expect(200)).text)).toEqual([]);

    await author.put(`/api/posts/${later.id}`).send({ translationOfId: original.id }).expect(200);
    const linked = async () =>
      headAlternates((await request(server).get(postPath(original))).text).length === 2 &&
      headAlternates((await request(server).get(postPath(later))).text).length === 2;
    await waitFor(linked);

    await author.put(`/api/posts/${later.id}`).send({ translationOfId: null }).expect(200);
    const unlinked = async () =>
      headAlternates((await request(server).get(postPath(original))).text).length === 0 &&
      headAlternates((await request(server).get(postPath(later))).text).length === 0;
    await waitFor(unlinked);
  });

  it('shows readers Hijri dates in Arabic-Indic digits once the author says so, and rebuilds the stored pages', async () => {
    // 18 February 2026, 15:00 in Riyadh: 1 Ramadan 1447 in the Umm al-Qura calendar
    const post = await createPost(author, { title: 'أول رمضان', published: true, createdAt: '2026-02-18T12:00:00.000Z' });
    await t.app.get(PageFill).fill();
    expect((await request(server).get('/api/date-display').expect(200)).body).toEqual({ calendar: 'gregory', digits: 'latn' });
    expect((await request(server).get(postPath(post)).expect(200)).text).toContain('18 فبراير 2026 | 3:00 م');

    await request(server).put('/api/date-display').send({ calendar: 'islamic-umalqura' }).expect(401);
    expect((await author.put('/api/date-display').send({ calendar: 'julian' }).expect(400)).body.statusCode).toBe(400);
    await author.put('/api/date-display').send({ digits: 'roman' }).expect(400);
    const saved = await author.put('/api/date-display').send({ calendar: 'islamic-umalqura', digits: 'arab' }).expect(200);
    expect(saved.body).toEqual({ calendar: 'islamic-umalqura', digits: 'arab' });

    await waitFor(async () => (await request(server).get(postPath(post))).text.includes('١ رمضان ١٤٤٧ هـ | ٣:٠٠ م'));
    // the home page's cards and its footer, whichever posts they show
    await waitFor(async () => !/\d{4} \|/.test((await request(server).get('/')).text));
    expect((await request(server).get('/')).text).toMatch(/[٠-٩]+ [^<|]+ [٠-٩]{4} هـ/);

    await author.put('/api/date-display').send({ calendar: 'gregory', digits: 'latn' }).expect(200);
    await waitFor(async () => (await request(server).get(postPath(post))).text.includes('18 فبراير 2026 | 3:00 م'));
  });
});
