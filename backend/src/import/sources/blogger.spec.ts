import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportEntry, OpenedImport } from '../import-model';
import { openImport } from './open-import';

const FIXTURES = join(__dirname, '../../../test/fixtures/import');

async function allEntries(opened: OpenedImport): Promise<ImportEntry[]> {
  const entries: ImportEntry[] = [];
  for await (const entry of opened.entries()) entries.push(entry);
  return entries;
}

describe('a Blogger export (Settings → Back up content)', () => {
  let opened: OpenedImport;
  let entries: ImportEntry[];
  const entry = (sourceId: string) => entries.find((candidate) => candidate.sourceId === sourceId)!;

  beforeAll(async () => {
    opened = await openImport(join(FIXTURES, 'blogger.xml'));
    entries = await allEntries(opened);
  });

  it('reads the blog: address, title, author, labels as tags', () => {
    const { entries: _entries, ...blog } = opened;
    expect(blog).toEqual({
      platform: 'blogger',
      siteUrl: 'http://old-blog.test',
      siteTitle: 'مدونة بلوجر العربية',
      author: { name: 'أحمد المدوّن', bio: null, avatarUrl: 'http://old-blog.test/img/avatar.jpg' },
      categories: [],
      tags: [
        { slug: 'بايثون', name: 'بايثون' },
        { slug: 'برمجة', name: 'برمجة' },
        { slug: 'تقنية', name: 'تقنية' },
      ],
      attachments: [],
      total: 4,
    });
  });

  it('yields the posts and the page, not the template, settings or comments', () => {
    expect(entries.map((candidate) => [candidate.kind, candidate.sourceId])).toEqual([
      ['post', 'post-1001'],
      ['post', 'post-1002'],
      ['post', 'post-1003'],
      ['page', 'page-2001'],
    ]);
  });

  it('reads a post field by field', () => {
    const { content, comments, ...fields } = entry('post-1001');
    expect(fields).toEqual({
      kind: 'post',
      sourceId: 'post-1001',
      title: 'مقدمة في بايثون',
      slug: 'python-intro',
      excerpt: null,
      status: 'published',
      publishedAt: new Date('2023-05-10T09:30:00Z'),
      modifiedAt: new Date('2023-05-11T05:15:00Z'),
      categories: [],
      tags: ['بايثون', 'برمجة'],
      // Blogger's media:thumbnail is a 72-pixel crop of a picture already in the content.
      featuredImage: null,
      link: 'http://old-blog.test/2023/05/python-intro.html',
      metaTitle: null,
      metaDescription: null,
    });
    expect(content).toMatch(/^<div dir="rtl" style="text-align: right;" trbidi="on">بايثون لغة سهلة التعلم.<br \/>/);
    expect(comments).toHaveLength(3);
  });

  it('puts the comments under their post, replies under the comment they answer, the author’s own marked', () => {
    expect(entry('post-1001').comments).toEqual([
      {
        sourceId: 'post-3001',
        parentSourceId: null,
        authorName: 'سلمى',
        authorEmail: null,
        authorUrl: 'https://www.blogger.com/profile/99998888777',
        content: 'شرح <b>ممتاز</b>، شكرًا',
        date: new Date('2023-05-11T07:00:00Z'),
        status: 'approved',
        byAuthor: false,
      },
      {
        sourceId: 'post-3002',
        parentSourceId: 'post-3001',
        authorName: 'أحمد المدوّن',
        authorEmail: null,
        authorUrl: 'https://www.blogger.com/profile/11112222333',
        content: 'شكرًا يا سلمى',
        date: new Date('2023-05-11T08:00:00Z'),
        status: 'approved',
        byAuthor: true,
      },
      // A reply to a comment that was removed (and is left out) answers the post.
      expect.objectContaining({ sourceId: 'post-3005', parentSourceId: null, authorName: 'Anonymous', authorUrl: null }),
    ]);
    expect(entry('post-1002').comments.map((comment) => comment.sourceId)).toEqual(['post-3003']);
  });

  it('reads a draft: no address, so no slug or link', () => {
    expect(entry('post-1003')).toMatchObject({ status: 'draft', slug: null, link: null, tags: ['تقنية'], comments: [] });
  });

  it('reads a page', () => {
    expect(entry('page-2001')).toMatchObject({
      kind: 'page',
      title: 'من أنا',
      slug: 'about',
      status: 'published',
      link: 'http://old-blog.test/p/about.html',
      publishedAt: new Date('2023-01-05T07:00:00Z'),
    });
  });
});

