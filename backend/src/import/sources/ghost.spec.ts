import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportEntry, OpenedImport } from '../import-model';
import { openImport } from './open-import';

const FIXTURES = join(__dirname, '../../../test/fixtures/import');
const GHOST = join(FIXTURES, 'ghost.json');

async function allEntries(opened: OpenedImport): Promise<ImportEntry[]> {
  const entries: ImportEntry[] = [];
  for await (const entry of opened.entries()) entries.push(entry);
  return entries;
}

describe('a Ghost 5 export', () => {
  let opened: OpenedImport;
  let entries: ImportEntry[];

  beforeAll(async () => {
    opened = await openImport(GHOST, { siteUrl: 'http://old-blog.test' });
    entries = await allEntries(opened);
  });

  it('reads the blog: title, the author’s profile, tags without Ghost’s internal ones', () => {
    const { entries: _entries, ...blog } = opened;
    expect(blog).toEqual({
      platform: 'ghost',
      siteUrl: 'http://old-blog.test',
      siteTitle: 'مدونة Ghost العربية',
      author: { name: 'أحمد المدوّن', bio: 'مطور ويب يكتب بالعربية.', avatarUrl: 'http://old-blog.test/content/images/2023/05/me.jpg' },
      categories: [],
      tags: [
        { slug: 'tech', name: 'تقنية' },
        { slug: 'ghost', name: 'Ghost' },
      ],
      attachments: [],
      total: 4,
    });
  });

  it('reads a published post field by field, __GHOST_URL__ made the site’s address', () => {
    const { content, ...fields } = entries[0];
    expect(fields).toEqual({
      kind: 'post',
      sourceId: '6450a1b2c3d4e5f600000001',
      title: 'البداية مع Ghost',
      slug: 'getting-started',
      excerpt: 'مقدمة قصيرة',
      status: 'published',
      publishedAt: new Date('2023-05-10T09:30:00Z'),
      modifiedAt: new Date('2023-05-12T12:00:00Z'),
      categories: [],
      // posts_tags' sort_order, the internal #wide-layout left out.
      tags: ['تقنية', 'Ghost'],
      featuredImage: 'http://old-blog.test/content/images/2023/05/cover.jpg',
      comments: [],
      link: 'http://old-blog.test/getting-started/',
      metaTitle: 'البداية مع Ghost | مدونتي',
      metaDescription: 'كيف بدأت مدونتي على Ghost',
    });
    expect(content).toContain('<img src="http://old-blog.test/content/images/2023/05/desk.jpg" class="kg-image"');
    expect(content).not.toContain('__GHOST_URL__');
  });

  it('maps scheduled and draft posts, decodes a percent-encoded slug, and reads a page', () => {
    expect(entries[1]).toMatchObject({
      status: 'scheduled',
      publishedAt: new Date('2031-01-15T10:00:00Z'),
      slug: 'مقال-مجدول',
      tags: ['تقنية'],
    });
    expect(entries[2]).toMatchObject({ status: 'draft', publishedAt: null, slug: 'draft-post' });
    expect(entries[3]).toMatchObject({ kind: 'page', title: 'من أنا', slug: 'about', link: 'http://old-blog.test/about/' });
  });

  it('makes HTML from the Lexical document of a post exported without html', () => {
    expect(entries[2].content).toBe(
      '<p>مسودة مكتوبة في <a href="https://lexical.dev">Lexical</a></p><h3>عنوان</h3><ul><li>أ</li><li>ب</li></ul><img src="http://old-blog.test/content/images/2023/05/draft.jpg" alt="صورة" />',
    );
  });

  it('keeps addresses site-relative when the site’s address is not known', async () => {
    const withoutSite = await openImport(GHOST);
    const [first] = await allEntries(withoutSite);
    expect(withoutSite.siteUrl).toBeNull();
    expect(first).toMatchObject({ featuredImage: '/content/images/2023/05/cover.jpg', link: null });
    expect(first.content).toContain('src="/content/images/2023/05/desk.jpg"');
  });
});

describe('older Ghost exports', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'ghost-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('reads the bare {meta, data} form, page: true, numeric ids and dates, Mobiledoc, and a «url» setting', async () => {
    const path = join(folder, 'ghost-1.json');
    const mobiledoc = JSON.stringify({
      version: '0.3.1',
      markups: [],
      atoms: [],
      cards: [['image', { src: '/content/images/old.jpg' }]],
      sections: [
        [1, 'p', [[0, [], 0, 'فقرة قديمة']]],
        [10, 0],
        [3, 'ul', [[[0, [], 0, 'أ']]]],
      ],
    });
    writeFileSync(
      path,
      JSON.stringify({
        meta: { exported_on: 1500000000000, version: '1.25.0' },
        data: {
          posts: [
            {
              id: 7,
              title: 'قديمة',
              slug: 'old',
              mobiledoc,
              html: null,
              page: true,
              status: 'published',
              published_at: 1500000000000,
              author_id: 1,
            },
          ],
          users: [{ id: 1, name: 'كاتب', bio: null, profile_image: null }],
          settings: [{ key: 'url', value: 'https://ghost.example.test/' }],
        },
      }),
    );
    const opened = await openImport(path);
    expect(opened).toMatchObject({ siteUrl: 'https://ghost.example.test', author: { name: 'كاتب', bio: null, avatarUrl: null }, total: 1 });
    expect(await allEntries(opened)).toEqual([
      expect.objectContaining({
        kind: 'page',
        sourceId: '7',
        publishedAt: new Date(1500000000000),
        link: 'https://ghost.example.test/old/',
        content: '<p>فقرة قديمة</p><img src="/content/images/old.jpg" /><ul><li>أ</li></ul>',
      }),
    ]);
  });
});
