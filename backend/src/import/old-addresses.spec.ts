import { describe, expect, it } from 'vitest';
import type { ImportEntry } from './import-model';
import { categoryAddresses, entryAddresses, feedAddresses, oldPath, tagAddresses } from './old-addresses';

const entry = (fields: Partial<ImportEntry>): ImportEntry => ({
  kind: 'post',
  sourceId: '42',
  title: 'عنوان',
  slug: 'مقال-عن-التقنية',
  content: '',
  excerpt: null,
  status: 'published',
  publishedAt: new Date('2023-05-07T22:30:00Z'),
  modifiedAt: null,
  categories: [],
  tags: [],
  featuredImage: null,
  comments: [],
  link: null,
  metaTitle: null,
  metaDescription: null,
  ...fields,
});
const encoded = encodeURIComponent('مقال-عن-التقنية');

describe('old addresses', () => {
  it('makes a URL of the old blog a path of any host, query kept', () => {
    expect(oldPath('https://old.example/2023/05/x.html?m=1')).toBe('/2023/05/x.html?m=1');
    expect(oldPath('/p/about.html')).toBe('/p/about.html');
    expect(oldPath(null)).toBeNull();
  });

  it("answers a WordPress post at its link and at every permalink structure's spelling, under the blog's folder", () => {
    const link = `https://old.example/blog/2023/05/07/${encoded}/`;
    expect(entryAddresses('wordpress', 'https://old.example/blog', entry({ link }), 'تقنية')).toEqual([
      `/blog/2023/05/07/${encoded}/`,
      '/blog/?p=42',
      '/blog/archives/42',
      `/blog/${encoded}/`,
      `/blog/2023/05/${encoded}/`,
      `/blog/${encodeURIComponent('تقنية')}/${encoded}/`,
    ]);
  });

  it('answers a WordPress page at ?page_id= and its slug, a draft without slug at its ids only', () => {
    expect(entryAddresses('wordpress', 'http://old.example', entry({ kind: 'page', sourceId: '7', slug: 'about' }), null)).toEqual([
      '/?page_id=7',
      '/about/',
    ]);
    expect(entryAddresses('wordpress', 'http://old.example', entry({ slug: null, publishedAt: null }), null)).toEqual([
      '/?p=42',
      '/archives/42',
    ]);
  });

  it('answers a Blogger post at its link only, a Ghost post at /slug/ too', () => {
    expect(entryAddresses('blogger', 'http://b.example', entry({ link: 'http://b.example/2023/05/x.html' }), null)).toEqual([
      '/2023/05/x.html',
    ]);
    expect(entryAddresses('ghost', 'https://g.example', entry({ link: `https://g.example/${encoded}/` }), null)).toEqual([`/${encoded}/`]);
  });

  it('answers categories with their parents and alone, tags and labels, and feeds', () => {
    expect(categoryAddresses('wordpress', 'http://o.example', ['tech', 'برمجة'])).toEqual([
      `/category/tech/${encodeURIComponent('برمجة')}/`,
      `/category/${encodeURIComponent('برمجة')}/`,
    ]);
    expect(categoryAddresses('blogger', 'http://o.example', ['x'])).toEqual([]);
    expect(tagAddresses('blogger', 'http://o.example', 'ignored', 'ذكاء اصطناعي')).toEqual([
      `/search/label/${encodeURIComponent('ذكاء اصطناعي')}`,
    ]);
    expect(tagAddresses('wordpress', 'http://o.example', 'js', 'JavaScript')).toEqual(['/tag/js/']);
    expect(feedAddresses('blogger', null)).toEqual(['/feeds/posts/default', '/feeds/posts/summary']);
    expect(feedAddresses('wordpress', 'http://o.example/')).toContain('/feed/');
  });
});
