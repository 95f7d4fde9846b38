import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Response } from 'superagent';
import TestAgent from 'supertest/lib/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { quickChallenges, solvedChallenge } from '../support/comments';
import { createPost } from '../support/helpers';
import { AUTHOR, sharedTestApp } from '../support/test-app';

/**
 * Export to leave (issue 25): GET /api/export/wxr, the whole blog as a WordPress WXR 1.2 file, read back with a real
 * XML parser and checked field by field against what the API says of the same blog.
 */
const ORIGIN = 'https://blog.example.com';

/** The body as the bytes that came over the wire (superagent buffers only text and JSON by itself). */
function bytes(response: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => ['item', 'wp:category', 'wp:tag', 'category', 'wp:postmeta', 'wp:comment'].includes(name),
});

type Node = Record<string, any>;

describe('GET /api/export/wxr', () => {
  const t = sharedTestApp({ PUBLIC_URL: ORIGIN });
  let author: TestAgent;
  let xml: string;
  let channel: Node;
  let response: Response;
  const seeded: Record<string, Record<string, any>> = {};
  const before = new Date();

  const wxr = async (agent: TestAgent, status = 200) => agent.get('/api/export/wxr').buffer(true).parse(bytes).expect(status);
  const items = (type: string) => (channel.item as Node[]).filter((item) => item['wp:post_type'] === type);
  const itemOf = (id: number) => (channel.item as Node[]).find((item) => item['wp:post_id'] === String(id))!;

  beforeAll(async () => {
    author = await t.author();
    quickChallenges(t.app);
    const category = (await author.post('/api/categories').send({ name: 'تقنية' }).expect(201)).body;
    seeded.published = await createPost(author, {
      title: 'مقال عربي ]]> بعلامة CDATA',
      slug: 'مدخل-إلى-البرمجة',
      content:
        '<p>نص عربي ]]> داخل المحتوى، <a href="/post/مقال-آخر">رابط داخلي</a> و<a href="https://other.example/x">خارجي</a></p>' +
        '<img src="/uploads/inline.webp" alt="صورة"><img src="https://img.example/hotlinked.png"><pre><code>&lt;img src="/uploads/not-an-image.webp"&gt;</code></pre>',
      excerpt: 'مقتطف ]]> المقال',
      categoryId: category.id,
      tags: ['React', 'برمجة', 'C#'],
      featuredImage: '/uploads/cover.webp',
      published: true,
      featured: true,
      createdAt: '2024-03-01T08:00:00.000Z',
    });
    const publishAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    seeded.scheduled = await createPost(author, { title: 'مقال مجدول', slug: 'مقال-مجدول', published: true, publishAt });
    seeded.draft = await createPost(author, { title: 'Draft in English', slug: 'a-draft', commentsOpen: false });
    seeded.page = (
      await author
        .post('/api/pages')
        .send({ title: 'من نحن', slug: 'من-نحن', content: '<p>صفحة <img src="/uploads/inline.webp"></p>' })
        .expect(201)
    ).body;

    /** A reader's comment, as the author's list shows it (the reader's answer has no id). */
    const comment = async (name: string, email: string, content: string) => {
      const reader = t.agent();
      await reader
        .post(`/api/posts/${seeded.published.id}/comments`)
        .send({ name, email, content, altcha: await solvedChallenge(reader) })
        .expect(201);
      const { items } = (await author.get(`/api/comments?postId=${seeded.published.id}`).expect(200)).body;
      return items.find((item: Record<string, any>) => item.authorName === name);
    };
    seeded.approved = await comment('قارئة', 'reader@example.com', 'تعليق <b>جميل</b> ]]> & مفيد\nسطر ثانٍ');
    await author.patch(`/api/comments/${seeded.approved.id}`).send({ status: 'approved' }).expect(200);
    seeded.reply = (await author.post(`/api/comments/${seeded.approved.id}/replies`).send({ content: 'شكرًا لك' }).expect(201)).body;
    seeded.pending = await comment('زائر', 'visitor@example.com', 'تعليق ينتظر المراجعة');
    // as it is now (the approved comment's count is the post's)
    seeded.published = (await author.get(`/api/posts/id/${seeded.published.id}`).expect(200)).body;

    response = await wxr(author);
    xml = (response.body as Buffer).toString('utf8');
    channel = parser.parse(xml).rss.channel;
  });

  it('needs a signed-in author or an API token', async () => {
    const anonymous = await t.agent().get('/api/export/wxr').expect(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401, code: 'NOT_SIGNED_IN' });
    const token = (await author.post('/api/tokens').send({ name: 'backup script' }).expect(201)).body.token as string;
    const scripted = await wxr(t.agent().set('Authorization', `Bearer ${token}`));
    expect((scripted.body as Buffer).toString('utf8')).toContain('<wp:wxr_version>1.2</wp:wxr_version>');
  });

  it('answers a download named after the day, never cached', () => {
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="mudawwana-${new Date().toISOString().slice(0, 10)}.xml"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('is well-formed UTF-8 XML, Arabic as letters', () => {
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(response.body as Buffer)).not.toThrow();
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" ?>')).toBe(true);
    expect(xml).toContain('<![CDATA[من نحن]]>');
  });

  it('is WXR 1.2 with the namespaces WordPress writes, and describes the blog and its one author', () => {
    const rss = parser.parse(xml).rss;
    expect(rss['@version']).toBe('2.0');
    expect(rss['@xmlns:wp']).toBe('http://wordpress.org/export/1.2/');
    expect(rss['@xmlns:excerpt']).toBe('http://wordpress.org/export/1.2/excerpt/');
    expect(rss['@xmlns:content']).toBe('http://purl.org/rss/1.0/modules/content/');
    expect(rss['@xmlns:wfw']).toBe('http://wellformedweb.org/CommentAPI/');
    expect(rss['@xmlns:dc']).toBe('http://purl.org/dc/elements/1.1/');
    expect(channel).toMatchObject({
      title: 'مدوّنة',
      link: ORIGIN,
      language: 'ar',
      'wp:wxr_version': '1.2',
      'wp:base_site_url': ORIGIN,
      'wp:base_blog_url': ORIGIN,
    });
    expect(Date.parse(channel.pubDate)).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);
    expect(channel['wp:author']).toMatchObject({
      'wp:author_login': AUTHOR.username,
      'wp:author_email': AUTHOR.email,
      'wp:author_display_name': AUTHOR.name,
    });
  });

  it('lists the categories and tags with their slugs percent-encoded as WordPress stores them', () => {
    // the categories every blog starts with, and the one made here
    const categories = channel['wp:category'] as Node[];
    expect(categories.length).toBeGreaterThan(1);
    for (const category of categories) expect(category['wp:category_parent']).toBe('');
    expect(categories.find((category) => category['wp:cat_name'] === 'تقنية')).toEqual({
      'wp:term_id': String(seeded.published.categoryId),
      'wp:category_nicename': '%d8%aa%d9%82%d9%86%d9%8a%d8%a9',
      'wp:category_parent': '',
      'wp:cat_name': 'تقنية',
    });
    const tags = (channel['wp:tag'] as Node[]).map((tag) => [tag['wp:tag_slug'], tag['wp:tag_name']]);
    expect(tags.sort()).toEqual(
      [
        ['%d8%a8%d8%b1%d9%85%d8%ac%d8%a9', 'برمجة'],
        ['c-sharp', 'C#'],
        ['react', 'React'],
      ].sort(),
    );
    const termIds = [...channel['wp:category'], ...channel['wp:tag']].map((term: Node) => term['wp:term_id']);
    expect(new Set(termIds).size).toBe(termIds.length);
  });

  it('writes the published post field by field: slug, dates, status, sticky, terms, featured image, absolute addresses', () => {
    const post = seeded.published;
    const item = itemOf(post.id);
    const link = `${ORIGIN}/post/${encodeURIComponent('مدخل-إلى-البرمجة')}`;
    expect(item).toMatchObject({
      title: 'مقال عربي ]]> بعلامة CDATA',
      link,
      pubDate: 'Fri, 01 Mar 2024 08:00:00 +0000',
      'dc:creator': AUTHOR.username,
      guid: { '#text': link, '@isPermaLink': 'false' },
      'excerpt:encoded': 'مقتطف ]]> المقال',
      'wp:post_date': '2024-03-01 08:00:00',
      'wp:post_date_gmt': '2024-03-01 08:00:00',
      'wp:comment_status': 'open',
      'wp:ping_status': 'closed',
      'wp:post_name': '%d9%85%d8%af%d8%ae%d9%84-%d8%a5%d9%84%d9%89-%d8%a7%d9%84%d8%a8%d8%b1%d9%85%d8%ac%d8%a9',
      'wp:status': 'publish',
      'wp:post_parent': '0',
      'wp:menu_order': '0',
      'wp:post_type': 'post',
      'wp:post_password': '',
      'wp:is_sticky': '1',
    });
    expect(decodeURIComponent(item['wp:post_name'])).toBe('مدخل-إلى-البرمجة');
    expect(item['wp:post_modified_gmt']).toBe(post.updatedAt.slice(0, 19).replace('T', ' '));
    expect(item.category).toEqual([
      { '@domain': 'category', '@nicename': '%d8%aa%d9%82%d9%86%d9%8a%d8%a9', '#text': 'تقنية' },
      { '@domain': 'post_tag', '@nicename': 'react', '#text': 'React' },
      { '@domain': 'post_tag', '@nicename': '%d8%a8%d8%b1%d9%85%d8%ac%d8%a9', '#text': 'برمجة' },
      { '@domain': 'post_tag', '@nicename': 'c-sharp', '#text': 'C#' },
    ]);
    // The HTML as stored (]]> in the text is &gt; there), its root-relative addresses made absolute.
    const stored = post.content as string;
    expect(stored).toContain(' ]]&gt; ');
    expect(item['content:encoded']).toBe(
      stored
        .replace('href="/post/مقال-آخر"', `href="${ORIGIN}/post/مقال-آخر"`)
        .replace('src="/uploads/inline.webp"', `src="${ORIGIN}/uploads/inline.webp"`),
    );
    expect(item['content:encoded']).toContain('&lt;img src="/uploads/not-an-image.webp"&gt;');
  });

  it('writes the featured image and each uploaded image once as an attachment of the post, with ids after every post and page', () => {
    const attachments = items('attachment');
    expect(attachments.map((item) => item['wp:attachment_url'])).toEqual([`${ORIGIN}/uploads/cover.webp`, `${ORIGIN}/uploads/inline.webp`]);
    const lastId = Math.max(seeded.draft.id, seeded.scheduled.id, seeded.published.id) + seeded.page.id;
    for (const attachment of attachments) {
      expect(Number(attachment['wp:post_id'])).toBeGreaterThan(lastId);
      expect(attachment).toMatchObject({
        'wp:post_type': 'attachment',
        'wp:status': 'inherit',
        'wp:post_parent': String(seeded.published.id),
        guid: { '#text': attachment['wp:attachment_url'] },
        'wp:post_date_gmt': '2024-03-01 08:00:00',
      });
    }
    expect(attachments[0].title).toBe('cover');
    const post = itemOf(seeded.published.id);
    expect(post['wp:postmeta']).toEqual([{ 'wp:meta_key': '_thumbnail_id', 'wp:meta_value': attachments[0]['wp:post_id'] }]);
    // Written before the post that first shows them; the page showing the same image reuses it.
    const order = (channel.item as Node[]).map((item) => item['wp:post_id']);
    expect(order.indexOf(attachments[1]['wp:post_id'])).toBeLessThan(order.indexOf(String(seeded.published.id)));
    const ids = order.map(Number);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("writes the post's approved comment and the author's reply, and not the one still waiting", () => {
    const comments = itemOf(seeded.published.id)['wp:comment'] as Node[];
    expect(comments).toHaveLength(2);
    const [comment, reply] = comments;
    expect(comment).toMatchObject({
      'wp:comment_id': String(seeded.approved.id),
      'wp:comment_author': 'قارئة',
      'wp:comment_author_email': 'reader@example.com',
      'wp:comment_author_url': '',
      'wp:comment_content': 'تعليق &lt;b&gt;جميل&lt;/b&gt; ]]&gt; &amp; مفيد\nسطر ثانٍ',
      'wp:comment_approved': '1',
      'wp:comment_type': 'comment',
      'wp:comment_parent': '0',
      'wp:comment_user_id': '0',
    });
    expect(comment['wp:comment_date_gmt']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(reply).toMatchObject({
      'wp:comment_id': String(seeded.reply.id),
      'wp:comment_author': AUTHOR.name,
      'wp:comment_author_email': AUTHOR.email,
      'wp:comment_content': 'شكرًا لك',
      'wp:comment_parent': String(seeded.approved.id),
      'wp:comment_user_id': String(channel['wp:author']['wp:author_id']),
    });
    expect(xml).not.toContain('تعليق ينتظر المراجعة');
    expect(xml).not.toContain('visitor@example.com');
  });

  it('writes the scheduled post as future at its time, the draft as draft, and the page with an id after the posts', () => {
    const scheduled = itemOf(seeded.scheduled.id);
    expect(scheduled).toMatchObject({
      'wp:status': 'future',
      'wp:is_sticky': '0',
      'wp:post_name': '%d9%85%d9%82%d8%a7%d9%84-%d9%85%d8%ac%d8%af%d9%88%d9%84',
    });
    expect(scheduled['wp:post_date_gmt']).toBe(seeded.scheduled.publishAt.slice(0, 19).replace('T', ' '));
    expect(scheduled.category).toBeUndefined();
    const draft = itemOf(seeded.draft.id);
    expect(draft).toMatchObject({
      'wp:status': 'draft',
      'wp:post_name': 'a-draft',
      'wp:comment_status': 'closed',
      title: 'Draft in English',
    });
    expect(draft['wp:comment']).toBeUndefined();

    const [page] = items('page');
    const lastPostId = Math.max(seeded.draft.id, seeded.scheduled.id, seeded.published.id);
    expect(page).toMatchObject({
      'wp:post_id': String(lastPostId + seeded.page.id),
      title: 'من نحن',
      link: `${ORIGIN}/${encodeURIComponent('من-نحن')}`,
      'wp:post_name': '%d9%85%d9%86-%d9%86%d8%ad%d9%86',
      'wp:status': 'publish',
      'wp:comment_status': 'closed',
      'wp:post_parent': '0',
      'excerpt:encoded': '',
    });
    expect(page['content:encoded']).toBe(`<p>صفحة <img src="${ORIGIN}/uploads/inline.webp" /></p>`);
    expect(page['wp:postmeta']).toBeUndefined();
    expect(items('post').map((item) => item['wp:post_id'])).toEqual(
      [seeded.published.id, seeded.scheduled.id, seeded.draft.id].map(String),
    );
  });
});
