import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../database/entities';
import { JsonRow, RowChecker, TableShape } from './row-checks';

/** The rules RowChecker applies, row by row, on the entities' own metadata (no database needed for the checks). */
describe('RowChecker', () => {
  let dataSource: DataSource;
  const shape = (table: string): TableShape => {
    const metadata = dataSource.entityMetadatas.find((candidate) => candidate.tableName === table);
    if (!metadata) throw new Error(`no entity for ${table}`);
    const columns = new Map(metadata.columns.map((column) => [column.databaseName, column]));
    return { metadata, columns };
  };
  const user: JsonRow = {
    id: 1,
    username: 'author',
    email: 'author@example.com',
    password: `$argon2id$v=19$m=65536,t=3,p=4$${'s'.repeat(22)}$${'h'.repeat(43)}`,
    name: 'كاتب',
    bio: null,
    avatarUrl: null,
    resetToken: 'a'.repeat(64),
    resetTokenExpiry: '2099-01-01T00:00:00.000Z',
  };
  const category = { id: 7, name: 'رحلات', slug: 'travel' };
  const post: JsonRow = {
    id: 1,
    title: 'عنوان',
    slug: 'عنوان',
    content: '<p onclick="x()">نص</p><script>alert(1)</script>',
    excerpt: null,
    featuredImage: '/uploads/a.jpg',
    categoryId: 7,
    authorId: 1,
    published: true,
    featured: true,
    publishAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    readTime: 1,
    tags: ['سفر'],
    metaTitle: null,
    metaDescription: null,
  };
  /** What checking `row` in `table` says, after a valid author and category (and the posts given) went through. */
  const problem = (table: string, row: unknown, posts: JsonRow[] = []): string | undefined => {
    const checker = new RowChecker({ withApiTokens: true });
    checker.check(shape('users'), user);
    checker.check(shape('categories'), category);
    for (const earlier of posts) checker.check(shape('posts'), earlier);
    try {
      checker.check(shape(table), row);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  beforeAll(async () => {
    dataSource = await new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: ENTITIES }).initialize();
  });
  afterAll(() => dataSource?.destroy());

  it('answers a valid row with typed values, HTML sanitised and the reset link cleared', () => {
    const checker = new RowChecker({ withApiTokens: false });
    expect(checker.check(shape('users'), user)).toMatchObject({ id: 1, resetToken: null, resetTokenExpiry: null });
    checker.check(shape('categories'), category);
    const checked = checker.check(shape('posts'), post);
    expect(checked.content).toBe('<p>نص</p>');
    expect(checked.createdAt).toEqual(new Date('2026-01-01T00:00:00.000Z'));
    expect(checker.skips('api_tokens')).toBe(true);
    expect(checker.skips('sessions')).toBe(true);
  });

  it.each([
    ['a key that is no column', { ...post, 'slug") SELECT 1 --': 'x' }, 'posts has no column "slug\\") SELECT 1 --"'],
    ['an inherited name', JSON.parse('{"__proto__": 1}'), 'posts has no column "__proto__"'],
    ['a required column missing', { ...post, title: undefined }, 'title is missing'],
    ['null where required', { ...post, title: null }, 'title is required'],
    ['text of the wrong type', { ...post, title: 5 }, 'title must be text'],
    ['untrimmed text', { ...post, title: ' x' }, 'title must be trimmed text'],
    ['text too long', { ...post, title: 'ق'.repeat(301) }, 'title is longer than 300 characters'],
    ['a NUL character', { ...post, excerpt: 'a\u0000b' }, 'excerpt holds a NUL character'],
    ['a slug that is not one', { ...post, slug: 'A b' }, 'slug must be a slug (lower-case letters, digits and -)'],
    ['a reserved slug', { ...post, slug: 'featured' }, 'slug "featured" is a reserved address'],
    ['an id that is text', { ...post, id: '1' }, 'id must be an id (a whole number from 1 to 2147483647)'],
    ['an id out of range', { ...post, id: 2 ** 31 }, 'id must be an id (a whole number from 1 to 2147483647)'],
    ['a fraction', { ...post, version: 1.5 }, 'version must be a whole number'],
    ['a boolean as text', { ...post, published: 'true' }, 'published must be true or false'],
    ['a date that is not one', { ...post, createdAt: '2026-02-30T00:00:00Z' }, 'createdAt must be an ISO 8601 date'],
    ['a dangling reference', { ...post, categoryId: 8 }, 'categoryId 8 points at no row of categories'],
    ['featured and not published', { ...post, published: false }, 'featured: only a published post can be featured'],
    [
      'too many tags',
      { ...post, tags: Array.from({ length: 31 }, (_, i) => `t${i}`) },
      'tags must be a list of at most 30 tags of 1 to 60 characters',
    ],
    [
      'an image that could close an attribute',
      { ...post, featuredImage: 'https://x/"><script>' },
      'featuredImage must be an http(s) URL or an /uploads/ path',
    ],
    ['a line that is no object', [post], 'a row must be a JSON object'],
  ])('refuses %s', (_what, row, message) => {
    const given = Array.isArray(row) ? row : Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));
    expect(problem('posts', given)).toBe(message);
  });

  it('refuses a value that must be unique twice, a second featured post, and a second account', () => {
    expect(problem('posts', { ...post, id: 2 }, [post])).toBe('slug "عنوان" is there twice');
    expect(problem('posts', { ...post, id: 2, slug: 'other' }, [post])).toBe('featured true is there twice');
    expect(problem('users', { ...user, id: 2, username: 'other', email: 'o@example.com' })).toBe('a second account: a blog has one author');
  });

  it('refuses credentials that are not hashes, enums outside their list, and settings the API would refuse', () => {
    expect(() => new RowChecker({ withApiTokens: true }).check(shape('users'), { ...user, password: 'secret-pass-1' })).toThrow(
      'password must be an argon2id hash',
    );
    expect(
      problem('api_tokens', {
        id: 1,
        userId: 1,
        name: 'CI',
        tokenHash: 'mdw_plain',
        createdAt: '2026-01-01T00:00:00Z',
        lastUsedAt: null,
        expiresAt: null,
      }),
    ).toBe('tokenHash must be a SHA-256 hash in hex');
    expect(
      problem('revisions', {
        id: 1,
        postId: null,
        pageId: null,
        kind: 'save',
        title: 't',
        content: 'c',
        authorId: 1,
        createdAt: '2026-01-01T00:00:00Z',
      }),
    ).toBe('a revision belongs to exactly one post or page (postId or pageId)');
    expect(problem('newsletter_subscribers', { id: 1, email: 'A@example.com', status: 'pending', createdAt: '2026-01-01T00:00:00Z' })).toBe(
      'email must be lower-case',
    );
    expect(
      problem('settings', { id: 1, key: 'homeLayout', value: '{"latestPostsCount": 1000}', updatedAt: '2026-01-01T00:00:00Z' }),
    ).toMatch(/^value is not a valid homeLayout: latestPostsCount must be between/);
    expect(problem('settings', { id: 1, key: 'socialLinks', value: '{"x": "y"}', updatedAt: '2026-01-01T00:00:00Z' })).toBe(
      'value is not a valid socialLinks: property x should not exist',
    );
  });
});
