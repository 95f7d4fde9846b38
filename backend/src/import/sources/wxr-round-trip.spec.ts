import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WXR_TAIL, wordpressSlug, wxrHead, wxrItem, type WxrItem } from '../../export/wxr';
import type { ImportEntry } from '../import-model';
import { openImport } from './open-import';

// This blog's own export (GET /api/export/wxr) read back by the importer's reader: what one writes, the other reads.
describe('a WXR written by this blog’s export', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'wxr-round-trip-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('reads back with the same posts, terms, statuses, comments and featured image', async () => {
    const date = new Date('2024-05-01T09:30:00Z');
    const base: Omit<WxrItem, 'id' | 'title' | 'name' | 'type' | 'status'> = {
      link: 'https://blog.example/post/x',
      guid: 'https://blog.example/?p=1',
      creator: 'author',
      content: '<p>نص ]]> آخر</p>',
      excerpt: '',
      date,
      modified: date,
      commentStatus: 'open',
      parent: 0,
      sticky: false,
      terms: [],
      meta: [],
      comments: [],
    };
    const post: WxrItem = {
      ...base,
      id: 7,
      title: 'عنوان & <رمز>',
      name: wordpressSlug('مقال-تجريبي'),
      type: 'post',
      status: 'future',
      terms: [
        { domain: 'category', slug: wordpressSlug('تقنية'), name: 'تقنية' },
        { domain: 'post_tag', slug: 'c-sharp', name: 'C#' },
      ],
      meta: [{ key: '_thumbnail_id', value: '12' }],
      comments: [
        { id: 3, author: 'قارئ', authorEmail: 'r@example.com', date, content: 'a &lt; b', parent: 0, userId: 0 },
        { id: 4, author: 'كاتب', authorEmail: 'a@example.com', date, content: 'رد', parent: 3, userId: 1 },
      ],
    };
    const image: WxrItem = {
      ...base,
      id: 12,
      title: 'cover',
      name: 'cover',
      type: 'attachment',
      status: 'inherit',
      parent: 7,
      attachmentUrl: 'https://blog.example/uploads/cover.jpg',
    };
    const path = join(folder, 'export.xml');
    writeFileSync(
      path,
      wxrHead(
        { title: 'مدوّنة', description: 'وصف', language: 'ar', baseUrl: 'https://blog.example', exportedAt: date },
        { id: 1, login: 'author', email: 'a@example.com', displayName: 'كاتب' },
        [{ termId: 2, slug: wordpressSlug('تقنية'), name: 'تقنية' }],
        [{ termId: 3, slug: 'c-sharp', name: 'C#' }],
      ) +
        wxrItem(post) +
        wxrItem(image) +
        WXR_TAIL,
    );

    const opened = await openImport(path);
    expect(opened).toMatchObject({
      platform: 'wordpress',
      siteUrl: 'https://blog.example',
      siteTitle: 'مدوّنة',
      author: { name: 'كاتب' },
      categories: [{ slug: 'تقنية', name: 'تقنية', parentSlug: null }],
      tags: [{ slug: 'c-sharp', name: 'C#' }],
      attachments: [{ sourceId: '12', fileUrl: 'https://blog.example/uploads/cover.jpg', parentSourceId: '7' }],
      total: 1,
    });
    const entries: ImportEntry[] = [];
    for await (const entry of opened.entries()) entries.push(entry);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      sourceId: '7',
      title: 'عنوان & <رمز>',
      slug: 'مقال-تجريبي',
      content: '<p>نص ]]> آخر</p>',
      status: 'scheduled',
      publishedAt: date,
      categories: ['تقنية'],
      tags: ['C#'],
      featuredImage: 'https://blog.example/uploads/cover.jpg',
    });
    expect(entries[0].comments).toEqual([
      expect.objectContaining({ sourceId: '3', parentSourceId: null, content: 'a &lt; b', byAuthor: false, status: 'approved' }),
      expect.objectContaining({ sourceId: '4', parentSourceId: '3', byAuthor: true }),
    ]);
  });
});
