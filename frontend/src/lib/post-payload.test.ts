import { describe, expect, it } from 'vitest';
import { BLOG_NAME } from '@mudawwana/rules';
import { buildPostPayload, emptyPostForm, formsDiffer, parseTags, postToForm } from './post-payload';

const base = { ...emptyPostForm, title: '  عنوان المقال ', content: '<p>hello world</p>' };

describe('parseTags', () => {
  it('splits on commas, trims and drops empties', () => {
    expect(parseTags(' react, , node ,  ,ts')).toEqual(['react', 'node', 'ts']);
  });
  it('accepts the Arabic comma too', () => {
    expect(parseTags('برمجة، ويب')).toEqual(['برمجة', 'ويب']);
  });
  it('returns an empty list for blank text', () => {
    expect(parseTags('  ,  ')).toEqual([]);
  });
});

describe('buildPostPayload', () => {
  it('omits empty optionals and the empty tag list', () => {
    const payload = buildPostPayload({ ...base, tags: ' , ' }, false);
    expect(payload).toEqual({
      title: 'عنوان المقال',
      content: '<p>hello world</p>',
      authorId: 1,
      published: false,
      readTime: 1,
      metaTitle: `عنوان المقال | ${BLOG_NAME}`,
      language: 'ar',
      translationOfId: null,
    });
    expect('tags' in payload).toBe(false);
    expect('slug' in payload).toBe(false);
    expect('categoryId' in payload).toBe(false);
  });

  it('keeps filled fields, parses the category and tags', () => {
    const payload = buildPostPayload(
      {
        ...base,
        slug: ' my-post ',
        categoryId: '7',
        tags: 'a, b,',
        excerpt: 'short',
        featuredImage: '/uploads/x.webp',
        metaTitle: 'Custom',
        metaDescription: 'desc',
        createdAt: '2024-03-05T10:00:00.000Z',
      },
      true,
    );
    expect(payload).toMatchObject({
      slug: 'my-post',
      categoryId: 7,
      tags: ['a', 'b'],
      excerpt: 'short',
      featuredImage: '/uploads/x.webp',
      metaTitle: 'Custom',
      metaDescription: 'desc',
      published: true,
      createdAt: '2024-03-05T10:00:00.000Z',
    });
  });

  it('uses title + blog name when the meta title is blank', () => {
    expect(buildPostPayload({ ...base, metaTitle: '   ' }, true).metaTitle).toBe(`عنوان المقال | ${BLOG_NAME}`);
  });

  it('computes readTime from the content, Arabic words at their own (slower) rate', () => {
    const words = (word: string) => Array.from({ length: 401 }, (_, i) => `${word}${i}`).join(' ');
    expect(buildPostPayload({ ...base, content: `<p>${words('w')}</p>` }, false).readTime).toBe(2);
    expect(buildPostPayload({ ...base, content: `<p>${words('كلمة')}</p>` }, false).readTime).toBe(3);
  });

  it('drops an invalid date', () => {
    expect('createdAt' in buildPostPayload({ ...base, createdAt: 'not a date' }, false)).toBe(false);
  });
});

describe('postToForm / formsDiffer', () => {
  it('round-trips a post into form values', () => {
    const form = postToForm({ title: 't', slug: 's', content: 'c', tags: ['a', 'b'], categoryId: 3, excerpt: null });
    expect(form.tags).toBe('a, b');
    expect(form.categoryId).toBe('3');
    expect(form.excerpt).toBe('');
    expect(formsDiffer(form, { ...form })).toBe(false);
    expect(formsDiffer(form, { ...form, title: 'x' })).toBe(true);
  });

  it('takes Arabic and no translation for a post saved before languages, and sends the language in canonical form', () => {
    const form = postToForm({ title: 't', slug: 's', content: 'c' });
    expect(form).toMatchObject({ language: 'ar', translationOfId: '' });
    expect(postToForm({ title: 't', slug: 's', content: 'c', language: 'en', translationOfId: 12 })).toMatchObject({
      language: 'en',
      translationOfId: '12',
    });
    const payload = buildPostPayload({ ...base, language: 'EN-us', translationOfId: '12' }, true);
    expect(payload).toMatchObject({ language: 'en-US', translationOfId: 12 });
    // a tag Intl refuses goes as typed, for the server to say why (400 LANGUAGE_INVALID)
    expect(buildPostPayload({ ...base, language: 'not a tag' }, true).language).toBe('not a tag');
    expect(buildPostPayload({ ...base, language: '  ' }, true).language).toBe('ar');
  });
});
