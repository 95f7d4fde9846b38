import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Comment } from '../../src/comments/comment.entity';
import { recountComments } from '../../src/comments/comments.repository';
import { PublicOrigin } from '../../src/common/public-origin';
import { ContentVersionWatcher, readContentVersion } from '../../src/database/content-version';
import { ImportedItem } from '../../src/import/imported-item.entity';
import { Page } from '../../src/pages/page.entity';
import { Post } from '../../src/posts/post.entity';
import { Redirect } from '../../src/redirects/redirect.entity';
import { User } from '../../src/users/user.entity';
import { backendDir, buildBackend } from '../support/build';
import { createPost, waitFor } from '../support/helpers';
import { Trap } from '../support/fediverse-peer';
import { fixtureAt, startOldSite } from '../support/old-site';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Importing from WordPress, Blogger and Ghost (issue 25, docs/decisions/026-import.md), over HTTP as the admin does
 * it and from the command line beside a running server: each platform's fixture (written from its documented
 * format) imported field by field, its images fetched from an old site on this machine, every old address answered
 * 301 and then 200, the second run changing nothing, and files that are not exports refused with nothing written.
 * The old site is on 127.0.0.1, so the blog is told it may reach it (OUTBOUND_ALLOW_PRIVATE_HOSTS, decision 033); a
 * trap on another port of 127.0.0.1 stands for the private addresses an export must never make the server call.
 */
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');
const run = promisify(execFile);

type Job = { id: string; state: string; total: number; processed: number; report: Record<string, any> | null; error: string | null };

