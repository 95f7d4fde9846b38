import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageFill } from '../../src/site/page-fill';
import { PageFreshness } from '../../src/site/page-freshness';
import { seededRandom, type SeededRandom } from '../support/seeded-random';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 21: content never breaks its page. Generated content (random classes, code in known, plain and unknown
 * languages, nesting, sizes, Arabic and mixed text, tables, lists, images, embeds, links with targets, character
 * references) is stored through the API as posts and static pages, and every page it made is rendered: the post
 * page, the home page, its category and tag pages, the feed, the sitemap, the static page. None may answer a 5xx,
 * and each must show the text: the post's text (as the API stored it) on its page, its title in the lists.
 *
 * CONTENT_FUZZ_RUNS sets how many posts (default 48: 37 s on SQLite and 45 s on PostgreSQL, side by side on a shared,
 * loaded two-core machine); FUZZ_SEED reproduces a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS = Number(process.env.CONTENT_FUZZ_RUNS ?? 48);
/** How many posts are stored between two looks at the lists (each look waits for the store to settle). */
const LIST_CHECK_EVERY = 4;
const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

const WORDS = [
  'مرحبا',
  'بالعالم',
  'البرمجة',
  'ممتعة',
  'React',
  'hooks',
  'Node.js',
  '٣٤٥',
  '2026',
  'C++',
  'مدونة‌ عربية',
  'ﷺ',
  'e=mc²',
  '🙂',
  'שלום',
];
const SPECIAL = ['<', '>', '&', '"', "'", '&amp;', '&#x110000;', '&#0;', '&bogus;', '\u202e', '\u200f'];
const KNOWN_LANGUAGES = ['js', 'ts', 'javascript', 'python', 'bash', 'sh', 'sql', 'json', 'html', 'xml', 'yaml', 'css', 'tsx'];
const PLAIN_LANGUAGES = ['plaintext', 'text', 'plain'];
const TARGETS = ['_blank', '_self', '_top', '_parent', 'x', ''];
const TAGS = ['ذكاء اصطناعي', 'برمجة', 'Node.js', 'سفر'];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Generates post content as an editor, a paste or an import could send it. */
class ContentGenerator {
  constructor(private readonly random: SeededRandom) {}

  private words(count: number): string {
    const { random } = this;
    return Array.from({ length: count }, () => (random.chance(0.1) ? random.pick(SPECIAL) : random.pick(WORDS))).join(' ');
  }