describe('a Blogger export from Google Takeout (feed.atom)', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'blogger-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('reads posts, their labels, statuses and comments from blogger: elements', async () => {
    const blog = 'tag:blogger.com,1999:blog-555';
    const path = join(folder, 'feed.atom');
    writeFileSync(
      path,
      `<?xml version='1.0' encoding='utf-8'?>
<feed xmlns='http://www.w3.org/2005/Atom' xmlns:blogger='http://schemas.google.com/blogger/2018'>
  <id>${blog}</id><title>مدونة تيك آوت</title>
  <entry><id>${blog}.post-1</id><blogger:type>POST</blogger:type><blogger:status>LIVE</blogger:status>
    <author><name>هند</name><uri>https://www.blogger.com/profile/1</uri><blogger:type>BLOGGER</blogger:type></author>
    <title>تدوينة</title><content type='html'>&lt;p&gt;نص&lt;/p&gt;</content>
    <blogger:created>2022-01-01T10:00:00.000Z</blogger:created><published>2022-01-02T10:00:00Z</published><updated>2022-01-03T10:00:00Z</updated>
    <category scheme='${blog}' term='ويب'/><blogger:filename>/2022/01/post.html</blogger:filename></entry>
  <entry><id>${blog}.post-2</id><blogger:type>POST</blogger:type><blogger:status>DRAFT</blogger:status>
    <title>مسودة</title><content type='html'></content><published>2022-02-01T10:00:00Z</published></entry>
  <entry><id>${blog}.post-3</id><blogger:type>POST</blogger:type><blogger:status>SOFT_TRASHED</blogger:status>
    <title>محذوفة</title><content type='html'></content><published>2022-02-01T10:00:00Z</published></entry>
  <entry><id>${blog}.post-9</id><blogger:parent>${blog}.post-1</blogger:parent><blogger:type>COMMENT</blogger:type><blogger:status>LIVE</blogger:status>
    <author><name>زائر</name></author><title></title><content type='html'>تعليق</content><published>2022-01-04T10:00:00Z</published></entry>
  <entry><id>${blog}.post-10</id><blogger:parent>${blog}.post-9</blogger:parent><blogger:type>COMMENT</blogger:type><blogger:status>LIVE</blogger:status>
    <author><name>هند</name><uri>https://www.blogger.com/profile/1</uri></author><title></title><content type='html'>رد</content><published>2022-01-05T10:00:00Z</published></entry>
</feed>`,
    );
    const opened = await openImport(path, { siteUrl: 'https://takeout.example.test/' });
    expect(opened).toMatchObject({
      siteUrl: 'https://takeout.example.test',
      siteTitle: 'مدونة تيك آوت',
      total: 2,
      tags: [{ slug: 'ويب', name: 'ويب' }],
    });
    const [post, draft] = await allEntries(opened);
    expect(post).toMatchObject({
      sourceId: 'post-1',
      slug: 'post',
      status: 'published',
      link: 'https://takeout.example.test/2022/01/post.html',
      tags: ['ويب'],
      publishedAt: new Date('2022-01-02T10:00:00Z'),
    });
    expect(post.comments.map(({ sourceId, parentSourceId, byAuthor }) => ({ sourceId, parentSourceId, byAuthor }))).toEqual([
      { sourceId: 'post-9', parentSourceId: null, byAuthor: false },
      { sourceId: 'post-10', parentSourceId: 'post-9', byAuthor: true },
    ]);
    expect(draft).toMatchObject({ sourceId: 'post-2', status: 'draft' });
  });
});