describe('importing from another platform', () => {
  let t: TestApp;
  let author: TestAgent;
  let oldSite: Awaited<ReturnType<typeof startOldSite>>;
  let trap: Trap;
  const site = () => request(t.app.getHttpServer());
  const dataSource = () => t.app.get(DataSource);

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    oldSite = await startOldSite();
    trap = await Trap.start();
    // 127.0.0.1:1 is allowed too: a host the blog may reach that does not answer.
    t = await startTestApp({ OUTBOUND_ALLOW_PRIVATE_HOSTS: `${oldSite.host}, 127.0.0.1:1` }, { serveSite: true });
    author = await t.author();
  });
  afterAll(async () => {
    await oldSite?.close();
    await trap?.close();
    await t?.close();
  });

  /** Uploads a file as the admin does and follows its job to the end. */
  const importFile = async (path: string, dryRun = false): Promise<Job> => {
    const started = await author.post('/api/import').field('dryRun', String(dryRun)).attach('file', path);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ state: 'running', processed: 0 });
    let job = started.body as Job;
    await waitFor(
      async () => {
        job = (await author.get(`/api/import/${started.body.id}`).expect(200)).body as Job;
        return job.state !== 'running';
      },
      60_000,
      100,
    );
    return job;
  };

  /** What the blog holds, to show that an import wrote nothing (or nothing more). */
  const counts = async () => ({
    posts: await dataSource().getRepository(Post).count(),
    pages: await dataSource().getRepository(Page).count(),
    comments: await dataSource().getRepository(Comment).count(),
    redirects: await dataSource().getRepository(Redirect).count(),
    imported: await dataSource().getRepository(ImportedItem).count(),
  });

  /** Once the running site has seen the import (its content version, read every 2 s): `address` redirects. */
  const redirecting = (address: string) => waitFor(async () => (await site().get(address).redirects(0)).status === 301, undefined, 100);

  /** Follows an old address: one 301 to `location`, then the page there. */
  const followsTo = async (oldAddress: string, location: string) => {
    const response = await site().get(oldAddress).redirects(0);
    expect(response.status, oldAddress).toBe(301);
    expect(decodeURIComponent(response.headers.location), oldAddress).toBe(location);
    await site().get(encodeURI(location)).expect(200);
  };

  it('needs a signed-in author', async () => {
    const reader = t.agent();
    const path = fixtureAt('wordpress-1.1.xml', oldSite.origin);
    for (const response of [
      await reader.post('/api/import').attach('file', path),
      await reader.get('/api/import'),
      await reader.get('/api/import/00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('NOT_SIGNED_IN');
    }
  });

  it('refuses a file that is not an export, or is damaged, with its reason, and writes nothing', async () => {
    const before = await counts();
    const junk = join(t.dataDir, 'junk.bin');
    writeFileSync(junk, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
    for (const path of [
      junk,
      ...['wordpress-truncated.xml', 'wordpress-no-channel.xml', 'rss-feed.xml', 'not-ghost.json'].map((name) =>
        fixtureAt(name, oldSite.origin),
      ),
    ]) {
      const response = await author.post('/api/import').attach('file', path).expect(400);
      expect(response.body.code, path).toBe('IMPORT_FILE_INVALID');
      expect(response.body.message.length, path).toBeGreaterThan(10);
    }
    await author
      .post('/api/import')
      .field('dryRun', 'false')
      .expect(400)
      .expect(({ body }) => expect(body.code).toBe('IMPORT_FILE_REQUIRED'));
    expect(await counts()).toEqual(before);
    expect((await author.get('/api/import').expect(200)).body.items).toEqual([]);
  });

  it('reports what a dry run would import and writes nothing', async () => {
    const before = await counts();
    const job = await importFile(fixtureAt('wordpress-arabic.xml', oldSite.origin), true);
    expect(job.state).toBe('done');
    expect(job.report).toMatchObject({ platform: 'wordpress', dryRun: true });
    expect(job.report!.posts.imported).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
    expect(oldSite.requests).toEqual([]);
  });

  /** The imported post of this slug, as stored. */
  const post = (slug: string) => dataSource().getRepository(Post).findOneByOrFail({ slug });

  it('imports a WordPress export field by field: Arabic slugs decoded once, statuses, categories, tags, images, comments', async () => {
    const job = await importFile(fixtureAt('wordpress-arabic.xml', oldSite.origin));
    expect(job.error).toBeNull();
    expect(job).toMatchObject({ state: 'done', total: 10, processed: 10 });
    expect(job.report).toMatchObject({
      platform: 'wordpress',
      siteUrl: oldSite.origin,
      dryRun: false,
      posts: { imported: 9, updated: 0, unchanged: 0 },
      pages: { imported: 1, updated: 0, unchanged: 0 },
      comments: 6, // of 8: a trashed comment and a pingback are left out
      skippedCount: 0,
    });
    expect(job.report!.imagesFetched).toBe(3); // photo.jpg, diagram.png, block.jpg: each once, however often used
    expect(job.report!.redirects).toBeGreaterThan(30);

    const hello = await post('مرحبا-بالعالم');
    expect(hello).toMatchObject({ title: 'مرحبا بالعالم', published: true, publishAt: null });
    expect(hello.createdAt.toISOString()).toBe('2023-05-10T09:30:00.000Z');
    expect(hello.featuredImage).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    expect(hello.tags).toEqual(expect.arrayContaining(['WordPress', 'جافاسكربت', 'عام']));
    const categories = await dataSource().query('SELECT "id", "name", "slug" FROM "categories"');
    const categoryOf = (slug: string) => categories.find((category: { slug: string }) => category.slug === slug)?.id;
    expect(hello.categoryId).toBe(categoryOf('تقنية'));
    expect((await post('مرحبا-بالعالم-2')).title).toBe('مرحبا بالعالم');

    // the most specific category; its parent is no tag
    const video = await post('فيديو-وكود');
    expect(video.categoryId).toBe(categoryOf('برمجة'));
    expect(video.tags).toEqual(['جافاسكربت', 'Cloud Computing']);
    expect(video.content).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(video.content).toMatch(/<pre dir="ltr"><code class="language-js">/);
    expect(video.content).not.toMatch(/\[(embed|code|youtube)/);

    const caption = await post('صورة-مع-تعليق');
    expect(caption.content).toMatch(
      /<figure><img src="\/uploads\/[0-9a-f]{32}\.png"[^>]*><figcaption>مخطط <em>البنية<\/em><\/figcaption><\/figure>/,
    );
    expect((await post('معرض-الصور')).content.match(/src="\/uploads\//g)).toHaveLength(2);
    const blocks = await post('محرر-المكونات');
    expect(blocks.content).not.toContain('<!-- wp:');
    expect(blocks.content).toContain(blocks.featuredImage!);

    const scheduled = await post('مقال-مجدول');
    expect(scheduled).toMatchObject({ published: true });
    expect(scheduled.publishAt?.toISOString()).toBe('2031-01-15T10:00:00.000Z');
    expect(await post('مسودة-بلا-عنوان-دائم')).toMatchObject({ published: false });
    expect(await post('خاص')).toMatchObject({ published: false });
    expect(await dataSource().getRepository(Post).findOneBy({ title: 'محذوفة' })).toBeNull();
    const about = await dataSource().getRepository(Page).findOneByOrFail({ title: 'من أنا' });
    expect(about.slug).toBe('من-أنا');

    // comments: one level of replies (a reply to a reply hangs under its top comment), statuses kept, the count
    const comments = await dataSource()
      .getRepository(Comment)
      .find({ where: { postId: hello.id }, order: { id: 'ASC' } });
    expect(comments.map((comment) => comment.status).sort()).toEqual(['approved', 'approved', 'approved', 'approved', 'pending', 'spam']);
    const tops = comments.filter((comment) => comment.parentId === null);
    for (const reply of comments.filter((comment) => comment.parentId !== null)) {
      expect(tops.map((top) => top.id)).toContain(reply.parentId);
    }
    expect(comments.some((comment) => comment.byAuthor)).toBe(true);
    expect(comments.every((comment) => !/[<>]/.test(comment.content))).toBe(true);
    expect(hello.commentCount).toBe(4);
  });

  it('answers every old WordPress address with a 301 to the new one, which answers 200', async () => {
    const encoded = (text: string) => encodeURIComponent(text).toLowerCase();
    await redirecting('/?p=10');
    const hello = '/post/مرحبا-بالعالم';
    for (const address of [
      `/2023/05/10/${encoded('مرحبا-بالعالم')}/`,
      `/2023/05/10/${encoded('مرحبا-بالعالم')}/?utm_source=x`,
      '/?p=10',
      '/archives/10',
      `/${encoded('مرحبا-بالعالم')}/`,
      `/2023/05/10/${encoded('مرحبا-بالعالم')}/photo/`,
    ]) {
      await followsTo(address, hello);
    }
    await followsTo('/?attachment_id=21', '/post/صورة-مع-تعليق');
    await followsTo('/?p=13', '/post/فيديو-وكود');
    await followsTo(`/category/${encoded('تقنية')}/${encoded('برمجة')}/`, '/category/برمجة');
    await followsTo('/?page_id=19', '/من-أنا');
    await followsTo('/feed/', '/rss.xml');
    // a draft had no public address, and has none here
    await site().get('/?p=16').redirects(0).expect(200);
    await site().get('/archives/16').redirects(0).expect(404);
  });

  it('changes nothing when the same file is imported again, and fetches no image twice', async () => {
    const before = await counts();
    const fetched = oldSite.requests.length;
    const job = await importFile(fixtureAt('wordpress-arabic.xml', oldSite.origin));
    expect(job.report).toMatchObject({
      posts: { imported: 0, updated: 0, unchanged: 9 },
      pages: { imported: 0, updated: 0, unchanged: 1 },
      comments: 0,
      categories: 0,
      redirects: 0,
      imagesFetched: 0,
    });
    expect(await counts()).toEqual(before);
    expect(oldSite.requests.length).toBe(fetched);
  });

  it('updates in place an entry changed on the old blog since, keeping its address', async () => {
    const path = fixtureAt('wordpress-arabic.xml', oldSite.origin);
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace('<title><![CDATA[فيديو وكود]]></title>', '<title><![CDATA[فيديو وكود (محدّث)]]></title>'),
    );
    const before = await post('فيديو-وكود');
    const job = await importFile(path);
    expect(job.report).toMatchObject({ posts: { imported: 0, updated: 1, unchanged: 8 } });
    const after = await post('فيديو-وكود');
    expect(after).toMatchObject({ id: before.id, title: 'فيديو وكود (محدّث)', version: before.version + 1 });
  });

  it('keeps the old address of an image the old site cannot serve, or that is no image, and says why', async () => {
    const path = join(t.dataDir, 'images.xml');
    const images = [
      `${oldSite.origin}/wp-content/uploads/missing.jpg`,
      `${oldSite.origin}/wp-content/uploads/not-an-image.jpg`,
      'http://127.0.0.1:1/gone.jpg',
    ];
    writeFileSync(
      path,
      readFileSync(fixtureAt('wordpress-1.1.xml', oldSite.origin), 'utf8').replace(
        /<content:encoded><!\[CDATA\[/,
        `<content:encoded><![CDATA[${images.map((src) => `<img src="${src}" alt="">`).join('\n\n')}\n\n`,
      ),
    );
    const job = await importFile(path);
    expect(job.state).toBe('done');
    const kept = Object.fromEntries(
      job.report!.imagesKeptRemote.map((note: { title: string; reason: string }) => [note.title, note.reason]),
    );
    expect(kept[images[0]]).toBe('the old site answered 404');
    expect(kept[images[1]]).toMatch(/^not stored: The file is not a supported image/);
    expect(kept[images[2]]).toMatch(/^the old site could not be reached/);
    const content = (await dataSource().getRepository(Post).find())
      .map((post) => post.content)
      .find((html) => html.includes('missing.jpg'));
    for (const src of images) expect(content).toContain(`src="${src}"`);
  });

  it('fetches no image on a private address the operator did not allow, nor where an allowed one redirects, and says why', async () => {
    const path = join(t.dataDir, 'private-images.xml');
    const refused = 'not fetched: 127.0.0.1 is a private network address, not in OUTBOUND_ALLOW_PRIVATE_HOSTS';
    const images = {
      [`${trap.origin}/internal/photo.jpg`]: refused,
      [`${oldSite.origin}/redirect?to=${encodeURIComponent(`${trap.origin}/via-redirect.png`)}`]: refused,
      'http://169.254.169.254/latest/meta-data/photo.jpg':
        'not fetched: 169.254.169.254 is a private network address, not in OUTBOUND_ALLOW_PRIVATE_HOSTS',
      'http://[::ffff:127.0.0.1]:5432/photo.jpg':
        'not fetched: ::ffff:7f00:1 is a private network address, not in OUTBOUND_ALLOW_PRIVATE_HOSTS',
    };
    writeFileSync(
      path,
      readFileSync(fixtureAt('wordpress-1.1.xml', oldSite.origin), 'utf8').replace(
        /<content:encoded><!\[CDATA\[/,
        `<content:encoded><![CDATA[${Object.keys(images)
          .map((src) => `<img src="${src}" alt="">`)
          .join('\n\n')}\n\n`,
      ),
    );
    const before = oldSite.requests.length;
    const job = await importFile(path);
    expect(job.state).toBe('done');
    const kept = Object.fromEntries(
      job.report!.imagesKeptRemote.map((note: { title: string; reason: string }) => [note.title, note.reason]),
    );
    for (const [src, reason] of Object.entries(images)) expect(kept[new URL(src).href], src).toBe(reason);
    // The allowed old site was asked once (and redirected); the private addresses were never connected to.
    expect(oldSite.requests.slice(before).filter((asked) => asked === '/redirect')).toHaveLength(1);
    expect(trap.requests).toEqual([]);
  });

  it('imports a Blogger export: posts, labels, the page, comments and every old address', async () => {
    const job = await importFile(fixtureAt('blogger.xml', oldSite.origin));
    expect(job.error).toBeNull();
    // This instance has seen the import's content version by the time the job says done (not within the watch's
    // seconds): it serves no page rendered before the import, so the page below is the imported one.
    expect(t.app.get(ContentVersionWatcher).version).toBe(await readContentVersion(dataSource()));
    expect(job.report).toMatchObject({ platform: 'blogger', posts: { imported: 3 }, pages: { imported: 1 }, comments: 4 });
    const python = await post('python-intro');
    expect(python).toMatchObject({ title: 'مقدمة في بايثون', published: true });
    expect(python.createdAt.toISOString()).toBe('2023-05-10T09:30:00.000Z');
    expect(python.tags).toEqual(['بايثون', 'برمجة']);
    expect(python.content).toMatch(/src="\/uploads\/[0-9a-f]{32}\.png"/);
    expect(python.content).not.toContain('separator');
    const replies = await dataSource()
      .getRepository(Comment)
      .find({ where: { postId: python.id }, order: { id: 'ASC' } });
    expect(replies.map((comment) => [comment.authorName, comment.content, comment.byAuthor, comment.parentId === null])).toEqual([
      ['سلمى', 'شرح ممتاز، شكرًا', false, true],
      // a reply to a comment the blog removed hangs at the top (top comments are written first)
      ['Anonymous', 'رد على تعليق محذوف', false, true],
      ['أحمد المدوّن', 'شكرًا يا سلمى', true, false],
    ]);
    expect(await dataSource().getRepository(Post).findOneByOrFail({ title: 'مسودة' })).toMatchObject({ published: false });
    await redirecting('/2023/05/python-intro.html');
    await followsTo('/2023/05/python-intro.html', '/post/python-intro');
    await followsTo('/2023/05/python-intro.html?m=1', '/post/python-intro');
    await followsTo(`/search/label/${encodeURIComponent('بايثون')}`, '/tag/بايثون');
    await followsTo('/feeds/posts/default', '/rss.xml');
    const aboutPage = await site().get('/p/about.html').redirects(0).expect(301);
    expect((await site().get(aboutPage.headers.location).expect(200)).text).toContain('أنا أحمد');
  });

  it("imports a Ghost export with the blog's address given: posts, tags, the feature image, the page", async () => {
    const started = await author
      .post('/api/import')
      .field('siteUrl', oldSite.origin)
      .attach('file', fixtureAt('ghost.json', oldSite.origin))
      .expect(202);
    let job = started.body as Job;
    await waitFor(async () => (job = (await author.get(`/api/import/${started.body.id}`)).body).state !== 'running', 60_000, 100);
    expect(job.error).toBeNull();
    expect(job.report).toMatchObject({ platform: 'ghost', posts: { imported: 3 }, pages: { imported: 1 } });
    const first = await post('getting-started');
    expect(first).toMatchObject({ title: 'البداية مع Ghost', published: true });
    expect(first.tags).toEqual(['تقنية', 'Ghost']);
    expect(first.featuredImage).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    expect(first.content).not.toContain('__GHOST_URL__');
    expect(first.content).not.toContain('kg-card');
    const { target } = await dataSource()
      .getRepository(ImportedItem)
      .findOneByOrFail({ source: `ghost:${oldSite.origin}`, kind: 'post', sourceId: '6450a1b2c3d4e5f600000002' });
    const scheduled = await dataSource()
      .getRepository(Post)
      .findOneByOrFail({ id: Number(target) });
    expect(scheduled).toMatchObject({ title: 'مقال مجدول', published: true });
    expect(scheduled.publishAt?.toISOString()).toBe('2031-01-15T10:00:00.000Z');
    // the profile of the one author, where this blog's author had none
    const profile = await dataSource().getRepository(User).findOneByOrFail({});
    expect(profile.bio).toBe('مطور ويب يكتب بالعربية.');
    expect(profile.avatarUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    await redirecting('/getting-started/');
    await followsTo('/getting-started/', '/post/getting-started');
  });
});

describe('`npm run import` beside a running server', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    await buildBackend();
    t = await startTestApp({}, { serveSite: true });
    await t.author();
  });
  afterAll(() => t?.close());

  // Four runs of the command, each a process that loads the app: two minutes rather than the project's thirty seconds.
  it('imports from the command line while the server runs; the site then shows the posts', async () => {
    const site = () => request(t.app.getHttpServer());
    const home = (await site().get('/').expect(200)).text;
    const path = fixtureAt('wordpress-1.1.xml', 'http://127.0.0.1:1'); // no old site: images stay where they were
    const env = { ...process.env, DATA_DIR: t.dataDir, ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : { DATABASE_URL: '' }) };
    const cli = (args: string[]) =>
      run(process.execPath, [join(backendDir, 'dist/import/import-cli.js'), ...args], { env, cwd: backendDir });

    const dry = await cli([path, '--dry-run']);
    expect(dry.stdout).toMatch(/Dry run: nothing was written/);
    expect(await t.app.get(DataSource).getRepository(ImportedItem).count()).toBe(0);

    const { stdout } = await cli([path]);
    expect(stdout).toMatch(/Posts: 2 imported, 0 updated, 0 unchanged/);
    const titles = (
      await t.app
        .get(DataSource)
        .getRepository(Post)
        .find({ order: { createdAt: 'DESC' } })
    ).map((post) => post.title);
    expect(home).not.toContain(titles[0]);
    await waitFor(async () => (await site().get('/').expect(200)).text.includes(titles[0]), undefined, 200);

    const again = await cli([path]);
    expect(again.stdout).toMatch(/Posts: 0 imported, 0 updated, 2 unchanged/);
    const refused = await cli([join(backendDir, 'package.json')]).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(/nothing was written/);
  }, 120_000);
});

describe('export to leave, import to come back', () => {
  let from: TestApp;
  let into: TestApp;
  beforeAll(async () => {
    from = await startTestApp();
    // The export names its images on the first blog's address (localhost here): the second may fetch them.
    into = await startTestApp({ OUTBOUND_ALLOW_PRIVATE_HOSTS: new URL(from.app.get(PublicOrigin).get()).host });
  });
  afterAll(async () => {
    await from?.close();
    await into?.close();
  });

  it("a blog's WXR export imports into a fresh blog with the same posts, page, terms, comments and images", async () => {
    const author = await from.author();
    const category = (await author.post('/api/categories').send({ name: 'برمجة الويب' }).expect(201)).body;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const image = (await author.post('/api/upload').attach('image', png, 'صورة.png').expect(201)).body.url as string;
    const published = await createPost(author, {
      title: 'دليل TypeScript للمبتدئين',
      slug: 'دليل-typescript-للمبتدئين',
      content: `<p>مقدمة عن <strong>الأنواع</strong>.</p><p><img src="${image}" alt="رسم"></p><pre dir="ltr"><code class="language-ts">const x: number = 1;</code></pre>`,
      excerpt: 'ملخص قصير',
      categoryId: category.id,
      tags: ['TypeScript', 'برمجة'],
      featuredImage: image,
      published: true,
      createdAt: '2024-03-05T08:00:00.000Z',
    });
    await createPost(author, { title: 'مسودة لم تكتمل', slug: 'مسودة-لم-تكتمل', published: false });
    await createPost(author, { title: 'قادم قريبًا', slug: 'قادم-قريبا', published: true, publishAt: '2031-02-01T09:00:00.000Z' });
    await author.post('/api/pages').send({ title: 'اتصل بي', slug: 'اتصل-بي', content: '<p>راسلني</p>' }).expect(201);
    const comments = from.app.get(DataSource).getRepository(Comment);
    const top = await comments.save(
      comments.create({
        postId: published.id,
        authorName: 'ليلى',
        authorEmail: 'layla@example.com',
        content: 'مقال رائع <حقًا>',
        status: 'approved',
      }),
    );
    await comments.save(
      comments.create({
        postId: published.id,
        parentId: top.id,
        authorName: 'الكاتب',
        byAuthor: true,
        content: 'شكرًا يا ليلى',
        status: 'approved',
      }),
    );
    await recountComments(from.app.get(DataSource).manager, [published.id]);

    const exported = await author
      .get('/api/export/wxr')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(exported.status).toBe(200);
    const file = join(into.dataDir, 'export.xml');
    writeFileSync(file, exported.body as Buffer);

    const importer = await into.author();
    const started = await importer.post('/api/import').attach('file', file).expect(202);
    let job = started.body as Job;
    await waitFor(async () => (job = (await importer.get(`/api/import/${started.body.id}`)).body).state !== 'running', 60_000, 100);
    expect(job.error).toBeNull();
    expect(job.report).toMatchObject({
      platform: 'wordpress',
      posts: { imported: 3 },
      pages: { imported: 1 },
      comments: 2,
      imagesFetched: 1,
    });

    const posts = async (app: TestApp) =>
      (
        await app.app
          .get(DataSource)
          .getRepository(Post)
          .find({ relations: { category: true }, order: { slug: 'ASC' } })
      ).map((post) => ({
        title: post.title,
        slug: post.slug,
        published: post.published,
        publishAt: post.publishAt?.toISOString() ?? null,
        createdAt: post.published ? post.createdAt.toISOString() : null,
        tags: post.tags,
        category: post.category?.name ?? null,
        excerpt: post.excerpt,
        commentCount: post.commentCount,
        content: post.content.replace(/\/uploads\/[0-9a-f]{32}\.png/g, 'IMAGE'),
        featuredImage: post.featuredImage?.replace(/\/uploads\/[0-9a-f]{32}\.png/, 'IMAGE') ?? null,
      }));
    expect(await posts(into)).toEqual(await posts(from));
    const pages = (app: TestApp) => app.app.get(DataSource).getRepository(Page).findOneByOrFail({ slug: 'اتصل-بي' });
    expect((await pages(into)).content).toBe((await pages(from)).content);
    const copied = await into.app
      .get(DataSource)
      .getRepository(Comment)
      .find({ order: { id: 'ASC' } });
    expect(copied.map(({ authorName, content, byAuthor, status }) => ({ authorName, content, byAuthor, status }))).toEqual([
      { authorName: 'ليلى', content: 'مقال رائع <حقًا>', byAuthor: false, status: 'approved' },
      { authorName: 'الكاتب', content: 'شكرًا يا ليلى', byAuthor: true, status: 'approved' },
    ]);
    expect(copied[1].parentId).toBe(copied[0].id);
  });
});
