import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { httpError } from '../common/error-body';
import { ContentTag } from './content-tags';
import { loaderTable, renderReader, type LoaderServices } from './loaders';
import type { OpenApiPaths } from '@mudawwana/rules';

const { paths } = JSON.parse(readFileSync(join(__dirname, '../../../openapi/openapi.json'), 'utf8')) as { paths: OpenApiPaths };

const notFound = () => Promise.reject(httpError(404, 'Not found'));
const post = (id: number, fields: Record<string, unknown> = {}) => ({ id, slug: `post-${id}`, ...fields });

/**
 * A small blog behind the services' public methods (what each returns is the services' own business, tested with
 * them): a category `news` (id 7), a tag `وسم`, an about page, three posts; anything else is not found.
 */
const services = {
  posts: {
    listPosts: async () => ({ items: [post(1), post(2)], total: 2 }),
    countPosts: async () => ({ all: 2, published: 2, scheduled: 0, drafts: 0 }),
    getFeaturedPost: async () => post(3),
    getPostBySlug: async (slug: string) =>
      slug === 'post-1'
        ? post(1, { categoryId: 7, authorId: 4, author: { name: 'A' }, previous: { slug: 'post-0' }, next: null })
        : slug === 'post-2'
          ? post(2, { categoryId: null, authorId: 4, author: null, previous: null, next: { slug: 'post-3' }, translationOfId: 1 })
          : notFound(),
  },
  categories: {
    listCategories: async () => [{ id: 7, slug: 'news' }],
    getCategoryBySlug: async (slug: string) => (slug === 'news' ? { id: 7, slug } : notFound()),
    idOfSlug: async (slug: string) => (slug === 'news' ? 7 : null),
  },
  pages: { getPageBySlug: async (slug: string) => (slug === 'about' ? { slug } : notFound()) },
  tags: {
    listTags: async () => [{ slug: 'وسم', name: 'وسم', count: 1 }],
    getTag: async (slug: string) => (slug === 'وسم' ? { slug, name: slug, count: 1 } : notFound()),
  },
  settings: {
    getSocialLinks: async () => ({}),
    getHomeLayout: async () => ({}),
    getDateDisplay: async () => ({ calendar: 'gregory', digits: 'latn' }),
  },
  auth: { registrationStatus: async () => ({ open: false, firstAccount: false, setupCodeRequired: false }) },
  search: { searchPosts: async () => ({ hits: [], total: 0 }) },
  federation: { account: async () => ({ account: '@blog@example.com' }) },
} as unknown as LoaderServices;

const read = renderReader(loaderTable(services), paths);
const tagsOf = async (url: string, query?: Record<string, unknown>) => (await read(url, query)).tags;

describe('the loader table', () => {
  it('tags a list of posts with every post on it, and the listing it follows', async () => {
    expect(await tagsOf('/api/posts', { published: true, limit: 6 })).toEqual([ContentTag.postLists, 'post:1', 'post:2']);
    expect(await tagsOf('/api/posts', { published: true, category: 'news' })).toEqual([ContentTag.categoryPosts(7), 'post:1', 'post:2']);
    expect(await tagsOf('/api/posts', { published: true, tag: 'وسم' })).toEqual([ContentTag.tagPosts('وسم'), 'post:1', 'post:2']);
    // No such category: the list follows the whole blog's (a category taking the slug changes it).
    expect(await tagsOf('/api/posts', { category: 'gone' })).toEqual([ContentTag.postLists, 'post:1', 'post:2']);
    expect(await tagsOf('/api/posts/counts')).toEqual([ContentTag.postLists]);
    expect(await tagsOf('/api/posts/counts', { category: 'news' })).toEqual([ContentTag.categoryPosts(7)]);
    expect(await tagsOf('/api/posts/featured')).toEqual([ContentTag.postLists, 'post:3']);
  });

  it('tags a post with its category, its neighbours’ links, its byline and its translation group', async () => {
    expect(await tagsOf('/api/posts/post-1')).toEqual([
      ContentTag.post(1),
      ContentTag.category(7),
      ContentTag.postLink('post-0'),
      ContentTag.author(4),
      ContentTag.translations(1),
    ]);
    // No category, no author shown (the byline is absent): only what the page shows; a translation, its original's group.
    expect(await tagsOf('/api/posts/post-2')).toEqual([ContentTag.post(2), ContentTag.postLink('post-3'), ContentTag.translations(1)]);
  });

  it('tags the lists, pages and settings a page reads', async () => {
    expect(await tagsOf('/api/categories')).toEqual([ContentTag.categories]);
    expect(await tagsOf('/api/categories/news')).toEqual([ContentTag.category(7), ContentTag.categoryPosts(7)]);
    expect(await tagsOf('/api/pages/about')).toEqual([ContentTag.pages]);
    expect(await tagsOf('/api/tags')).toEqual([ContentTag.tags]);
    expect(await tagsOf('/api/tags/%D9%88%D8%B3%D9%85')).toEqual([ContentTag.tagPosts('وسم')]);
    expect(await tagsOf('/api/social-links')).toEqual([ContentTag.socialLinks]);
    expect(await tagsOf('/api/home-layout')).toEqual([ContentTag.homeLayout]);
    expect(await tagsOf('/api/date-display')).toEqual([ContentTag.dateDisplay]);
    // The per-request screens' reads (never stored): nothing names them, so they would follow every change.
    expect(await tagsOf('/api/registration')).toEqual([ContentTag.all]);
    expect(await tagsOf('/api/search', { q: 'كلمة' })).toEqual([ContentTag.all]);
  });

  it('answers a slug nobody has with the 404 the browser would get, tagged so the stored 404 follows the slug', async () => {
    // A post: its link (the post coming back, renamed to it or published under it rebuilds the 404).
    expect(await read('/api/posts/gone', undefined)).toEqual({
      status: 404,
      data: expect.objectContaining({ statusCode: 404 }),
      tags: [ContentTag.postLink('gone')],
    });
    // A static page: the pages (/about shows its fallback until the author writes it).
    expect(await read('/api/pages/contact', undefined)).toMatchObject({ status: 404, tags: [ContentTag.pages] });
    // A category or a tag: nothing of its own (its lists of posts follow a category or a post taking the slug).
    expect(await read('/api/categories/gone', undefined)).toMatchObject({ status: 404, tags: [] });
    expect(await read('/api/tags/gone', undefined)).toMatchObject({ status: 404, tags: [] });
  });

  it('answers as over HTTP: nothing as a 204, JSON bodies, a bad query as a 400', async () => {
    const table = loaderTable({ ...services, posts: { ...services.posts, getFeaturedPost: async () => null } });
    expect(await renderReader(table, paths)('/api/posts/featured', undefined)).toEqual({
      status: 204,
      data: '',
      tags: [ContentTag.postLists],
    });
    expect(await read('/api/posts', { limit: 'many' })).toMatchObject({ status: 400 });
    expect(await read('/api/posts', { nonsense: 1 })).toMatchObject({ status: 400 });
  });

  it('fails loudly on a read it does not load, rather than guessing what the page shows', async () => {
    await expect(read('/api/user', undefined)).rejects.toThrow('getCurrentUser');
    await expect(read('/api/nothing', undefined)).rejects.toThrow('no operation');
  });

  it('has an entry for GET operations only, each one of the API', () => {
    const gets = new Set(Object.values(paths).flatMap((item) => [(item?.get as { operationId?: string } | undefined)?.operationId]));
    for (const operationId of Object.keys(loaderTable(services))) expect(gets).toContain(operationId);
  });
});
