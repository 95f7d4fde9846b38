import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { simpleParser } from 'mailparser';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Subscriber } from '../../src/newsletter/subscriber.entity';
import { PageFill } from '../../src/site/page-fill';
import { createPost, outboxMails } from '../support/helpers';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Footnotes and formulas (docs/decisions/030): what the editor sends is stored with MathML made on the server, and
 * the post page, the feed and the newsletter carry them; hostile markup inside them does not survive.
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

const BACK = 'العودة إلى موضع الحاشية';
/** As the editor writes it: formulas as TeX only, footnotes numbered with their back-links. */
const EDITOR_HTML =
  '<p dir="rtl">قانون فيثاغورس <span class="math-inline" data-tex="a^2+b^2=c^2"></span> معروف<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup>.</p>' +
  '<div class="math-block" data-tex="\\int_0^1 x\\,dx = \\frac{1}{2}"></div>' +
  '<p dir="rtl">صيغة خاطئة <span class="math-inline" data-tex="\\frac{1"></span> وحاشية ثانية<sup><a href="#fn-2" id="fnref-2" role="doc-noteref">2</a></sup>.</p>' +
  '<section class="footnotes" role="doc-endnotes"><ol>' +
  `<li id="fn-1" dir="rtl"><a href="#fnref-1" role="doc-backlink" aria-label="${BACK} 1">↪</a><div><p dir="rtl">الحاشية الأولى</p></div></li>` +
  `<li id="fn-2" dir="ltr"><a href="#fnref-2" role="doc-backlink" aria-label="${BACK} 2">↩</a><div><p dir="ltr">Knuth, TAOCP</p></div></li>` +
  '</ol></section>';

/** The same with markup no editor writes: links, handlers and ids inside math and footnotes. */
const HOSTILE_HTML =
  '<p><span class="math-inline" data-tex="x" onmouseover="alert(1)"><math><mi href="javascript:alert(2)">y</mi></math></span>' +
  '<math dir="ltr"><mi xlink:href="javascript:alert(3)" onclick="alert(4)" id="login">z</mi><maction actiontype="statusline"><mtext>w</mtext></maction></math>' +
  '<sup><a href="#fn-1" id="fnref-1" role="button" onclick="alert(5)">1</a></sup></p>' +
  '<section class="footnotes evil" role="dialog" id="top"><ol><li id="header"><a href="javascript:alert(6)" role="doc-backlink">↪</a><div><p>n</p></div></li></ol></section>';

const postPath = (post: Record<string, any>) => `/post/${encodeURIComponent(post.slug)}`;

function expectStoredFormulasAndNotes(html: string) {
  // TeX made MathML on the server, left to right, the block one as a block
  expect(html).toContain('<span class="math-inline" data-tex="a^2+b^2=c^2"><math dir="ltr"><mrow><msup><mi>a</mi><mn>2</mn></msup>');
  expect(html).toMatch(/<div class="math-block" data-tex="\\int_0\^1 x\\,dx = \\frac\{1\}\{2\}"><math dir="ltr" display="block"[^>]*>/);
  // bad TeX kept as source, marked
  expect(html).toMatch(/<span class="math-inline math-error" data-tex="\\frac\{1" title="[^"]+"><code dir="ltr">\\frac\{1<\/code><\/span>/);
  // the footnotes as written
  expect(html).toContain('<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup>');
  expect(html).toContain(`<li id="fn-2" dir="ltr"><a href="#fnref-2" role="doc-backlink" aria-label="${BACK} 2">↩</a>`);
  expect(html).toContain('<section class="footnotes" role="doc-endnotes"><ol><li id="fn-1" dir="rtl">');
}

describe('footnotes and formulas', () => {
  let t: TestApp;
  let post: Record<string, any>;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('these tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
    post = await createPost(await t.author(), { title: 'فيثاغورس والحواشي', content: EDITOR_HTML, published: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores formulas as MathML made from their TeX, bad TeX marked, footnotes as written', async () => {
    const saved = (await (await t.author()).get(`/api/posts/id/${post.id}`).expect(200)).body;
    const stored = saved.content as string;
    expectStoredFormulasAndNotes(stored);
    // the excerpt made from it (the page's description) reads formulas as TeX, without note numbers or notes
    expect(saved.excerpt).toBe('قانون فيثاغورس a^2+b^2=c^2 معروف. \\int_0^1 x\\,dx = \\frac{1}{2} صيغة خاطئة \\frac{1 وحاشية ثانية.');
    // saving what was stored again changes nothing (the editor opens and saves it back)
    const again = await (await t.author()).put(`/api/posts/${post.id}`).send({ content: stored }).expect(200);
    expect(again.body.content).toBe(stored);
  });

  it('strips hostile markup inside math and footnotes; a formula is made again from its TeX only', async () => {
    const hostile = await createPost(await t.author(), { content: HOSTILE_HTML });
    const stored = hostile.content as string;
    expect(stored).toContain('<span class="math-inline" data-tex="x"><math dir="ltr"><mi>x</mi></math></span>');
    expect(stored).toContain('<math dir="ltr"><mi>z</mi><mtext>w</mtext></math>');
    expect(stored).toContain('<sup><a href="#fn-1" id="fnref-1">1</a></sup>');
    expect(stored).toContain('<section class="footnotes"><ol><li><a role="doc-backlink">↪</a>');
    expect(stored).not.toMatch(/alert|onclick|onmouseover|xlink|maction|login|header|"top"|evil|dialog|button|javascript/);
  });

  it('the post page and the feed carry the MathML and the notes', async () => {
    await t.app.get(PageFill).fill();
    const page = await t.agent().get(postPath(post)).expect(200);
    expectStoredFormulasAndNotes(page.text);

    const feed = (await t.agent().get('/rss.xml').expect(200)).text;
    const item = feed.slice(feed.indexOf('<item>'), feed.indexOf('</item>'));
    expect(item).toContain('فيثاغورس والحواشي');
    expectStoredFormulasAndNotes(item);
  });

  it('the newsletter shows each formula as its TeX and links each note to its place on the page', async () => {
    await t.app
      .get(DataSource)
      .getRepository(Subscriber)
      .save({ email: 'reader@example.com', status: 'confirmed', confirmedAt: new Date() });
    const author = await t.author();
    await author.post(`/api/posts/${post.id}/send`).send({}).expect(202);
    const deadline = Date.now() + 20_000;
    while ((await author.get(`/api/posts/${post.id}/send`).expect(200)).body.status !== 'done') {
      if (Date.now() > deadline) throw new Error('the send did not finish');
      await new Promise((done) => setTimeout(done, 50));
    }
    const mail = await simpleParser(outboxMails(t).at(-1)!);
    const html = mail.html as string;
    const pageUrl = `http://localhost:${(t.app.getHttpServer().address() as AddressInfo).port}${postPath(post)}`;
    expect(html).toContain('<span class="math-inline" data-tex="a^2+b^2=c^2"><code dir="ltr">a^2+b^2=c^2</code></span>');
    expect(html).toContain(
      '<div class="math-block" data-tex="\\int_0^1 x\\,dx = \\frac{1}{2}"><code dir="ltr">\\int_0^1 x\\,dx = \\frac{1}{2}</code></div>',
    );
    expect(html).not.toContain('<math');
    expect(html).toContain(`<a href="${pageUrl}#fn-1" id="fnref-1" role="doc-noteref">1</a>`);
    expect(html).toContain(`<a href="${pageUrl}#fnref-2" role="doc-backlink" aria-label="${BACK} 2">↩</a>`);
    expect(html).toContain('الحاشية الأولى');
  });
});
