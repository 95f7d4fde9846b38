import { describe, expect, it } from 'vitest';
import { rssDate, wordpressDate, wordpressSlug, WXR_TAIL, wxrHead, wxrItem, type WxrItem } from './wxr';

describe('wordpressSlug', () => {
  it('percent-encodes what is not ASCII as WordPress stores it: UTF-8 bytes in lower-case hex', () => {
    expect(wordpressSlug('تقنية')).toBe('%d8%aa%d9%82%d9%86%d9%8a%d8%a9');
    expect(wordpressSlug('مدخل-إلى-react-hooks')).toBe('%d9%85%d8%af%d8%ae%d9%84-%d8%a5%d9%84%d9%89-react-hooks');
    expect(wordpressSlug('hello_world-2')).toBe('hello_world-2');
    expect(decodeURIComponent(wordpressSlug('مقال-٢٠٢٤'))).toBe('مقال-٢٠٢٤');
  });

  it('cuts at 200 characters on a whole character, without a hyphen at the end (WordPress cuts there too)', () => {
    const long = wordpressSlug(`${'ب'.repeat(33)}-${'ت'.repeat(40)}`);
    expect(long).toBe('%d8%a8'.repeat(33));
    expect(long.length).toBe(198);
    expect(wordpressSlug('a'.repeat(250))).toBe('a'.repeat(200));
    expect(wordpressSlug(`${'a'.repeat(199)}-b`)).toBe('a'.repeat(199));
  });
});

describe('dates', () => {
  it('writes the date columns and RSS dates in WordPress’s forms, in UTC', () => {
    const date = new Date('2024-05-01T09:30:05.123Z');
    expect(wordpressDate(date)).toBe('2024-05-01 09:30:05');
    expect(rssDate(date)).toBe('Wed, 01 May 2024 09:30:05 +0000');
  });
});

describe('wxrHead and wxrItem', () => {
  const date = new Date('2024-05-01T09:30:00Z');
  const item: WxrItem = {
    id: 7,
    title: 'عنوان & <رمز>',
    link: 'https://blog.example/post/%D9%85',
    guid: 'https://blog.example/post/%D9%85',
    creator: 'author',
    content: '<p>a ]]> b</p>',
    excerpt: 'مقتطف',
    date,
    modified: date,
    commentStatus: 'open',
    name: '%d9%85',
    status: 'future',
    parent: 0,
    type: 'post',
    sticky: true,
    terms: [{ domain: 'post_tag', slug: 'c-sharp', name: 'C#' }],
    meta: [{ key: '_thumbnail_id', value: '12' }],
    comments: [
      { id: 3, author: 'قارئ', authorEmail: 'r@example.com', date, content: 'a &lt; b', parent: 0, userId: 0 },
      { id: 4, author: 'كاتب', authorEmail: 'a@example.com', date, content: 'رد', parent: 3, userId: 1 },
    ],
  };

  it('writes the channel, its one author and its terms as WordPress does', () => {
    const head = wxrHead(
      { title: 'مدوّنة', description: 'وصف', language: 'ar', baseUrl: 'https://blog.example', exportedAt: date },
      { id: 1, login: 'author', email: 'a@example.com', displayName: 'كاتب' },
      [{ termId: 2, slug: '%d8%aa', name: 'تقنية' }],
      [{ termId: 3, slug: 'c-sharp', name: 'C#' }],
    );
    expect(head.startsWith('<?xml version="1.0" encoding="UTF-8" ?>\n')).toBe(true);
    expect(head).toContain('xmlns:wp="http://wordpress.org/export/1.2/"');
    expect(head).toContain('\t<wp:wxr_version>1.2</wp:wxr_version>\n');
    expect(head).toContain('\t<wp:base_site_url>https://blog.example</wp:base_site_url>\n');
    expect(head).toContain('\t<pubDate>Wed, 01 May 2024 09:30:00 +0000</pubDate>\n');
    expect(head).toContain(
      '<wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[author]]></wp:author_login><wp:author_email><![CDATA[a@example.com]]></wp:author_email><wp:author_display_name><![CDATA[كاتب]]></wp:author_display_name><wp:author_first_name><![CDATA[]]></wp:author_first_name><wp:author_last_name><![CDATA[]]></wp:author_last_name></wp:author>',
    );
    expect(head).toContain(
      '\t<wp:category>\n\t\t<wp:term_id>2</wp:term_id>\n\t\t<wp:category_nicename><![CDATA[%d8%aa]]></wp:category_nicename>\n\t\t<wp:category_parent><![CDATA[]]></wp:category_parent>\n\t\t<wp:cat_name><![CDATA[تقنية]]></wp:cat_name>\n\t</wp:category>\n',
    );
    expect(head).toContain('\t\t<wp:tag_slug><![CDATA[c-sharp]]></wp:tag_slug>\n\t\t<wp:tag_name><![CDATA[C#]]></wp:tag_name>\n');
    expect(WXR_TAIL).toBe('</channel>\n</rss>\n');
  });

  it('writes an item element by element, one a line, in the order of WordPress’s exporter', () => {
    const xml = wxrItem(item);
    const names = [...xml.matchAll(/^\t\t<([\w:]+)/gm)].map((match) => match[1]);
    expect(names).toEqual([
      'title',
      'link',
      'pubDate',
      'dc:creator',
      'guid',
      'description',
      'content:encoded',
      'excerpt:encoded',
      'wp:post_id',
      'wp:post_date',
      'wp:post_date_gmt',
      'wp:post_modified',
      'wp:post_modified_gmt',
      'wp:comment_status',
      'wp:ping_status',
      'wp:post_name',
      'wp:status',
      'wp:post_parent',
      'wp:menu_order',
      'wp:post_type',
      'wp:post_password',
      'wp:is_sticky',
      'category',
      'wp:postmeta',
      'wp:comment',
      'wp:comment',
    ]);
    expect(xml).toContain('<title><![CDATA[عنوان & <رمز>]]></title>');
    expect(xml).toContain('<content:encoded><![CDATA[<p>a ]]]]><![CDATA[> b</p>]]></content:encoded>');
    expect(xml).toContain('<wp:post_date_gmt><![CDATA[2024-05-01 09:30:00]]></wp:post_date_gmt>');
    expect(xml).toContain('<wp:status><![CDATA[future]]></wp:status>');
    expect(xml).toContain('<wp:is_sticky>1</wp:is_sticky>');
    expect(xml).toContain('<category domain="post_tag" nicename="c-sharp"><![CDATA[C#]]></category>');
    expect(xml).toContain(
      '\t\t\t<wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key>\n\t\t\t<wp:meta_value><![CDATA[12]]></wp:meta_value>\n',
    );
    expect(xml).toContain('<wp:comment_parent>3</wp:comment_parent>\n\t\t\t<wp:comment_user_id>1</wp:comment_user_id>');
    expect(xml).not.toContain('wp:attachment_url');
  });

  it('gives an attachment its file', () => {
    const xml = wxrItem({
      ...item,
      type: 'attachment',
      status: 'inherit',
      attachmentUrl: 'https://blog.example/uploads/a.webp',
      comments: [],
    });
    expect(xml).toContain(
      '\t\t<wp:is_sticky>1</wp:is_sticky>\n\t\t<wp:attachment_url><![CDATA[https://blog.example/uploads/a.webp]]></wp:attachment_url>\n',
    );
  });
});
