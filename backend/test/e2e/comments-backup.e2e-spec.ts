import { rmSync } from 'node:fs';
import { join } from 'node:path';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Archive, backupRoundTrip, type Place } from '../support/backup-commands';
import { buildBackend } from '../support/build';
import { quickChallenges, solvedChallenge } from '../support/comments';
import { NEEDS_POSTGRES_SERVER, postgresServer } from '../support/conditions';
import { createPost } from '../support/helpers';
import { AUTHOR, startTestApp, type TestApp } from '../support/test-app';

/**
 * Comments in backups (issue 24): a blog with comments, replies, held and spam ones, reply notices, comment settings
 * and posts' comment policies goes through backup → the other driver → the project's driver with every row, and the
 * restored blog shows the same comments and counts. A comment row the API could not have written (a state outside
 * the list, a reply on another post, a count that lies) refuses the whole backup, naming the line, and changes
 * nothing. Solved challenges are never in a backup.
 */
describe.runIf(postgresServer)('comments in backup and restore', NEEDS_POSTGRES_SERVER, () => {
  const { here, there, work, commands } = backupRoundTrip('mudawwana-comments-backup-');
  let source: TestApp;
  let author: TestAgent;
  let archiveFile: string;
  let archive: Archive;
  let open: Record<string, any>;
  let closed: Record<string, any>;

  let address = 0;
  /** A reader's comment (a solved challenge, an address of its own), answered `status`. */
  async function comment(app: TestApp, postId: number, fields: Record<string, unknown>, status = 201) {
    const reader = app.agent();
    address += 1;
    return reader
      .post(`/api/posts/${postId}/comments`)
      .set('X-Forwarded-For', `10.9.0.${address}`)
      .send({ name: 'قارئ', content: 'تعليق', ...fields, altcha: await solvedChallenge(reader) })
      .expect(status);
  }
  const commentsOf = async (agent: TestAgent, postId: number) =>
    (await agent.get(`/api/comments?postId=${postId}`).expect(200)).body.items as Record<string, any>[];

  /** What readers and the author see of the comments, the same on any copy of the blog. */
  async function commentsAsSeenThrough(app: TestApp, signedIn: TestAgent) {
    const get = async (agent: TestAgent, url: string) => (await agent.get(url).expect(200)).body;
    const reader = app.agent();
    return {
      cards: (await get(reader, '/api/posts?limit=50')).map((post: Record<string, any>) => [post.slug, post.commentCount]),
      posts: await Promise.all(
        [open, closed].map(async (post) => {
          const { commentCount, commentsOpen, commentsCloseAfterDays } = await get(reader, `/api/posts/${post.slug}`);
          return { commentCount, commentsOpen, commentsCloseAfterDays, comments: await get(reader, `/api/posts/${post.slug}/comments`) };
        }),
      ),
      list: await get(signedIn, '/api/comments'),
      counts: await get(signedIn, '/api/comments/counts'),
      settings: await get(signedIn, '/api/comments/settings'),
    };
  }

  beforeAll(async () => {
    await buildBackend();
    source = await startTestApp({ TRUST_PROXY: 'true' });
    quickChallenges(source.app);
    author = await source.author();
    await author
      .patch('/api/comments/settings')
      .send({ blocklist: ['كازينو'], maxLinks: 3 })
      .expect(200);
    open = await createPost(author, { published: true, title: 'مقال التعليقات', commentsCloseAfterDays: 3650 });
    closed = await createPost(author, { published: true, title: 'مقال أغلقت تعليقاته' });

    // A thread: a reader's comment (reply notices asked and confirmed below), a reader's reply, the author's reply.
    await comment(source, open.id, { name: 'سارة', email: 'sara@example.com', content: 'سؤال عن المقال', notifyReplies: true });
    const [top] = await commentsOf(author, open.id);
    await author.patch(`/api/comments/${top.id}`).send({ status: 'approved' }).expect(200);
    await comment(source, open.id, { name: 'علي', content: 'وأنا أيضًا', parentId: top.id });
    const [readerReply] = await commentsOf(author, open.id);
    await author.patch(`/api/comments/${readerReply.id}`).send({ status: 'approved' }).expect(200);
    await author.post(`/api/comments/${readerReply.id}/replies`).send({ content: 'شكرًا لكما' });
    // Held, spam and rejected ones, and one on the post closed afterwards.
    await comment(source, open.id, { content: 'العب في الكازينو' });
    await comment(source, open.id, { content: 'رسالة مزعجة' });
    await comment(source, open.id, { content: 'مرفوض' });
    const [rejected, spam] = await commentsOf(author, open.id);
    await author
      .post('/api/comments/bulk')
      .send({ ids: [spam.id], action: 'spam' })
      .expect(200);
    await author
      .post('/api/comments/bulk')
      .send({ ids: [rejected.id], action: 'reject' })
      .expect(200);
    await comment(source, closed.id, { name: 'ليلى', email: 'layla@example.com', content: 'قبل الإغلاق' });
    const [beforeClosing] = await commentsOf(author, closed.id);
    await author.patch(`/api/comments/${beforeClosing.id}`).send({ status: 'approved' }).expect(200);
    await author.put(`/api/posts/${closed.id}`).send({ commentsOpen: false }).expect(200);

    archiveFile = await commands.backup({ DATA_DIR: source.dataDir, DATABASE_URL: source.databaseUrl ?? '' }, 'comments.tar.gz');
    archive = await commands.readArchive(archiveFile);
  }, 240_000);

  afterAll(async () => {
    await source?.close();
    await commands.dropDatabases();
    rmSync(work, { recursive: true, force: true });
  });

  const restore = async (file: string, place: Place) => {
    const result = await commands.command('restore', [file], place.env);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    return result;
  };

  it('holds the comments, the posts’ comment columns and the comment settings, and no solved challenge', async () => {
    expect(archive.manifest.tables).toMatchObject({ comments: 7, posts: 2 });
    expect(Object.keys(archive.manifest.tables)).not.toContain('comment_challenges');
    expect(Object.keys(archive.tables)).not.toContain('comment_challenges');
    // The source did store solved challenges: they are left out, not missing.
    const stored = await source.app.get(DataSource).query('SELECT COUNT(*) AS count FROM comment_challenges');
    expect(Number(stored[0].count)).toBeGreaterThan(0);

    const posts = Object.fromEntries(archive.tables.posts.map((row) => [row.slug, row]));
    expect(posts[open.slug]).toMatchObject({ commentCount: 3, commentsOpen: true, commentsCloseAfterDays: 3650 });
    expect(posts[closed.slug]).toMatchObject({ commentCount: 1, commentsOpen: false, commentsCloseAfterDays: null });
    const settings = archive.tables.settings.find((row) => row.key === 'comments');
    expect(JSON.parse(settings?.value)).toEqual({ enabled: true, moderation: 'hold-first', maxLinks: 3, blocklist: ['كازينو'] });
    const comments = archive.tables.comments;
    expect(comments.map((row) => [row.authorName, row.status, row.parentId === null ? null : 'reply'])).toEqual([
      ['سارة', 'approved', null],
      ['علي', 'approved', 'reply'],
      [AUTHOR.name, 'approved', 'reply'],
      ['قارئ', 'pending', null],
      ['قارئ', 'spam', null],
      ['قارئ', 'rejected', null],
      ['ليلى', 'approved', null],
    ]);
    expect(comments[0]).toMatchObject({ authorEmail: 'sara@example.com', replyNotice: 'pending', holdReason: 'first-comment' });
    expect(comments[0].replyTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(comments[3]).toMatchObject({ holdReason: 'blocklist' });
  });

  it(`round trip through the other driver and back: the same rows, and the restored blog shows the same comments and counts`, async () => {
    const middle = await commands.newPlace(there);
    await restore(archiveFile, middle);
    const second = await commands.readArchive(await commands.backup(middle.env, 'comments-second.tar.gz'));
    expect(second.tables).toEqual(archive.tables);
    const last = await commands.newPlace(here);
    await restore(join(work, 'comments-second.tar.gz'), last);
    const third = await commands.readArchive(await commands.backup(last.env, 'comments-third.tar.gz'));
    expect(third.tables).toEqual(archive.tables);

    const restored = await startTestApp({ TRUST_PROXY: 'true' }, { dataDir: last.dataDir, databaseUrl: last.databaseUrl });
    try {
      quickChallenges(restored.app);
      const restoredAuthor = restored.agent();
      await restoredAuthor.post('/api/login').send({ username: AUTHOR.username, password: AUTHOR.password }).expect(200);
      const seen = await commentsAsSeenThrough(restored, restoredAuthor);
      expect(seen).toEqual(await commentsAsSeenThrough(source, author));
      expect(seen.posts[0].comments.total).toBe(3);
      expect(seen.posts[1]).toMatchObject({ commentCount: 1, commentsOpen: false, comments: { open: false } });
      // A known reader is still known (hold-first), and new comments take the next id.
      const again = await comment(restored, open.id, { name: 'سارة', email: 'sara@example.com', content: 'عدت بعد النقل' });
      expect(again.body.status).toBe('approved');
      expect(again.body.comment.id).toBe(Math.max(...archive.tables.comments.map((row) => row.id as number)) + 1);
      expect((await restored.agent().get(`/api/posts/${open.slug}`).expect(200)).body.commentCount).toBe(4);
      await comment(restored, closed.id, {}, 403);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a comment row the API could not have written, or a count that lies, naming what is wrong, and changes nothing', async () => {
    const place = await commands.newPlace(here);
    const cases: { change: (tables: Archive['tables']) => void; message: string }[] = [
      {
        change: (tables) => (tables.comments[4] = { ...tables.comments[4], status: 'deleted' }),
        message: 'tables/comments.jsonl line 5: status must be one of pending, approved, spam, rejected',
      },
      {
        // Ali's reply hangs from Sara's comment, on the other post.
        change: (tables) => (tables.comments[1] = { ...tables.comments[1], postId: closed.id }),
        message: `tables/comments.jsonl line 2: parentId ${archive.tables.comments[0].id} is a comment of another post`,
      },
      {
        change: (tables) => (tables.comments[6] = { ...tables.comments[6], parentId: archive.tables.comments[1].id, postId: open.id }),
        message: `tables/comments.jsonl line 7: parentId ${archive.tables.comments[1].id} is a reply (a reply answers a top-level comment)`,
      },
      {
        change: (tables) => (tables.comments[0] = { ...tables.comments[0], content: '<script>alert(1)</script>'.repeat(300) }),
        message: 'tables/comments.jsonl line 1: content is longer than 5000 characters',
      },
      {
        change: (tables) => (tables.posts = tables.posts.map((row) => (row.id === open.id ? { ...row, commentCount: 40 } : row))),
        message: `tables/posts.jsonl: the post of id ${open.id} has commentCount 40, but 3 approved comments`,
      },
      {
        change: (tables) => (tables.comments[3] = { ...tables.comments[3], status: 'approved' }),
        message: `tables/posts.jsonl: the post of id ${open.id} has commentCount 3, but 4 approved comments`,
      },
    ];
    for (const [index, { change, message }] of cases.entries()) {
      const file = await commands.alteredArchive(archiveFile, `bad-comment-${index}.tar.gz`, (tables) => change(tables));
      const result = await commands.command('restore', [file], place.env);
      expect(result.stderr.trim()).toBe(`mudawwana: the backup was refused: ${message}. Nothing was changed.`);
      expect(result.code).toBe(1);
    }
    // The place is still empty: the good backup restores into it, whole.
    await restore(archiveFile, place);
    expect((await commands.readArchive(await commands.backup(place.env, 'after-bad-comments.tar.gz'))).tables).toEqual(archive.tables);
  }, 120_000);

  it('skips solved challenges planted in a backup, and refuses a manifest listing comments at a schema without them', async () => {
    const planted = await commands.alteredArchive(archiveFile, 'planted-challenges.tar.gz', (tables, manifest) => {
      tables.comment_challenges = [{ signature: 'a'.repeat(64), expiresAt: '2099-01-01T00:00:00.000Z' }];
      manifest.tables.comment_challenges = 1;
    });
    const place = await commands.newPlace(here);
    await restore(planted, place);
    const restored = await commands.readArchive(await commands.backup(place.env, 'after-planted.tar.gz'));
    expect(restored.tables).toEqual(archive.tables);

    // A backup of the schema before comments cannot hold them: a clear refusal, not a database error.
    const mislabelled = await commands.alteredArchive(archiveFile, 'mislabelled.tar.gz', (_tables, manifest) => {
      manifest.schemaVersion = 'RecordVersions1795500100000';
    });
    const result = await commands.command('restore', [mislabelled], (await commands.newPlace(there)).env);
    expect(result.stderr.trim()).toMatch(
      /^mudawwana: the backup was refused: its manifest lists .*"comments".*, which its schema \(RecordVersions1795500100000\) does not have\. Nothing was changed\.$/,
    );
    expect(result.code).toBe(1);
  }, 60_000);
});
