import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError, type ImportEntry, type OpenedImport } from '../import-model';
import { openImport } from './open-import';

const FIXTURES = join(__dirname, '../../../test/fixtures/import');
const UPLOADS = 'http://old-blog.test/wp-content/uploads/2023/05';
const HELLO = 'مرحبا-بالعالم';

async function allEntries(opened: OpenedImport): Promise<ImportEntry[]> {
  const entries: ImportEntry[] = [];
  for await (const entry of opened.entries()) entries.push(entry);
  return entries;
}

describe('a WordPress WXR 1.2 export with Arabic slugs', () => {
  let opened: OpenedImport;
  let entries: ImportEntry[];
  const entry = (sourceId: string) => entries.find((candidate) => candidate.sourceId === sourceId)!;

  beforeAll(async () => {
    opened = await openImport(join(FIXTURES, 'wordpress-arabic.xml'));
    entries = await allEntries(opened);
  });

  it('reads the site, its main author and its terms, slugs decoded once', () => {
    expect(opened.platform).toBe('wordpress');
    expect(opened.siteUrl).toBe('http://old-blog.test');
    expect(opened.siteTitle).toBe('مدونة التقنية العربية');
    expect(opened.author).toEqual({ name: 'أحمد المدوّن', bio: null, avatarUrl: null });
    expect(opened.categories).toEqual([
      { slug: 'تقنية', name: 'تقنية', description: 'كل ما يخص التقنية', parentSlug: null },
      { slug: 'برمجة', name: 'برمجة', description: null, parentSlug: 'تقنية' },
      { slug: 'general', name: 'عام', description: null, parentSlug: null },
    ]);
    expect(opened.tags).toEqual([
      { slug: 'جافاسكربت', name: 'جافاسكربت' },
      { slug: 'wordpress', name: 'WordPress' },
      // Used by a post but not listed in the export's terms.
      { slug: 'cloud-computing', name: 'Cloud Computing' },
    ]);
  });

  it('lists the attachments with their file, page and entry', () => {
    expect(opened.attachments).toEqual([
      {
        sourceId: '20',
        link: `http://old-blog.test/2023/05/10/${encodeURIComponent(HELLO).toLowerCase()}/photo/`,
        fileUrl: `${UPLOADS}/photo.jpg`,
        parentSourceId: '10',
      },
      { sourceId: '21', link: 'http://old-blog.test/?attachment_id=21', fileUrl: `${UPLOADS}/diagram.png`, parentSourceId: '11' },
      { sourceId: '22', link: 'http://old-blog.test/?attachment_id=22', fileUrl: `${UPLOADS}/block.jpg`, parentSourceId: '14' },
    ]);
  });

  it('yields posts and pages only, in the file’s order: no trash, menu items or attachments; total says as many', () => {
    expect(entries.map((candidate) => candidate.sourceId)).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '19', '31']);
    expect(opened.total).toBe(entries.length);
  });

  it('reads a published post field by field', () => {
    const { content, comments, ...fields } = entry('10');
    expect(fields).toEqual({
      kind: 'post',
      sourceId: '10',
      title: 'مرحبا بالعالم',
      slug: HELLO,
      excerpt: 'مقتطف التدوينة الأولى',
      status: 'published',
      publishedAt: new Date('2023-05-10T09:30:00Z'),
      modifiedAt: new Date('2023-05-12T12:00:00Z'),
      categories: ['تقنية', 'general'],
      tags: ['WordPress', 'جافاسكربت'],
      featuredImage: `${UPLOADS}/photo.jpg`,
      link: `http://old-blog.test/2023/05/10/${encodeURIComponent(HELLO).toLowerCase()}/`,
      metaTitle: null,
      metaDescription: null,
    });
    expect(content).toContain('هذه أول تدوينة في المدونة.\nسطر ثانٍ');
    expect(content).toContain('<!--more-->');
    expect(comments).toHaveLength(6);
  });

  it('keeps comments threaded two levels deep, with their statuses, and the author’s own marked', () => {
    const comments = entry('10').comments;
    expect(comments.map(({ sourceId, parentSourceId, status, byAuthor }) => ({ sourceId, parentSourceId, status, byAuthor }))).toEqual([
      { sourceId: '1', parentSourceId: null, status: 'approved', byAuthor: false },
      { sourceId: '2', parentSourceId: '1', status: 'approved', byAuthor: true },
      { sourceId: '3', parentSourceId: '2', status: 'approved', byAuthor: false },
      { sourceId: '4', parentSourceId: null, status: 'spam', byAuthor: false },
      { sourceId: '5', parentSourceId: null, status: 'pending', byAuthor: false },
      // Its parent (6) is in the trash: it answers the post.
      { sourceId: '8', parentSourceId: null, status: 'approved', byAuthor: false },
    ]);
    expect(comments[0]).toEqual({
      sourceId: '1',
      parentSourceId: null,
      authorName: 'خالد',
      authorEmail: 'khaled@example.test',
      authorUrl: 'https://khaled.example.test',
      content: 'مقال رائع، شكرًا!',
      date: new Date('2023-05-11T07:00:00Z'),
      status: 'approved',
      byAuthor: false,
    });
    expect(comments[2].content).toBe('على الرحب <strong>والسعة</strong>.');
    expect(comments[4].authorUrl).toBeNull();
  });

  it('leaves the raw shortcodes and block comments in the content (nativeHtml makes them native)', () => {
    expect(entry('11').content).toContain('[caption id="attachment_21"');
    expect(entry('12').content).toContain('[gallery ids="20,21"');
    expect(entry('13').content).toContain('[embed]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/embed]');
    expect(entry('14').content).toContain('<!-- wp:image {"id":22');
  });

  it('takes the featured image from _thumbnail_id, and SEO fields that are plain values', () => {
    expect(entry('14').featuredImage).toBe(`${UPLOADS}/block.jpg`);
    expect(entry('11')).toMatchObject({ featuredImage: null, metaTitle: null, metaDescription: 'وصف الصورة لمحركات البحث' });
  });

  it('maps statuses: future → scheduled, draft and private → draft', () => {
    expect(entry('15')).toMatchObject({ status: 'scheduled', publishedAt: new Date('2031-01-15T10:00:00Z'), slug: 'مقال-مجدول' });
    expect(entry('16')).toMatchObject({ status: 'draft', slug: null, publishedAt: null, modifiedAt: new Date('2023-05-16T09:00:00Z') });
    expect(entry('17')).toMatchObject({ status: 'draft', slug: 'خاص', publishedAt: new Date('2023-05-17T09:00:00Z') });
  });

  it('reads a page', () => {
    expect(entry('19')).toMatchObject({
      kind: 'page',
      title: 'من أنا',
      slug: 'من-أنا',
      status: 'published',
      categories: [],
      link: `http://old-blog.test/${encodeURIComponent('من-أنا').toLowerCase()}/`,
    });
  });

  it('decodes a slug written with upper-case hex to the same slug as another post’s (the importer adds the suffix)', () => {
    expect(entry('31').slug).toBe(entry('10').slug);
    expect(entry('31').title).toBe(entry('10').title);
  });

  it('reads the file again for each pass over the entries', async () => {
    expect((await allEntries(opened)).map((candidate) => candidate.sourceId)).toEqual(entries.map((candidate) => candidate.sourceId));
  });
});

