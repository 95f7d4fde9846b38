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
    ['a language the API would not store', { ...post, language: 'EN-us' }, 'language must be a canonical BCP 47 tag'],
    ['a translation of no post', { ...post, translationOfId: 9 }, 'translationOfId 9 points at no row of posts'],
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
    expect(problem('settings', { id: 1, key: 'dateDisplay', value: '{"calendar": "julian"}', updatedAt: '2026-01-01T00:00:00Z' })).toMatch(
      /^value is not a valid dateDisplay: calendar must be one of/,
    );
    expect(
      problem('settings', {
        id: 1,
        key: 'dateDisplay',
        value: '{"calendar": "islamic-umalqura", "digits": "arab"}',
        updatedAt: '2026-01-01T00:00:00Z',
      }),
    ).toBeUndefined();
  });

  describe('redirects', () => {
    const redirect: JsonRow = {
      id: 1,
      fromPath: '/2019/05/مقال.html',
      toPath: '/post/مقال',
      status: 301,
      createdAt: '2026-01-01T00:00:00Z',
    };
    const checked = (rows: JsonRow[]) => {
      const checker = new RowChecker({ withApiTokens: false });
      try {
        for (const row of rows) checker.check(shape('redirects'), row);
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    };

    it('lets through the rows the API stores', () => {
      expect(
        checked([redirect, { ...redirect, id: 2, fromPath: '/?p=12', toPath: 'https://example.org/x?a=1', status: 302 }]),
      ).toBeUndefined();
    });

    it.each([
      [
        'an address not normalised',
        { fromPath: '/2019/05/%D9%85.html' },
        'fromPath "/2019/05/%D9%85.html" is not an address the API stores a redirect from',
      ],
      ["one of the blog's own paths", { fromPath: '/api/posts' }, 'fromPath "/api/posts" is not an address the API stores a redirect from'],
      [
        'a target that is no address',
        { toPath: 'javascript:alert(1)' },
        'toPath "javascript:alert(1)" is neither a local path nor an http(s) URL',
      ],
      [
        'another host written as a path',
        { toPath: '//evil.example/' },
        'toPath "//evil.example/" is neither a local path nor an http(s) URL',
      ],
      ['a redirect to itself', { toPath: '/2019/05/مقال.html' }, 'toPath leads back to fromPath'],
      ['a status that is not a redirect', { status: 200 }, 'status must be 301 or 302'],
    ])('refuses %s', (_what, change, message) => {
      expect(checked([{ ...redirect, ...change }])).toBe(message);
    });

    it('refuses two redirects from one address', () => {
      expect(checked([redirect, { ...redirect, id: 2 }])).toBe('fromPath "/2019/05/مقال.html" is there twice');
    });
  });

  describe('comments', () => {
    const published = { ...post, featured: false, commentCount: 2 };
    const other = { ...published, id: 2, slug: 'other', commentCount: 0 };
    const comment: JsonRow = {
      id: 1,
      postId: 1,
      parentId: null,
      authorName: 'سارة',
      authorEmail: 'sara@example.com',
      byAuthor: false,
      content: 'تعليق مفيد',
      status: 'approved',
      holdReason: 'first-comment',
      addressKey: 'a'.repeat(64),
      replyNotice: 'confirmed',
      replyTokenHash: 'b'.repeat(64),
      moderationTokenHash: 'c'.repeat(64),
      createdAt: '2026-01-02T00:00:00.000Z',
    };
    const reply: JsonRow = {
      ...comment,
      id: 2,
      parentId: 1,
      authorName: 'كاتب',
      authorEmail: null,
      byAuthor: true,
      holdReason: null,
      addressKey: null,
      replyNotice: 'none',
      replyTokenHash: null,
      moderationTokenHash: null,
    };
    /** A checker that let the author, a category, two posts and `comments` through. */
    const checkerWith = (...comments: JsonRow[]) => {
      const checker = new RowChecker({ withApiTokens: false });
      checker.check(shape('users'), user);
      checker.check(shape('categories'), category);
      checker.check(shape('posts'), published);
      checker.check(shape('posts'), other);
      for (const row of comments) checker.check(shape('comments'), row);
      return checker;
    };
    const commentProblem = (row: JsonRow, before: JsonRow[] = [comment, reply]): string | undefined => {
      const checker = checkerWith(...before);
      try {
        checker.check(shape('comments'), row);
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    };

    it('lets a comment and its reply through, and checks the post counts against the approved ones', () => {
      const checker = checkerWith(comment, reply);
      expect(checker.countProblem()).toBeUndefined();
      expect(checkerWith(comment).countProblem()).toBe('the post of id 1 has commentCount 2, but 1 approved comments');
      expect(checkerWith(comment, { ...reply, status: 'pending' }).countProblem()).toBe(
        'the post of id 1 has commentCount 2, but 1 approved comments',
      );
      // The solved challenges are never restored (nor backed up).
      expect(checker.skips('comment_challenges')).toBe(true);
    });

    it.each([
      ['a state outside the list', { ...reply, status: 'deleted' }, 'status must be one of pending, approved, spam, rejected'],
      ['a parent on another post', { ...reply, postId: 2 }, 'parentId 1 is a comment of another post'],
      ['a parent that is not there', { ...reply, parentId: 9 }, 'parentId 9 points at no row of comments'],
      ['a reply to a reply', { ...reply, parentId: 2 }, 'parentId 2 is a reply (a reply answers a top-level comment)'],
      [
        'a hold reason outside the list',
        { ...reply, holdReason: 'mood' },
        'holdReason must be one of moderation, first-comment, blocklist, links',
      ],
      [
        'a reply notice outside the list',
        { ...reply, replyNotice: 'always' },
        'replyNotice must be one of none, pending, confirmed, stopped',
      ],
      ['a token that is no hash', { ...reply, moderationTokenHash: 'plain-token' }, 'moderationTokenHash must be a SHA-256 hash in hex'],
      ['an address that is no hash', { ...reply, addressKey: '203.0.113.7' }, 'addressKey must be a SHA-256 hash in hex'],
      ['an email in capitals', { ...reply, authorEmail: 'Sara@example.com' }, 'authorEmail must be lower-case'],
      ['a name too short', { ...reply, authorName: 'x' }, 'authorName is required'],
      ['a name too long', { ...reply, authorName: 'ن'.repeat(81) }, 'authorName is longer than 80 characters'],
      ['untrimmed text', { ...reply, content: ' نص ' }, 'content must be trimmed text'],
      ['text too long', { ...reply, content: 'ن'.repeat(5001) }, 'content is longer than 5000 characters'],
      ['a post that is not there', { ...comment, postId: 9 }, 'postId 9 points at no row of posts'],
      [
        'a token twice',
        { ...comment, id: 3 },
        'replyTokenHash "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" is there twice',
      ],
    ])('refuses %s', (_what, row, message) => {
      expect(commentProblem({ ...row, id: 3 })).toBe(message);
    });

    it("refuses a post's comment policy or count the API would not store, and checks the comment settings by their DTO", () => {
      expect(problem('posts', { ...post, commentCount: -1 })).toBe('commentCount must be at least 0');
      expect(problem('posts', { ...post, commentsCloseAfterDays: 0 })).toBe('commentsCloseAfterDays must be from 1 to 3650');
      expect(problem('posts', { ...post, commentsOpen: 'yes' })).toBe('commentsOpen must be true or false');
      const settings = (value: object) => ({ id: 1, key: 'comments', value: JSON.stringify(value), updatedAt: '2026-01-01T00:00:00Z' });
      expect(
        problem('settings', settings({ enabled: true, moderation: 'hold-first', maxLinks: 2, blocklist: ['كازينو'] })),
      ).toBeUndefined();
      expect(problem('settings', settings({ moderation: 'hold-some' }))).toMatch(
        /^value is not a valid comments: moderation must be one of/,
      );
      expect(problem('settings', settings({ maxLinks: 51 }))).toBe('value is not a valid comments: maxLinks must not be greater than 50');
    });
  });
});