  /** Text as HTML: escaped, except now and then a raw character reference. */
  text(count = 1 + this.random.int(8)): string {
    return escapeHtml(this.words(count)).replace(/&amp;(#x110000|#0|bogus);/g, (_whole, name: string) => `&${name};`);
  }

  private className(): string {
    const { random } = this;
    const language = random.pick([
      ...KNOWN_LANGUAGES,
      ...PLAIN_LANGUAGES,
      `x${random.int(1000)}`,
      'c#',
      'c++',
      'objective-c',
      'PlainText',
      '',
    ]);
    const extra = random.chance(0.3) ? ` evil hljs-keyword language-${random.int(9)}` : '';
    return random.chance(0.8) ? ` class="language-${language}${extra}"` : random.chance(0.5) ? ` class="${extra.trim()}"` : '';
  }

  private code(): string {
    const { random } = this;
    const lines = Array.from({ length: 1 + random.int(random.chance(0.1) ? 200 : 8) }, () => this.text(1 + random.int(6)));
    const body = random.chance(0.2) ? lines.join('<br>') : lines.join('\n');
    const inner = random.chance(0.2) ? `<span class="hljs-string">${body}</span>` : body;
    return `<pre${random.chance(0.2) ? this.className() : ''}><code${this.className()}>${inner}</code></pre>`;
  }

  private inline(depth: number): string {
    const { random } = this;
    const parts = Array.from({ length: 1 + random.int(4) }, () => {
      const roll = random.int(depth > 3 ? 2 : 9);
      if (roll < 2) return this.text();
      if (roll === 2) return `<strong>${this.inline(depth + 1)}</strong>`;
      if (roll === 3) return `<em>${this.inline(depth + 1)}</em>`;
      if (roll === 4)
        return `<a href="https://example.com/${random.int(99)}" target="${random.pick(TARGETS)}">${this.inline(depth + 1)}</a>`;
      if (roll === 5) return `<code${this.className()}>${this.text(2)}</code>`;
      if (roll === 6) return `<span class="hljs-${random.int(9)} x">${this.text(2)}</span>`;
      if (roll === 7)
        return `<img src="${random.pick(['https://example.com/a.png', '/uploads/none.webp', 'javascript:alert(1)'])}" alt="${this.words(2).replace(/"/g, '')}">`;
      return `<mark>${this.text(2)}</mark>`;
    });
    return parts.join(' ');
  }

  block(depth = 0): string {
    const { random } = this;
    const roll = random.int(depth > 5 ? 3 : 12);
    const dir = random.chance(0.2) ? ` dir="${random.pick(['ltr', 'rtl', 'auto'])}"` : '';
    if (roll === 0) return `<p${dir}>${this.inline(depth)}</p>`;
    if (roll === 1) {
      const level = 2 + random.int(3);
      return `<h${level}${dir}>${this.inline(depth + 2)}</h${level}>`;
    }
    if (roll === 2) return this.code();
    if (roll === 3 || roll === 4) {
      const list = random.pick(['ul', 'ol']);
      const items = Array.from(
        { length: 1 + random.int(5) },
        () => `<li>${random.chance(0.4) ? this.block(depth + 1) : this.inline(depth)}</li>`,
      );
      return `<${list}>${items.join('')}</${list}>`;
    }
    if (roll === 5) return `<blockquote>${this.block(depth + 1)}${random.chance(0.5) ? this.block(depth + 1) : ''}</blockquote>`;
    if (roll === 6) {
      const columns = 1 + random.int(5);
      const row = (cell: string) =>
        `<tr>${Array.from({ length: columns }, () => `<${cell}>${this.inline(depth + 2)}</${cell}>`).join('')}</tr>`;
      return `<table>${random.chance(0.6) ? `<thead>${row('th')}</thead>` : ''}<tbody>${Array.from({ length: 1 + random.int(6) }, () => row('td')).join('')}</tbody></table>`;
    }
    if (roll === 7)
      return `<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/${random.pick(['dQw4w9WgXcQ', 'x', '../../etc'])}"></iframe></div>`;
    if (roll === 8) return `<p>${this.text(random.chance(0.5) ? 2_000 : 200)}</p>`;
    if (roll === 9) return `<div class="${random.pick(['x', 'language-js', 'hljs'])}">${this.block(depth + 1)}</div>`;
    if (roll === 10) return `<section><article>${this.block(depth + 1)}</article></section>`;
    return this.code();
  }

  content(): string {
    return Array.from({ length: 1 + this.random.int(8) }, () => this.block()).join('');
  }
}

/** The text a piece of HTML shows: tags and spaces dropped, character references read. */
function textOf(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return named[name.toLowerCase()] ?? whole;
      const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, '');
}

/** The article of a rendered page: from its content to the data scripts (the footer in between shows no post text). */
function articleOf(page: string): string {
  const start = page.indexOf('data-testid="article-content"');
  const end = page.indexOf('<script', start);
  return start === -1 ? '' : page.slice(page.indexOf('>', start) + 1, end === -1 ? undefined : end);
}

describe('generated content renders on every page it makes', () => {
  let t: TestApp;
  let author: TestAgent;
  let pages: PageFreshness;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    t = await startTestApp({}, { serveSite: true });
    author = await t.author();
    pages = t.app.get(PageFreshness);
    await t.app.get(PageFill).fill();
  });
  afterAll(() => t?.close());

  it(
    `stores and renders ${RUNS} generated posts without a 5xx, showing their text (seed ${SEED})`,
    async () => {
      const random = seededRandom(SEED);
      const generate = new ContentGenerator(random);
      const failures: string[] = [];
      const slugs: string[] = [];
      const get = (path: string) =>
        request(t.app.getHttpServer())
          .get(path)
          .buffer(true)
          .parse((response, callback) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => callback(null, text));
          });
      const check = async (run: number, path: string, shows: string, what: string, content: (page: string) => string = (page) => page) => {
        const response = await get(path);
        const page = response.body as string;
        if (response.status >= 500) failures.push(`run ${run}: ${path} answered ${response.status}`);
        else if (response.status !== 200) failures.push(`run ${run}: ${path} answered ${response.status}`);
        else if (!textOf(content(page)).includes(textOf(shows)))
          failures.push(`run ${run}: ${path} does not show ${what}: ${shows.slice(0, 200)}`);
      };