describe('a WordPress WXR 1.1 export', () => {
  it('reads the same way, with the older fields', async () => {
    const opened = await openImport(join(FIXTURES, 'wordpress-1.1.xml'));
    expect(opened).toMatchObject({
      platform: 'wordpress',
      siteUrl: 'http://old-blog.test/blog',
      siteTitle: 'مدونة قديمة',
      author: { name: 'المدير', bio: null, avatarUrl: null },
      categories: [{ slug: 'uncategorized', name: 'غير مصنف', description: null, parentSlug: null }],
      tags: [{ slug: 'old-news', name: 'Old news' }],
      attachments: [],
      total: 2,
    });
    const [first, second] = await allEntries(opened);
    expect(first).toMatchObject({
      sourceId: '1',
      title: 'أهلا & سهلا',
      slug: 'أهلا-سهلا',
      status: 'published',
      publishedAt: new Date('2013-02-19T10:00:00Z'),
      modifiedAt: null,
      excerpt: null,
      link: 'http://old-blog.test/blog/?p=1',
    });
    // No GMT date in the export: the local one, taken as UTC.
    expect(first.comments).toEqual([expect.objectContaining({ sourceId: '1', date: new Date('2013-02-19T13:00:00Z'), byAuthor: false })]);
    expect(second).toMatchObject({
      slug: 'second-post',
      publishedAt: new Date('2013-02-20T09:00:00Z'),
      tags: ['Old news'],
      excerpt: 'A short excerpt',
    });
  });
});

describe('WordPress exports with quirks', () => {
  let folder: string;
  const wxr = (name: string, channel: string) => {
    const path = join(folder, name);
    writeFileSync(
      path,
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel>${channel}</channel></rss>`,
    );
    return path;
  };
  const item = (fields: string) =>
    `<item><title>t</title><wp:post_id>1</wp:post_id><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><wp:post_date_gmt>2023-01-01 00:00:00</wp:post_date_gmt>${fields}</item>`;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'wxr-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('imports a password-protected post as a draft: it was never public', async () => {
    const opened = await openImport(
      wxr('password.xml', `<wp:wxr_version>1.2</wp:wxr_version>${item('<wp:post_password>secret</wp:post_password>')}`),
    );
    expect((await allEntries(opened))[0].status).toBe('draft');
  });

  it('drops control characters XML forbids instead of refusing the file', async () => {
    const opened = await openImport(
      wxr('control.xml', `<wp:wxr_version>1.2</wp:wxr_version>${item('<content:encoded><![CDATA[a\u000bb\u0001c]]></content:encoded>')}`),
    );
    expect((await allEntries(opened))[0].content).toBe('abc');
  });

  it('refuses an RSS document with the WordPress namespace but no wxr_version', async () => {
    await expect(openImport(wxr('no-version.xml', item('')))).rejects.toThrow(
      new ImportFileError('The WordPress export has no wp:wxr_version: it is not a WXR file'),
    );
  });
});
