import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Comment } from '../../src/comments/comment.entity';
import { ProofOfWork } from '../../src/comments/proof-of-work';
import { PageFill } from '../../src/site/page-fill';
import { quickChallenges, readingCheckOf, solve, solvedChallenge, useProofOfWork } from '../support/comments';
import { onPostgres, POSTGRES_ONLY } from '../support/conditions';
import { createPost, waitFor } from '../support/helpers';
import { linkIn, type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { AUTHOR, startTestApp, type TestApp } from '../support/test-app';

const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

/**
 * Reader comments (issue 24) over HTTP on a real database: a reader's comment with a challenge solved by altcha-lib's
 * own solver, the moderation rules, the spam checks, the author's API and mails (a real SMTP server), and the form
 * without JavaScript. Challenges are made quick (no minimum time, a small range) except where the minimum time is
 * what is tested; each reader writes from an address of their own (TRUST_PROXY) unless the per-address limit is.
 */
describe('reader comments', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let author: TestAgent;
  /** Puts the blog's own proof of work back (the 3 s minimum, 100,000 numbers). */
  let realChallenges: () => void;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
    author = await t.author();
    realChallenges = quickChallenges(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  let addresses = 0;
  /** A client address of its own (10.x.y.z), for a reader the per-address limits do not meet. */
  const newAddress = () => {
    addresses += 1;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };

  /**
   * A reader's comment as the page's script sends it: a solved challenge (unless `altcha` is given), from `address` (a
   * new one unless told). `.expect(status)` checks the status, as supertest's own.
   */
  function send(postId: number, fields: Record<string, unknown>, address = newAddress()) {
    const answer = (async () => {
      const reader = t.agent();
      const altcha = 'altcha' in fields ? fields.altcha : await solvedChallenge(reader);
      return reader
        .post(`/api/posts/${postId}/comments`)
        .set('X-Forwarded-For', address)
        .send({ name: 'قارئ', content: 'تعليق مفيد', ...fields, altcha });
    })();
    return Object.assign(answer, {
      async expect(status: number) {
        const response = await answer;
        expect(response.status, JSON.stringify(response.body)).toBe(status);
        return response;
      },
    });
  }

  /** A published post of its own (comments counted per post). */
  const newPost = (fields: Record<string, unknown> = {}) => createPost(author, { published: true, ...fields });

  const stored = async () => t.app.get(DataSource).getRepository(Comment).count();
  const commentRow = (id: number) => t.app.get(DataSource).getRepository(Comment).findOneByOrFail({ id });
  const readersSee = async (slug: string) => (await t.agent().get(`/api/posts/${slug}/comments`).expect(200)).body;
  const countOf = async (slug: string) => (await t.agent().get(`/api/posts/${slug}`).expect(200)).body.commentCount as number;
  const cardCountOf = async (postId: number) => {
    const cards = (await t.agent().get('/api/posts?limit=50').expect(200)).body as { id: number; commentCount: number }[];
    const card = cards.find((candidate) => candidate.id === postId);
    if (!card) throw new Error(`post ${postId} is not among the cards`);
    return card.commentCount;
  };
  const approve = (id: number) => author.patch(`/api/comments/${id}`).send({ status: 'approved' }).expect(200);
  const setSettings = (changes: Record<string, unknown>) => author.patch('/api/comments/settings').send(changes).expect(200);

  /** The mails to `address` once there are `count` of them. */
  async function mailsTo(address: string, count: number): Promise<ReceivedMail[]> {
    const deadline = Date.now() + 15_000;
    while (smtp.to(address).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${address}, got ${smtp.to(address).length}`);
      await sleep(25);
    }
    return smtp.to(address);
  }

  /** The mail to `address` whose text holds `words`, once it has come. */
  async function mailWith(address: string, words: string): Promise<ReceivedMail> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mail = smtp.to(address).find((candidate) => candidate.parsed.text?.includes(words));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} with «${words}»`);
      await sleep(25);
    }
  }

  /** What a browser does with a link of a mail: opens its page (a GET), then submits the page's form. */
  async function followLink(link: string): Promise<{ page: string; done: Response }> {
    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    const page = await opened.text();
    const action = /<form method="post" action="([^"]+)">/.exec(page)?.[1];
    // The page escapes the values (tokens are base64url, so only `&` of a URL could be there).
    const hidden = [...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map(([, name, value]): [string, string] => [
      name,
      value.replace(/&amp;/g, '&'),
    ]);
    if (!action) throw new Error(`no form on the page of ${link}:\n${page}`);
    const done = await fetch(new URL(action, link), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(link).origin },
      body: new URLSearchParams(hidden),
    });
    return { page, done };
  }

  describe('moderation', () => {
    it('holds a first comment: readers do not see it, the author lists it pending; approved, readers see it and it counts', async () => {
      const post = await newPost();
      const posted = await send(post.id, { name: 'سارة', email: 'Sara@Example.com', content: 'مقال رائع، شكرًا لك' }).expect(201);
      expect(posted.body).toEqual({ status: 'pending', message: expect.stringContaining('سيظهر بعد أن يراجعه'), comment: null });

      expect(await readersSee(post.slug)).toEqual({ items: [], total: 0, page: 1, pages: 1, open: true });
      const pending = (await author.get('/api/comments?status=pending').expect(200)).body;
      const held = pending.items.find((item: { postId: number }) => item.postId === post.id);
      expect(held).toMatchObject({
        authorName: 'سارة',
        authorEmail: 'sara@example.com',
        content: 'مقال رائع، شكرًا لك',
        status: 'pending',
        holdReason: 'first-comment',
        postSlug: post.slug,
        parentId: null,
        byAuthor: false,
      });
      expect(await countOf(post.slug)).toBe(0);

      const approved = await approve(held.id);
      expect(approved.body).toMatchObject({ id: held.id, status: 'approved' });
      const shown = await readersSee(post.slug);
      expect(shown).toMatchObject({ total: 1, open: true, items: [{ id: held.id, authorName: 'سارة', content: 'مقال رائع، شكرًا لك' }] });
      // Readers never see the address, the state or why it waited.
      expect(Object.keys(shown.items[0]).sort()).toEqual([
        'authorName',
        'byAuthor',
        'content',
        'createdAt',
        'id',
        'parentId',
        'remoteAuthor',
      ]);
      expect(await countOf(post.slug)).toBe(1);
      expect(await cardCountOf(post.id)).toBe(1);

      // The same name and address again: a known reader, shown at once. The same address under another name waits.
      const again = await send(post.id, { name: 'سارة', email: 'sara@example.com', content: 'وتعليق ثانٍ' }).expect(201);
      expect(again.body).toMatchObject({ status: 'approved', comment: { authorName: 'سارة', content: 'وتعليق ثانٍ' } });
      const otherName = await send(post.id, { name: 'سارة أحمد', email: 'sara@example.com', content: 'باسم آخر' }).expect(201);
      expect(otherName.body.status).toBe('pending');
      const withoutEmail = await send(post.id, { name: 'سارة', content: 'بلا بريد' }).expect(201);
      expect(withoutEmail.body.status).toBe('pending');
      expect(await countOf(post.slug)).toBe(2);
      expect((await readersSee(post.slug)).total).toBe(2);
    });

    it('hold-all holds even a known reader; hold-none shows a stranger at once', async () => {
      const post = await newPost();
      const known = await send(post.id, { name: 'ليلى', email: 'layla@example.com' }).expect(201);
      expect(known.body.status).toBe('pending');
      const [{ id }] = (await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items;
      await approve(id);
      try {
        await setSettings({ moderation: 'hold-all' });
        const held = await send(post.id, { name: 'ليلى', email: 'layla@example.com', content: 'مرة أخرى' }).expect(201);
        expect(held.body.status).toBe('pending');
        expect((await commentRow((await author.get(`/api/comments?postId=${post.id}`)).body.items[0].id)).holdReason).toBe('moderation');
        await setSettings({ moderation: 'hold-none' });
        const stranger = await send(post.id, { name: 'غريب', content: 'أول مرة هنا' }).expect(201);
        expect(stranger.body).toMatchObject({ status: 'approved', comment: { authorName: 'غريب' } });
        expect(await countOf(post.slug)).toBe(2);
      } finally {
        await setSettings({ moderation: 'hold-first' });
      }
    });

    it('holds a blocklisted word in any Arabic form, and more links than allowed, whatever the mode', async () => {
      const post = await newPost();
      try {
        await setSettings({ moderation: 'hold-none', blocklist: ['كازينو'], maxLinks: 2 });
        const blocked = await send(post.id, { content: 'أفضل العروض بالكَازينـو اليوم' }).expect(201);
        expect(blocked.body.status).toBe('pending');
        const links = await send(post.id, { content: 'انظر https://a.example و www.b.example و http://c.example/x' }).expect(201);
        expect(links.body.status).toBe('pending');
        const twoLinks = await send(post.id, { content: 'انظر https://a.example و www.b.example' }).expect(201);
        expect(twoLinks.body.status).toBe('approved');
        const held = (await author.get(`/api/comments?postId=${post.id}&status=pending`).expect(200)).body.items;
        expect(held.map((item: { holdReason: string }) => item.holdReason).sort()).toEqual(['blocklist', 'links']);
        // In the name too.
        const name = await send(post.id, { name: 'كازينو الحظ', content: 'تعليق عادي' }).expect(201);
        expect(name.body.status).toBe('pending');
      } finally {
        await setSettings({ moderation: 'hold-first', blocklist: [] });
      }
    });

    it('a reply to a reply joins its top-level comment; a reply to a held comment, or to another post’s, is 404', async () => {
      const post = await newPost();
      const other = await newPost();
      try {
        await setSettings({ moderation: 'hold-none' });
        const top = (await send(post.id, { content: 'التعليق الأول' }).expect(201)).body.comment;
        const reply = (await send(post.id, { content: 'رد عليه', parentId: top.id }).expect(201)).body.comment;
        expect(reply.parentId).toBe(top.id);
        const replyToReply = (await send(post.id, { content: 'رد على الرد', parentId: reply.id }).expect(201)).body.comment;
        expect(replyToReply.parentId).toBe(top.id);
        const later = (await send(post.id, { content: 'تعليق لاحق' }).expect(201)).body.comment;
        // Thread order: each comment, then its replies.
        expect((await readersSee(post.slug)).items.map((item: { id: number }) => item.id)).toEqual([
          top.id,
          reply.id,
          replyToReply.id,
          later.id,
        ]);

        await setSettings({ moderation: 'hold-all' });
        await send(post.id, { content: 'ينتظر' }).expect(201);
        const [held] = (await author.get(`/api/comments?postId=${post.id}&status=pending`).expect(200)).body.items;
        const before = await stored();
        const toHeld = await send(post.id, { content: 'رد على معلّق', parentId: held.id }).expect(404);
        expect(toHeld.body.code).toBe('COMMENT_NOT_FOUND');
        await send(other.id, { content: 'رد من مقال آخر', parentId: top.id }).expect(404);
        await send(post.id, { content: 'رد على مفقود', parentId: 2_000_000_000 }).expect(404);
        expect(await stored()).toBe(before);
      } finally {
        await setSettings({ moderation: 'hold-first' });
      }
    });
  });

  describe('the author', () => {
    it('anonymous callers cannot list, change, delete, bulk-moderate, reply or touch the settings (401)', async () => {
      const post = await newPost();
      await send(post.id, {}).expect(201);
      const [{ id }] = (await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items;
      const anonymous = t.agent();
      const calls = [
        anonymous.get('/api/comments'),
        anonymous.get('/api/comments?status=pending'),
        anonymous.get('/api/comments/counts'),
        anonymous.patch(`/api/comments/${id}`).send({ status: 'approved' }),
        anonymous.delete(`/api/comments/${id}`),
        anonymous.post('/api/comments/bulk').send({ ids: [id], action: 'approve' }),
        anonymous.post(`/api/comments/${id}/replies`).send({ content: 'رد' }),
        anonymous.get('/api/comments/settings'),
        anonymous.patch('/api/comments/settings').send({ enabled: false }),
      ];
      for (const call of calls) expect((await call).status).toBe(401);
      expect((await commentRow(id)).status).toBe('pending');
      expect((await author.get('/api/comments/settings').expect(200)).body.enabled).toBe(true);
    });

    it('changing one setting keeps the others', async () => {
      try {
        const changed = await setSettings({ moderation: 'hold-none', maxLinks: 5, blocklist: [' كازينو ', 'كازينو', 'قمار'] });
        expect(changed.body).toEqual({ enabled: true, moderation: 'hold-none', maxLinks: 5, blocklist: ['كازينو', 'قمار'] });
        const switched = await setSettings({ enabled: false });
        expect(switched.body).toEqual({ enabled: false, moderation: 'hold-none', maxLinks: 5, blocklist: ['كازينو', 'قمار'] });
        expect((await author.get('/api/comments/settings').expect(200)).body).toEqual(switched.body);
      } finally {
        await setSettings({ enabled: true, moderation: 'hold-first', maxLinks: 2, blocklist: [] });
      }
      expect((await author.get('/api/comments/settings').expect(200)).body).toEqual({
        enabled: true,
        moderation: 'hold-first',
        maxLinks: 2,
        blocklist: [],
      });
    });

    it('bulk approve, spam and delete answer how many changed and keep the count right', async () => {
      const post = await newPost();
      for (const content of ['واحد', 'اثنان', 'ثلاثة']) await send(post.id, { content }).expect(201);
      const ids = (await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items.map((item: { id: number }) => item.id);
      const bulk = (ids: number[], action: string) => author.post('/api/comments/bulk').send({ ids, action }).expect(200);
      expect((await bulk([...ids, ids[0], 2_000_000_000], 'approve')).body).toEqual({ changed: 3 });
      expect((await bulk(ids, 'approve')).body).toEqual({ changed: 0 });
      expect(await countOf(post.slug)).toBe(3);
      expect(await cardCountOf(post.id)).toBe(3);
      expect((await bulk([ids[0]], 'spam')).body).toEqual({ changed: 1 });
      expect(await countOf(post.slug)).toBe(2);
      expect((await bulk(ids.slice(1), 'delete')).body).toEqual({ changed: 2 });
      expect(await countOf(post.slug)).toBe(0);
      expect((await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items).toMatchObject([{ id: ids[0], status: 'spam' }]);
      await author.post('/api/comments/bulk').send({ ids: [], action: 'approve' }).expect(400);
      await author.post('/api/comments/bulk').send({ ids, action: 'publish' }).expect(400);
    });

    it('deleting a comment deletes its replies and counts again', async () => {
      const post = await newPost();
      try {
        await setSettings({ moderation: 'hold-none' });
        const top = (await send(post.id, { content: 'أعلى' }).expect(201)).body.comment;
        await send(post.id, { content: 'رد أول', parentId: top.id }).expect(201);
        await author.post(`/api/comments/${top.id}/replies`).send({ content: 'رد الكاتب' }).expect(201);
        const kept = (await send(post.id, { content: 'يبقى' }).expect(201)).body.comment;
        expect(await countOf(post.slug)).toBe(4);
        await author.delete(`/api/comments/${top.id}`).expect(204);
        expect(await countOf(post.slug)).toBe(1);
        expect(await cardCountOf(post.id)).toBe(1);
        expect((await readersSee(post.slug)).items.map((item: { id: number }) => item.id)).toEqual([kept.id]);
        expect((await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.total).toBe(1);
        await author.delete(`/api/comments/${top.id}`).expect(404);
        await author.patch(`/api/comments/${top.id}`).send({ status: 'approved' }).expect(404);
      } finally {
        await setSettings({ moderation: 'hold-first' });
      }
    });

    it('twenty approvals of one post at once count exactly twenty', async () => {
      const post = await newPost();
      for (let i = 0; i < 20; i += 1) await send(post.id, { content: `تعليق رقم ${i + 1}` }).expect(201);
      const { items } = (await author.get(`/api/comments?postId=${post.id}&status=pending`).expect(200)).body;
      expect(items).toHaveLength(20);
      const answers = await Promise.all(
        items.map((item: { id: number }) => author.patch(`/api/comments/${item.id}`).send({ status: 'approved' })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(items.map(() => 200));
      expect(await countOf(post.slug)).toBe(20);
      expect(await cardCountOf(post.id)).toBe(20);
      // And twenty withdrawn at once, half of them twice.
      const withdrawn = await Promise.all(
        [...items, ...items.slice(0, 10)].map((item: { id: number }) =>
          author.patch(`/api/comments/${item.id}`).send({ status: 'rejected' }),
        ),
      );
      expect(withdrawn.every((answer) => answer.status === 200)).toBe(true);
      expect(await countOf(post.slug)).toBe(0);
    });

    it('an author with a name longer than a comment name can hold replies without a server error', async () => {
      const post = await newPost();
      await send(post.id, { content: 'سؤال للكاتب' }).expect(201);
      const [{ id }] = (await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items;
      const longName = 'اسم '.repeat(40).trim(); // 159 characters: an account name may have 200, a comment's 80
      const { id: userId } = (await author.get('/api/user').expect(200)).body;
      await author.put(`/api/users/${userId}`).send({ name: longName }).expect(200);
      try {
        const reply = await author.post(`/api/comments/${id}/replies`).send({ content: 'جواب الكاتب' });
        expect(reply.status).toBe(201);
        expect(reply.body).toMatchObject({ byAuthor: true, parentId: id, status: 'approved' });
        expect(Array.from(reply.body.authorName as string).length).toBeLessThanOrEqual(80);
        expect(longName.startsWith(reply.body.authorName)).toBe(true);
      } finally {
        await author.put(`/api/users/${userId}`).send({ name: AUTHOR.name }).expect(200);
      }
    });
  });

  describe('spam checks', () => {
    it('a filled honeypot is answered as held, and nothing is stored', async () => {
      const post = await newPost();
      const before = await stored();
      const bot = await send(post.id, { website: 'https://spam.example', content: 'buy now' }).expect(201);
      expect(bot.body).toEqual({ status: 'pending', message: expect.any(String), comment: null });
      // Without a challenge too: the trap answers before it is looked at.
      await send(post.id, { website: 'x', altcha: undefined }).expect(201);
      expect(await stored()).toBe(before);
    });

    it('refuses 100 comments without a good solution (missing, garbage, expired, forged, replayed, too fast) and stores none', async () => {
      const post = await newPost();
      const reader = t.agent();
      const first = await solvedChallenge(reader);
      await send(post.id, { content: 'الحل يُستعمل مرة', altcha: first }).expect(201);
      const before = await stored();

      const garbage = [
        'not base64!',
        'YWJj',
        btoa('null'),
        btoa('[]'),
        btoa(JSON.stringify({ algorithm: 'SHA-1', challenge: 'a'.repeat(64), number: 1, salt: 'x&', signature: 'b'.repeat(64) })),
        btoa(JSON.stringify({ ...JSON.parse(atob(first)), number: JSON.parse(atob(first)).number + 1 })),
        btoa(JSON.stringify({ ...JSON.parse(atob(first)), salt: `${JSON.parse(atob(first)).salt}extra&` })),
        btoa(JSON.stringify({ ...JSON.parse(atob(first)), number: -1 })),
        btoa(JSON.stringify({ ...JSON.parse(atob(first)), number: 1e21 })),
        'A'.repeat(3_000),
      ];
      const payloads: (string | undefined)[] = [];
      for (let i = 0; i < 15; i += 1) payloads.push(undefined, '');
      for (let i = 0; i < 30; i += 1) payloads.push(garbage[i % garbage.length]);
      for (let i = 0; i < 20; i += 1) payloads.push(first); // replayed

      // Forged: solved for a key that is not the blog's.
      const forger = new ProofOfWork({ hmacKey: 'not-the-blog-key', maxNumber: 1_000 });
      for (let i = 0; i < 5; i += 1) payloads.push(await solve(await forger.challenge()));
      // Expired: issued eleven minutes ago (the blog's key, another clock).
      const backIssue = useProofOfWork(t.app, { maxNumber: 1_000, minSeconds: 0, now: () => Date.now() - 11 * 60_000 });
      for (let i = 0; i < 5; i += 1) payloads.push(await solvedChallenge(reader));
      backIssue();
      const refused = async (altcha: string | undefined) => {
        const answer = await send(post.id, { altcha }, newAddress());
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body.code).toBe('COMMENT_CHALLENGE_FAILED');
      };
      for (const altcha of payloads) await refused(altcha);
      // Too fast: the blog's minimum time of 3 s, each solved and sent at once.
      const minimumTime = useProofOfWork(t.app, { maxNumber: 1_000 });
      try {
        for (let i = 0; i < 10; i += 1) await refused(await solvedChallenge(reader));
      } finally {
        minimumTime();
      }
      expect(payloads.length + 10).toBe(100);
      expect(await stored()).toBe(before);
    });

    it('the minimum time: a solution sent within 3 s of its challenge is refused, the same one taken after them, once', async () => {
      const post = await newPost();
      const minimumTime = useProofOfWork(t.app, { maxNumber: 1_000 }); // the blog's 3 s, a quick range
      try {
        const altcha = await solvedChallenge(t.agent());
        const before = await stored();
        const tooSoon = await send(post.id, { altcha }).expect(400);
        expect(tooSoon.body.code).toBe('COMMENT_CHALLENGE_FAILED');
        expect(await stored()).toBe(before);
        await sleep(3_100);
        await send(post.id, { altcha }).expect(201);
        const replayed = await send(post.id, { altcha }).expect(400);
        expect(replayed.body.code).toBe('COMMENT_CHALLENGE_FAILED');
        expect(await stored()).toBe(before + 1);
      } finally {
        minimumTime();
      }
    });

    it("the blog's own challenge (100,000 numbers, never cached) solved by altcha-lib is taken once, 3 s after it was fetched", async () => {
      const post = await newPost();
      realChallenges();
      try {
        const reader = t.agent();
        const fetched = Date.now();
        const challenge = (await reader.get('/api/comments/challenge').expect(200).expect('Cache-Control', 'no-store')).body;
        expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 100_000 });
        const altcha = await solve(challenge);
        await sleep(Math.max(0, fetched + 3_100 - Date.now()));
        await send(post.id, { altcha }).expect(201);
        const replayed = await send(post.id, { altcha }).expect(400);
        expect(replayed.body.code).toBe('COMMENT_CHALLENGE_FAILED');
      } finally {
        realChallenges = quickChallenges(t.app);
      }
    });

    it('five stored comments from one address in ten minutes, then 429 with Retry-After', async () => {
      const address = newAddress();
      const posts = [await newPost(), await newPost()];
      for (let i = 0; i < 5; i += 1) await send(posts[i % 2].id, { content: `من العنوان نفسه ${i}` }, address).expect(201);
      const before = await stored();
      const limited = await send(posts[0].id, { content: 'السادس' }, address).expect(429);
      expect(limited.headers['retry-after']).toBe('600');
      expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 600 });
      expect(await stored()).toBe(before);
      // Another address is not held back.
      await send(posts[0].id, { content: 'من عنوان آخر' }).expect(201);
    });
  });

  it('thirty readers’ comments on one post in ten minutes, then 429; twenty attempts from one address, stored or not', async () => {
    const post = await newPost();
    for (let i = 0; i < 30; i += 1) await send(post.id, { content: `قارئ رقم ${i + 1}` }).expect(201);
    const flooded = await send(post.id, { content: 'الحادي والثلاثون' }).expect(429);
    expect(flooded.body.code).toBe('RATE_LIMITED');
    // The author's reply is no reader's comment, and another post takes comments.
    const [{ id }] = (await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items;
    await author.post(`/api/comments/${id}/replies`).send({ content: 'رد الكاتب' }).expect(201);
    await send((await newPost()).id, {}).expect(201);

    // Attempts are counted before any check: twenty refused ones, and the next is refused even with a good solution.
    const address = newAddress();
    const other = await newPost();
    for (let i = 0; i < 20; i += 1) await send(other.id, { altcha: 'garbage=' }, address).expect(400);
    const limited = await send(other.id, {}, address).expect(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
  });

  describe('closed comments', () => {
    it('403 COMMENTS_CLOSED on a post closed by its author, after its days, or with the site-wide switch off; 404 on a draft', async () => {
      const closed = await newPost({ commentsOpen: false });
      const old = await newPost({ commentsCloseAfterDays: 7, createdAt: new Date(Date.now() - 30 * 86_400_000).toISOString() });
      const young = await newPost({ commentsCloseAfterDays: 7 });
      const draft = await createPost(author, { published: false });
      const before = await stored();
      for (const post of [closed, old]) {
        const refused = await send(post.id, {}).expect(403);
        expect(refused.body.code).toBe('COMMENTS_CLOSED');
        expect((await readersSee(post.slug)).open).toBe(false);
      }
      const missing = await send(draft.id, {}).expect(404);
      expect(missing.body.code).toBe('POST_NOT_FOUND');
      await t.agent().get(`/api/posts/${draft.slug}/comments`).expect(404);
      await t.agent().get(`/api/posts/${draft.id}/comments`).expect(404);
      await send(2_000_000_000, {}).expect(404);

      expect((await readersSee(young.slug)).open).toBe(true);
      try {
        await setSettings({ enabled: false, moderation: 'hold-none' });
        const off = await send(young.id, {}).expect(403);
        expect(off.body.code).toBe('COMMENTS_CLOSED');
        expect(await readersSee(young.slug)).toEqual({ items: [], total: 0, page: 1, pages: 1, open: false });
      } finally {
        await setSettings({ enabled: true });
      }
      expect(await stored()).toBe(before);
      expect((await send(young.id, {}).expect(201)).body.status).toBe('approved');
      try {
        // Approved comments stay hidden while the switch is off.
        await setSettings({ enabled: false });
        expect((await readersSee(young.slug)).total).toBe(0);
      } finally {
        await setSettings({ enabled: true, moderation: 'hold-first' });
      }
      expect((await readersSee(young.slug)).total).toBe(1);
    });
  });

  describe('mails', () => {
    it("the author's mail moderates from its links: the link's page changes nothing, its button approves", async () => {
      const post = await newPost({ title: 'مقال البريد' });
      await send(post.id, { name: 'نور', content: 'تعليق ينتظر الموافقة' }).expect(201);
      const mail = await mailWith(AUTHOR.email, 'تعليق ينتظر الموافقة');
      expect(mail.parsed.subject).toContain('ينتظر مراجعتك');
      const text = mail.parsed.text ?? '';
      expect(text).toContain('تعليق ينتظر الموافقة');
      const approveLink = linkIn(text, '/api/comments/moderate?token=');
      expect(approveLink).toMatch(/action=approve$/);
      expect(linkIn(text.replace(approveLink, ''), '/api/comments/moderate?token=')).toMatch(/action=spam$/);
      const [{ id }] = (await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items;

      const page = await fetch(approveLink);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('تعليق ينتظر الموافقة');
      expect((await commentRow(id)).status).toBe('pending');
      // Twice, as a mail scanner might: still nothing changes.
      await fetch(approveLink);
      expect((await commentRow(id)).status).toBe('pending');

      const { done } = await followLink(approveLink);
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('نُشر التعليق');
      expect((await commentRow(id)).status).toBe('approved');
      expect(await countOf(post.slug)).toBe(1);

      const forged = await fetch(new URL('/api/comments/moderate', approveLink), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: 'x'.repeat(43), action: 'approve' }),
      });
      expect(forged.status).toBe(404);
      expect((await fetch(`${approveLink.replace(/token=[^&]+/, 'token=nope')}`)).status).toBe(404);
    });

    it('reply notices: a confirmation mail first; confirmed, an author reply is mailed with a stop link; stopped, no more', async () => {
      const post = await newPost({ title: 'مقال الردود' });
      const reader = 'reader.replies@example.com';
      await send(post.id, { name: 'هدى', email: reader, content: 'أخبروني بالردود', notifyReplies: true }).expect(201);
      const [confirmation] = await mailsTo(reader, 1);
      expect(confirmation.parsed.subject).toContain('أكّد');
      const [{ id }] = (await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items;
      expect((await commentRow(id)).replyNotice).toBe('pending');

      const confirmLink = linkIn(confirmation.parsed.text ?? '', '/api/comments/replies/confirm');
      const { done: confirmed } = await followLink(confirmLink);
      expect(confirmed.status).toBe(200);
      expect((await commentRow(id)).replyNotice).toBe('confirmed');

      // The author answers (which approves the held comment): the reader is told, with a link that stops it.
      await author.post(`/api/comments/${id}/replies`).send({ content: 'شكرًا على سؤالك' }).expect(201);
      const [, notice] = await mailsTo(reader, 2);
      expect(notice.parsed.subject).toContain('ردّ جديد');
      expect(notice.parsed.text).toContain('شكرًا على سؤالك');
      const stopLink = linkIn(notice.parsed.text ?? '', '/api/comments/replies/stop');
      expect((await commentRow(id)).status).toBe('approved');

      const stopPage = await fetch(stopLink);
      expect(stopPage.status).toBe(200);
      expect((await commentRow(id)).replyNotice).toBe('confirmed');
      const { done: stopped } = await followLink(stopLink);
      expect(stopped.status).toBe(200);
      expect((await commentRow(id)).replyNotice).toBe('stopped');

      // Another reply: the reader is not told. A reader's comment after it mails the author, which marks the moment.
      await author.post(`/api/comments/${id}/replies`).send({ content: 'رد ثانٍ' }).expect(201);
      await send(post.id, { content: 'علامة بعد الرد الثاني' }).expect(201);
      await mailWith(AUTHOR.email, 'علامة بعد الرد الثاني');
      await sleep(200);
      expect(smtp.to(reader)).toHaveLength(2);
      // A forged stop token is refused.
      expect((await fetch(stopLink.replace(/token=\d+\./, `token=${id + 1}.`))).status).toBe(404);
    });

    it('no confirmation mail without an address, and a reply notice only for what the reader asked', async () => {
      const post = await newPost();
      const before = smtp.received.length;
      await send(post.id, { name: 'بلا بريد', content: 'أريد الردود ولا بريد لي', notifyReplies: true }).expect(201);
      await mailWith(AUTHOR.email, 'أريد الردود ولا بريد لي'); // the author's mail, and nothing else
      const [{ id }] = (await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items;
      expect((await commentRow(id)).replyNotice).toBe('none');
      await sleep(200);
      expect(smtp.received.slice(before).every((mail) => mail.to === AUTHOR.email)).toBe(true);
    });
  });

  describe('the form without JavaScript', () => {
    const form = (postId: number, fields: Record<string, string>, address = newAddress()) =>
      request(t.app.getHttpServer()).post(`/api/posts/${postId}/comments/form`).set('X-Forwarded-For', address).type('form').send(fields);

    it('asks a question in Arabic, refuses a wrong or hasty answer, and takes the right one after the minimum time', async () => {
      const post = await newPost({ title: 'Form post' });
      const fields = { name: 'يوسف', email: '', content: 'تعليق من متصفح بلا جافاسكربت', parentId: '', website: '' };
      const asked = await form(post.id, fields).expect(200);
      expect(asked.headers['content-type']).toMatch(/^text\/html/);
      expect(asked.text).toContain('تعليق من متصفح بلا جافاسكربت');
      const first = readingCheckOf(asked.text);
      expect(first.question).toMatch(/^كم يساوي \S+ زائد \S+؟ اكتب الناتج بالأرقام$/);
      const before = await stored();

      const wrong = await form(post.id, { ...fields, check: first.token, answer: String(Number(first.answer) + 1) }).expect(400);
      expect(wrong.headers['content-type']).toMatch(/^text\/html/);
      expect(wrong.text).toContain('الإجابة غير صحيحة');
      expect(await stored()).toBe(before);
      // A wrong answer burns its token: the right one is refused with it afterwards.
      await form(post.id, { ...fields, check: first.token, answer: first.answer }).expect(400);

      const second = readingCheckOf(wrong.text);
      const hasty = await form(post.id, { ...fields, check: second.token, answer: second.answer }).expect(400);
      expect(hasty.text).toContain('الإجابة غير صحيحة');
      expect(await stored()).toBe(before);
      // The answer fits only the comment it was asked for.
      await sleep(3_100);
      await form(post.id, { ...fields, content: 'تعليق آخر', check: second.token, answer: second.answer }).expect(400);
      const posted = await form(post.id, { ...fields, check: second.token, answer: second.answer }).expect(303);
      expect(posted.headers.location).toBe(`/post/${post.slug}#comment-held`);
      expect(await stored()).toBe(before + 1);
      const [held] = (await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items;
      expect(held).toMatchObject({ authorName: 'يوسف', content: 'تعليق من متصفح بلا جافاسكربت', status: 'pending', authorEmail: null });
      // Used once.
      await form(post.id, { ...fields, check: second.token, answer: second.answer }).expect(400);
      expect(await stored()).toBe(before + 1);
    });

    it('names the field it refuses, in an HTML page, and never answers 500 to a strange form', async () => {
      const post = await newPost();
      const before = await stored();
      const badName = await form(post.id, { name: 'x', content: 'تعليق صحيح' }).expect(400);
      expect(badName.headers['content-type']).toMatch(/^text\/html/);
      expect(badName.text).toContain('اكتب اسمك');
      expect(badName.text).toContain('id="name"');
      const badEmail = await form(post.id, { name: 'اسم', email: 'not-an-email', content: 'تعليق صحيح' }).expect(400);
      expect(badEmail.text).toContain('البريد الإلكتروني غير صحيح');
      const strange: Record<string, string>[] = [
        { name: 'اسم', content: 'تعليق', extra: 'field' },
        { name: 'اسم', content: 'تعليق', check: 'a.b', answer: '5' },
        { name: 'اسم', content: 'تعليق', check: 'x'.repeat(5_000), answer: '5' },
        { name: 'اسم', content: 'تعليق', parentId: 'abc' },
        { name: 'اسم', content: 'تعليق', parentId: '99999999999' },
      ];
      for (const fields of strange) {
        const answer = await form(post.id, fields);
        expect(answer.status, answer.text).toBeGreaterThanOrEqual(200);
        expect(answer.status, answer.text).toBeLessThan(500);
      }
      const repeated = await request(t.app.getHttpServer())
        .post(`/api/posts/${post.id}/comments/form`)
        .set('X-Forwarded-For', newAddress())
        .type('form')
        .send('name=a&name=b&content=xy');
      expect(repeated.status).toBe(400);
      expect((await form(2_000_000_000, { name: 'اسم', content: 'تعليق' })).status).toBe(404);
      expect(await stored()).toBe(before);
    });
  });

  it('bad input is a 4xx, never a 500', async () => {
    const post = await newPost();
    const reader = t.agent();
    const altcha = await solvedChallenge(reader);
    const bodies: unknown[] = [
      {},
      { name: ['a', 'b'], content: 'نص', altcha },
      { name: 'اسم', content: 'ن'.repeat(5_001), altcha },
      { name: 'اسم', content: 'نص', parentId: 'abc', altcha },
      { name: 'اسم', content: 'نص', parentId: -1, altcha },
      { name: 'اسم', content: 'نص', parentId: 1e30, altcha },
      { name: 'اسم', content: 'نص', email: 'x@', altcha },
      { name: 'اسم', content: 'نص', notifyReplies: 'maybe', altcha },
      { name: 'اسم', content: 'نص', altcha: { a: 1 } },
      { name: 'اسم', content: 'نص', altcha: 'x'.repeat(5_000) },
      { name: 'اسم\u0000', content: 'نص\u0000', altcha },
      [1, 2],
    ];
    for (const body of bodies) {
      const answer = await reader
        .post(`/api/posts/${post.id}/comments`)
        .set('X-Forwarded-For', newAddress())
        .send(body as object);
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    }
    const urls = [
      '/api/posts/abc%00/comments',
      `/api/posts/${post.slug}/comments?page=0`,
      `/api/posts/${post.slug}/comments?page=abc`,
      `/api/posts/${post.slug}/comments?page=100001`,
      '/api/posts/99999999999999999999/comments',
      '/api/comments/moderate?token[]=a&action=approve',
      '/api/comments/replies/confirm?token=%00',
      '/api/comments/replies/stop?token=1.' + 'a'.repeat(43),
      '/api/comments/replies/stop?token=99999999999.' + 'a'.repeat(43),
    ];
    for (const url of urls) {
      const answer = await reader.get(url);
      expect(answer.status, `${url}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${url}: ${answer.text}`).toBeLessThan(500);
    }
    const posts = [
      reader.post('/api/posts/abc/comments').send({ name: 'اسم', content: 'نص' }),
      reader.post('/api/comments/moderate').type('form').send('token=a&token=b&action=approve'),
      reader.post('/api/comments/replies/confirm').send({ token: { $ne: null } }),
      reader.post('/api/comments/replies/stop').send({ token: ['1.a'] }),
    ];
    for (const call of posts) {
      const answer = await call;
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.text).toBeLessThan(500);
    }
    const authorCalls = [
      author.patch('/api/comments/abc').send({ status: 'approved' }),
      author.patch('/api/comments/1').send({ status: 'deleted' }),
      author.patch('/api/comments/99999999999').send({ status: 'approved' }),
      author.get('/api/comments?status=evil'),
      author.get('/api/comments?postId=-1'),
      author.get(`/api/comments?q=${encodeURIComponent('%_!\'"')}`),
      author.post('/api/comments/bulk').send({ ids: ['1'], action: 'approve' }),
      author.post('/api/comments/bulk').send({ ids: Array.from({ length: 101 }, (_, i) => i + 1), action: 'approve' }),
      author.post('/api/comments/2000000000/replies').send({ content: 'رد' }),
      author.post('/api/comments/1/replies').send({ content: '' }),
      author.patch('/api/comments/settings').send({ maxLinks: -1 }),
      author.patch('/api/comments/settings').send({ moderation: 'hold-some' }),
      author.patch('/api/comments/settings').send({ blocklist: 'كازينو' }),
      author.patch('/api/comments/settings').send({ blocklist: [5] }),
    ];
    for (const call of authorCalls) {
      const answer = await call;
      expect(answer.status, answer.text).toBeLessThan(500);
    }
    const search = await author.get(`/api/comments?q=${encodeURIComponent('%_!\'"')}`).expect(200);
    expect(search.body.total).toBe(0);
  });
});

/**
 * Two instances on one PostgreSQL database (on the built frontend, `npm run build` first): a comment approved on one
 * is read through the other's API at once, and the other's stored page of the post (which shows the comment and
 * carries the post's count) is built again, as every instance hears of it (how soon: the bench's figure).
 */
describe.runIf(onPostgres)('comments on two instances (PostgreSQL)', POSTGRES_ONLY, () => {
  let t: TestApp;
  let other: NestExpressApplication;
  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    t = await startTestApp({ TRUST_PROXY: 'true' }, { serveSite: true });
    quickChallenges(t.app);
    other = await t.anotherInstance();
    await t.app.get(PageFill).fill();
    await other.get(PageFill).fill();
  });
  afterAll(() => t?.close());

  it("an approval on one instance shows through the other's API at once and on its stored post page", async () => {
    const author = await t.author();
    const post = await createPost(author, { published: true, title: 'Two instances' });
    const reader = t.agent();
    await reader
      .post(`/api/posts/${post.id}/comments`)
      .set('X-Forwarded-For', '10.200.0.1')
      .send({ name: 'قارئة', content: 'تعليق من النسخة الأولى', altcha: await solvedChallenge(reader) })
      .expect(201);
    const [held] = (await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items;
    const server = other.getHttpServer();
    const page = `/post/${post.slug}`;
    // The other instance serves the page now (in its memory), with no comment counted.
    const before = await request(server).get(page).expect(200);
    expect(before.text).toContain('"commentCount":0');
    expect(before.text).not.toContain('تعليق من النسخة الأولى');
    expect((await request(server).get(`/api/posts/${post.slug}/comments`).expect(200)).body.total).toBe(0);

    await author.patch(`/api/comments/${held.id}`).send({ status: 'approved' }).expect(200);
    // Its API reads the shared database: at once.
    const comments = (await request(server).get(`/api/posts/${post.slug}/comments`).expect(200)).body;
    expect(comments.total).toBe(1);
    expect(comments.items[0]?.content).toBe('تعليق من النسخة الأولى');
    // Its page is rendered again (by the first instance, which stores it).
    await waitFor(async () => {
      const { text } = await request(server).get(page);
      return text.includes('"commentCount":1') && text.includes('تعليق من النسخة الأولى');
    });

    // And back: deleted on the other instance, gone from this one's page.
    await request(server).get('/api/user').expect(401);
    const otherAuthor = request.agent(server);
    await otherAuthor.post('/api/login').send({ username: AUTHOR.username, password: AUTHOR.password }).expect(200);
    await otherAuthor.delete(`/api/comments/${held.id}`).expect(204);
    await waitFor(async () => {
      const { text } = await t.agent().get(page);
      return text.includes('"commentCount":0') && !text.includes('تعليق من النسخة الأولى');
    });
  });
});