      /**
       * The lists, for the posts stored since the last look, once the store has rebuilt them (how soon after a change
       * is not what this test is about): the home page shows the newest, the others each of them.
       */
      const batch: { run: number; title: string; categorySlug?: string; tag?: string }[] = [];
      const checkLists = async (posts: typeof batch) => {
        await pages.settled();
        const newest = posts[posts.length - 1];
        await check(newest.run, '/', newest.title, 'the newest title');
        const tags = (await author.get('/api/tags').expect(200)).body as { name: string; slug: string }[];
        for (const { run, title, categorySlug, tag } of posts) {
          await check(run, '/?view=all', title, 'its title');
          await check(run, '/rss.xml', title, 'its title');
          if (categorySlug) await check(run, `/category/${encodeURIComponent(categorySlug)}`, title, 'its title');
          const slug = tags.find(({ name }) => name === tag)?.slug;
          if (slug) await check(run, `/tag/${encodeURIComponent(slug)}`, title, 'its title');
          else failures.push(`run ${run}: no tag ${tag}`);
        }
      };

      for (let run = 1; run <= RUNS; run += 1) {
        const category = (await author.post('/api/categories').send({ name: `${generate.text(2).replace(/&[^;]*;|[<>"']/g, '')} ${run}` }))
          .body as { id?: number; slug?: string };
        const title = `${generate.text(3).replace(/&[^;]*;/g, '')} ${run}`.slice(0, 300);
        const sent = { title, content: generate.content(), published: true, categoryId: category.id ?? null, tags: [random.pick(TAGS)] };
        const saved = await author.post('/api/posts').send(sent);
        if (saved.status >= 500 || saved.status !== 201) {
          failures.push(
            `run ${run}: storing answered ${saved.status} ${JSON.stringify(saved.body).slice(0, 300)}\n  ${sent.content.slice(0, 500)}`,
          );
          continue;
        }
        const post = saved.body as { slug: string; title: string; content: string };
        slugs.push(post.slug);
        // what readers are given (headings with ids and links to themselves, code highlighted): what the page must show
        const reading = (
          await t
            .agent()
            .get(`/api/posts/${encodeURIComponent(post.slug)}`)
            .expect(200)
        ).body as { content: string };
        await check(run, `/post/${encodeURIComponent(post.slug)}`, reading.content, 'its content', articleOf);
        await check(run, `/post/${encodeURIComponent(post.slug)}`, post.title, 'its title');
        if (run % 5 === 0) {
          const page = await author.post('/api/pages').send({ title, content: sent.content, slug: `generated-${run}` });
          if (page.status >= 500) failures.push(`run ${run}: storing the page answered ${page.status}`);
          else if (page.status === 201) {
            const readingPage = (await t.agent().get(`/api/pages/generated-${run}`).expect(200)).body as { content: string };
            await check(run, `/generated-${run}`, readingPage.content, 'its content', articleOf);
          }
        }
        batch.push({ run, title: post.title, categorySlug: category.slug, tag: sent.tags[0] });
        if (batch.length === LIST_CHECK_EVERY || run === RUNS) await checkLists(batch.splice(0));
      }
      await pages.settled();
      const sitemap = (await get('/sitemap.xml')).body as string;
      for (const slug of slugs) if (!sitemap.includes(encodeURIComponent(slug))) failures.push(`the sitemap does not list ${slug}`);
      console.info(`content fuzz: ${RUNS} posts (seed ${SEED}), ${failures.length} failures`);
      expect(slugs.length).toBe(RUNS);
      expect(failures, `FUZZ_SEED=${SEED} CONTENT_FUZZ_RUNS=${RUNS}`).toEqual([]);
    },
    30 * 60_000,
  );
});
