import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { titleLeavingPage } from '@mudawwana/rules';
import { simpleParser } from 'mailparser';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsletterMail } from '../../src/newsletter/newsletter-mail.entity';
import { Subscriber } from '../../src/newsletter/subscriber.entity';
import { createPost } from '../support/helpers';
import { headerOf, linkIn, type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp, sharedTestApp } from '../support/test-app';

const MAIL_FROM = 'مدوّنة <news@blog.example>';
const CONFIRM = '/api/newsletter/confirm';
const UNSUBSCRIBE = '/api/newsletter/unsubscribe';

let clientIp = 0;
/** Each sign-up from its own client address (TRUST_PROXY): the per-address limit has a test of its own. */
const subscribe = (t: TestApp, email: string) =>
  t
    .agent()
    .post('/api/newsletter')
    .set('X-Forwarded-For', `192.0.2.${(clientIp += 1) % 250}`)
    .send({ email });

async function mailsTo(smtp: TestSmtpServer, address: string, count: number): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 15_000;
  while (smtp.to(address).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${address}, got ${smtp.to(address).length}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return smtp.to(address);
}

async function waitForSend(t: TestApp, postId: number) {
  const author = await t.author();
  const deadline = Date.now() + 20_000;
  for (;;) {
    const progress = await author.get(`/api/posts/${postId}/send`).expect(200);
    if (progress.body.status === 'done') return progress.body;
    if (Date.now() > deadline) throw new Error(`send not done: ${JSON.stringify(progress.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function confirmedEmails(t: TestApp): Promise<string[]> {
  const listed = (await (await t.author()).get('/api/newsletter?status=confirmed').expect(200)).body as { email: string }[];
  return listed.map((subscriber) => subscriber.email).sort();
}

/**
 * What a reader's browser does with a link from a mail: opens its page (a GET that must change nothing) and submits
 * the page's form, which carries the token in its body, from the page's own origin.
 */
async function submitLinkPage(link: string): Promise<Response> {
  const page = await fetch(link);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const token = /<input type="hidden" name="token" value="([^"]+)">/.exec(html)?.[1];
  if (!action || !token) throw new Error(`no form on the page of ${link}:\n${html}`);
  return fetch(new URL(action, link), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(link).origin },
    body: new URLSearchParams({ token }),
  });
}

const subscriberRow = (t: TestApp, email: string) => t.app.get(DataSource).getRepository(Subscriber).findOneByOrFail({ email });

describe('newsletter over a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Subscribes and opens the confirmation link of the mail received, over HTTP. */
  async function subscribeAndConfirm(email: string): Promise<void> {
    const before = smtp.to(email).length;
    await subscribe(t, email).expect(202);
    const mails = await mailsTo(smtp, email, before + 1);
    const confirmed = await submitLinkPage(linkIn(mails.at(-1)!.parsed.text ?? '', CONFIRM));
    expect(confirmed.status).toBe(200);
  }

  describe('double opt-in', () => {
    it('a sign-up sends an Arabic RTL confirmation mail with List-Unsubscribe headers; its page confirms', async () => {
      const answer = await subscribe(t, 'Reader@Example.com').expect(202);
      expect(answer.body).toEqual({ message: expect.stringContaining('تأكيد') });
      const [mail] = await mailsTo(smtp, 'reader@example.com', 1);
      const { parsed } = mail;
      expect(parsed.from?.value).toEqual([{ address: 'news@blog.example', name: 'مدوّنة' }]);
      expect(parsed.subject).toContain('أكّد اشتراكك');
      expect(parsed.html).toMatch(/<html lang="ar" dir="rtl">/);
      expect(headerOf(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(headerOf(mail.raw, 'List-Unsubscribe')).toMatch(new RegExp(`^<http://localhost:\\d+${UNSUBSCRIBE}\\?token=[\\w-]{43}>$`));

      // pending until the link is followed; the token is stored only as its hash
      const link = linkIn(parsed.text ?? '', CONFIRM);
      const token = new URL(link).searchParams.get('token')!;
      const pending = await subscriberRow(t, 'reader@example.com');
      expect(pending).toMatchObject({ status: 'pending', confirmTokenHash: createHash('sha256').update(token).digest('hex') });
      expect(pending.confirmTokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(47.9 * 3600_000);
      expect(JSON.stringify(pending)).not.toContain(token);

      const confirmed = await submitLinkPage(link);
      expect(confirmed.status).toBe(200);
      expect(confirmed.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await confirmed.text();
      expect(html).toMatch(/<html lang="ar" dir="rtl">/);
      expect(html).toContain('تم تأكيد اشتراكك');
      expect((await subscriberRow(t, 'reader@example.com')).status).toBe('confirmed');
      // opened again (a second click, a mail scanner): says confirmed, with nothing more to press
      const again = await fetch(link);
      expect(again.status).toBe(200);
      const html2 = await again.text();
      expect(html2).toContain('تم تأكيد اشتراكك');
      expect(html2).not.toContain('<form');
    });

    it('answers the same for new, pending, confirmed and unsubscribed addresses; a confirmed one is only told', async () => {
      const fresh = await subscribe(t, 'same@example.com').expect(202);
      const pendingAgain = await subscribe(t, 'same@example.com').expect(202);
      const confirmed = await subscribe(t, 'reader@example.com').expect(202);
      expect(pendingAgain.body).toEqual(fresh.body);
      expect(confirmed.body).toEqual(fresh.body);

      // the newer link replaces the older one (the two mails may arrive in either order over the SMTP pool)
      const links = (await mailsTo(smtp, 'same@example.com', 2)).map((mail) => linkIn(mail.parsed.text ?? '', CONFIRM));
      const { confirmTokenHash } = await subscriberRow(t, 'same@example.com');
      const isNewer = (link: string) =>
        createHash('sha256').update(new URL(link).searchParams.get('token')!).digest('hex') === confirmTokenHash;
      expect(links.filter(isNewer)).toHaveLength(1);
      expect((await fetch(links.find((link) => !isNewer(link))!)).status).toBe(404);
      expect((await submitLinkPage(links.find(isNewer)!)).status).toBe(200);

      const [, notice] = await mailsTo(smtp, 'reader@example.com', 2);
      expect(notice.parsed.subject).toContain('أنت مشترك');
      expect(notice.parsed.text).not.toContain(CONFIRM);
      expect((await subscriberRow(t, 'reader@example.com')).status).toBe('confirmed');
    });

    it('an expired link (48 h) shows the expired page and leaves the address pending; a made-up one is invalid', async () => {
      await subscribe(t, 'late@example.com').expect(202);
      const [mail] = await mailsTo(smtp, 'late@example.com', 1);
      await t.app
        .get(DataSource)
        .getRepository(Subscriber)
        .update({ email: 'late@example.com' }, { confirmTokenExpiresAt: new Date(Date.now() - 1000) });
      const link = linkIn(mail.parsed.text ?? '', CONFIRM);
      const expired = await fetch(link);
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain('انتهت صلاحية رابط التأكيد');
      // the page has no button, and a POST of the token (a form kept open past the expiry) is refused the same way
      const token = new URL(link).searchParams.get('token')!;
      await t.agent().post(CONFIRM).type('form').send({ token }).expect(410);
      expect((await subscriberRow(t, 'late@example.com')).status).toBe('pending');

      for (const query of ['?token=' + 'x'.repeat(43), '', '?token=short', '?token[a]=b']) {
        const invalid = await t.agent().get(`${CONFIRM}${query}`).expect(404);
        expect(invalid.text).toContain('الرابط غير صالح');
      }
      await t.agent().get(`${CONFIRM}?token=%00`).expect(400); // MALFORMED_INPUT, as everywhere
      await t
        .agent()
        .get(`${UNSUBSCRIBE}?token=${'y'.repeat(43)}`)
        .expect(404);
      for (const path of [CONFIRM, UNSUBSCRIBE]) {
        for (const body of [{}, { token: 'z'.repeat(43) }, { token: 'short' }])
          await t.agent().post(path).type('form').send(body).expect(404);
        await t
          .agent()
          .post(path)
          .send({ token: ['a'.repeat(43)] })
          .expect(404); // JSON of another shape
      }
    });

    it('the unsubscribe link of a confirmation mail unsubscribes; subscribing again needs a new confirmation', async () => {
      await subscribe(t, 'changed-mind@example.com').expect(202);
      const [mail] = await mailsTo(smtp, 'changed-mind@example.com', 1);
      const page = await submitLinkPage(linkIn(mail.parsed.text ?? '', UNSUBSCRIBE));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('تم إلغاء اشتراكك');
      expect((await subscriberRow(t, 'changed-mind@example.com')).status).toBe('unsubscribed');
      // the confirmation link died with the subscription
      expect((await fetch(linkIn(mail.parsed.text ?? '', CONFIRM))).status).toBe(404);

      await subscribeAndConfirm('changed-mind@example.com');
      expect((await subscriberRow(t, 'changed-mind@example.com')).status).toBe('confirmed');
    });

    it('limits mails to one address to 3 an hour (429), whoever asks', async () => {
      for (let i = 0; i < 3; i += 1) await subscribe(t, 'flooded@example.com').expect(202);
      const refused = await subscribe(t, 'flooded@example.com').expect(429);
      expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    });
  });

  describe('sending a post', () => {
    let post: Record<string, any>;

    beforeAll(async () => {
      for (const email of ['one@example.com', 'two@example.com', 'leaves@example.com', 'refused@example.com'])
        await subscribeAndConfirm(email);
      await subscribe(t, 'never-confirmed@example.com').expect(202);
      const author = await t.author();
      post = await createPost(author, {
        title: 'مقالة عن الخوادم',
        excerpt: 'ملخص المقالة <بعلامات>',
        featuredImage: '/uploads/cover.jpg',
        published: true,
      });
    });

    it('refuses anonymous callers (401), unknown posts (404), drafts (409 POST_NOT_PUBLISHED)', async () => {
      await t.agent().post(`/api/posts/${post.id}/send`).send({}).expect(401);
      await t.agent().get(`/api/posts/${post.id}/send`).expect(401);
      const author = await t.author();
      await author.post('/api/posts/999999/send').send({}).expect(404);
      await author.get('/api/posts/999999/send').expect(404);
      await author.post('/api/posts/nope/send').send({}).expect(400);
      const draft = await createPost(author);
      const refused = await author.post(`/api/posts/${draft.id}/send`).send({}).expect(409);
      expect(refused.body.code).toBe('POST_NOT_PUBLISHED');
      expect((await author.get(`/api/posts/${draft.id}/send`).expect(200)).body).toMatchObject({ status: 'not_sent', total: 0 });
    });

    it('answers 202 at once and mails only the confirmed subscribers, each with their own working unsubscribe link', async () => {
      const author = await t.author();
      smtp.refuse.add('refused@example.com');
      const confirmed = await confirmedEmails(t);
      expect(confirmed).toContain('refused@example.com');
      expect(confirmed).not.toContain('never-confirmed@example.com');
      const before = smtp.received.length;
      const accepted = await author.post(`/api/posts/${post.id}/send`).send({}).expect(202);
      expect(accepted.body).toMatchObject({ postId: post.id, status: expect.stringMatching(/sending|done/), total: confirmed.length });

      const progress = await waitForSend(t, post.id);
      expect(progress).toMatchObject({
        status: 'done',
        total: confirmed.length,
        sent: confirmed.length - 1,
        failed: 1,
        skipped: 0,
        pending: 0,
        finishedAt: expect.any(String),
      });
      const refused = progress.recipients.find((recipient: { email: string }) => recipient.email === 'refused@example.com');
      expect(refused).toMatchObject({ status: 'failed', error: expect.stringContaining('Mailbox unavailable'), sentAt: null });
      expect(progress.recipients.filter((recipient: { status: string }) => recipient.status === 'sent')).toHaveLength(confirmed.length - 1);

      const postMails = smtp.received.slice(before);
      expect(postMails.map((mail) => mail.to).sort()).toEqual(confirmed.filter((email) => email !== 'refused@example.com'));
      const origin = `http://localhost:${(t.app.getHttpServer().address() as AddressInfo).port}`;
      for (const { parsed, raw } of postMails) {
        expect(parsed.subject).toBe(titleLeavingPage('مقالة عن الخوادم', 'rtl'));
        expect(parsed.from?.text).toContain('news@blog.example');
        expect(headerOf(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        expect(headerOf(raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?token=[\w-]{43}>$/);
        expect(parsed.html).toMatch(/<html lang="ar" dir="rtl">/);
        expect(parsed.html).toContain(`src="${origin}/uploads/cover.jpg"`);
        expect(parsed.html).toContain(`href="${origin}/post/${encodeURIComponent(post.slug)}"`);
        expect(parsed.html).toContain('ملخص المقالة &lt;بعلامات&gt;');
        expect(parsed.text).toContain(`${origin}/post/${encodeURIComponent(post.slug)}`);
        expect(parsed.text).toContain('ملخص المقالة <بعلامات>');
      }
      // every mail its own token
      const links = postMails.map((mail) => linkIn(mail.parsed.text ?? '', UNSUBSCRIBE));
      expect(new Set(links).size).toBe(postMails.length);

      // the page of the link in the body (its button) and the mail client's one-click POST (RFC 8058) both unsubscribe
      const leaves = postMails.find((mail) => mail.to === 'leaves@example.com')!;
      const page = await submitLinkPage(linkIn(leaves.parsed.text ?? '', UNSUBSCRIBE));
      expect(page.status).toBe(200);
      expect((await subscriberRow(t, 'leaves@example.com')).status).toBe('unsubscribed');
      const two = postMails.find((mail) => mail.to === 'two@example.com')!;
      const oneClick = await fetch(headerOf(two.raw, 'List-Unsubscribe')!.slice(1, -1), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect((await subscriberRow(t, 'two@example.com')).status).toBe('unsubscribed');
      // unsubscribing twice is harmless
      expect((await fetch(linkIn(two.parsed.text ?? '', UNSUBSCRIBE))).status).toBe(200);
    });

    it('sends a post once: the second call is 409 NEWSLETTER_ALREADY_SENT', async () => {
      const author = await t.author();
      const again = await author.post(`/api/posts/${post.id}/send`).send({}).expect(409);
      expect(again.body).toMatchObject({ statusCode: 409, code: 'NEWSLETTER_ALREADY_SENT' });
    });

    it('the next post goes only to those still confirmed', async () => {
      const author = await t.author();
      smtp.refuse.clear();
      const next = await createPost(author, { title: 'المقالة التالية', published: true });
      const before = smtp.received.length;
      await author.post(`/api/posts/${next.id}/send`).send({}).expect(202);
      const progress = await waitForSend(t, next.id);
      const expected = await confirmedEmails(t);
      for (const gone of ['leaves@example.com', 'two@example.com', 'never-confirmed@example.com']) expect(expected).not.toContain(gone);
      expect(expected).toContain('refused@example.com');
      expect(progress).toMatchObject({ total: expected.length, sent: expected.length });
      expect(
        smtp.received
          .slice(before)
          .map((mail) => mail.to)
          .sort(),
      ).toEqual(expected);
    });

    it('two simultaneous sends of a post on two instances: exactly one is accepted and each address gets one mail', async () => {
      const author = await t.author();
      const other = await t.anotherInstance();
      const otherAuthor = (await import('supertest')).default.agent(other.getHttpServer());
      await otherAuthor.post('/api/login').send({ username: 'author', password: 'secret-pass-1' }).expect(200);
      const raced = await createPost(author, { title: 'سباق', published: true });
      const before = smtp.received.length;
      const answers = await Promise.all([
        author.post(`/api/posts/${raced.id}/send`).send({}),
        otherAuthor.post(`/api/posts/${raced.id}/send`).send({}),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
      const progress = await waitForSend(t, raced.id);
      const recipients = (await confirmedEmails(t)).length;
      expect(progress.sent).toBe(recipients);
      await new Promise((resolve) => setTimeout(resolve, 300)); // a duplicate would have arrived by now
      const mails = smtp.received.slice(before).map((mail) => mail.to);
      expect(mails).toHaveLength(recipients);
      expect(new Set(mails).size).toBe(recipients);
      await t.stopInstance(other);
    });

    it('a send left by a stopped instance is finished by another, and no address gets it twice', async () => {
      const author = await t.author();
      for (let i = 0; i < 12; i += 1) await subscribeAndConfirm(`many${i}@example.com`);
      const recipients = (await confirmedEmails(t)).length;
      expect(recipients).toBeGreaterThan(10); // more than one batch
      const first = await t.anotherInstance();
      const firstAuthor = (await import('supertest')).default.agent(first.getHttpServer());
      await firstAuthor.post('/api/login').send({ username: 'author', password: 'secret-pass-1' }).expect(200);
      const resumed = await createPost(author, { title: 'استئناف', published: true });
      smtp.delayMs = 200;
      const before = smtp.received.length;
      await firstAuthor.post(`/api/posts/${resumed.id}/send`).send({}).expect(202);
      await t.stopInstance(first); // finishes the mails in flight, hands back the rest
      const halfway = (await author.get(`/api/posts/${resumed.id}/send`).expect(200)).body;
      expect(halfway.status).toBe('sending');
      expect(halfway.pending).toBeGreaterThan(0);

      smtp.delayMs = 0;
      const second = await t.anotherInstance(); // picks unfinished sends up when it starts
      const progress = await waitForSend(t, resumed.id);
      expect(progress).toMatchObject({ total: recipients, sent: recipients, failed: 0 });
      const mails = smtp.received.slice(before).map((mail) => mail.to);
      expect(mails).toHaveLength(recipients);
      expect(new Set(mails).size).toBe(recipients);
      await t.stopInstance(second);
    });
  });

  describe("the author's list", () => {
    it('counts, lists by status, exports CSV and removes a subscriber with their mails', async () => {
      await t.agent().get('/api/newsletter/counts').expect(401);
      await t.agent().get('/api/newsletter/export.csv').expect(401);
      const author = await t.author();
      const counts = (await author.get('/api/newsletter/counts').expect(200)).body;
      const all = (await author.get('/api/newsletter').expect(200)).body as { id: number; email: string; status: string }[];
      expect(counts.total).toBe(all.length);
      for (const status of ['confirmed', 'pending', 'unsubscribed'] as const) {
        const listed = (await author.get(`/api/newsletter?status=${status}`).expect(200)).body as { status: string }[];
        expect(listed.length).toBe(counts[status]);
        expect(listed.every((subscriber) => subscriber.status === status)).toBe(true);
      }
      expect(counts).toMatchObject({ unsubscribed: 2, pending: 3 }); // two left; late, flooded and never-confirmed never confirmed
      await author.get('/api/newsletter?status=gone').expect(400);

      const csv = await author.get('/api/newsletter/export.csv').expect(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toContain('attachment');
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('email,status,createdAt,confirmedAt,unsubscribedAt');
      expect(lines).toHaveLength(all.length + 1);
      expect(lines).toContainEqual(expect.stringMatching(/^two@example\.com,unsubscribed,\S+,\S+,\S+$/));

      const two = all.find((subscriber) => subscriber.email === 'two@example.com')!;
      const mails = t.app.get(DataSource).getRepository(NewsletterMail);
      expect(await mails.countBy({ subscriberId: two.id })).toBeGreaterThan(0);
      await t.agent().delete(`/api/newsletter/${two.id}`).expect(401);
      await author.delete(`/api/newsletter/${two.id}`).expect(204);
      const again = await author.delete(`/api/newsletter/${two.id}`).expect(404);
      expect(again.body.code).toBe('SUBSCRIBER_NOT_FOUND');
      expect(await mails.countBy({ subscriberId: two.id })).toBe(0);
      expect((await author.get('/api/newsletter/counts').expect(200)).body.total).toBe(counts.total - 1);
    });
  });
});

describe('newsletter links act on POST, never on GET (mail scanners follow links)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A scanner opens a link: twice, and HEAD too. */
  async function scan(link: string): Promise<string> {
    await fetch(link, { method: 'HEAD' });
    await fetch(link);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    return page.text();
  }

  async function confirmedSubscriber(email: string): Promise<ReceivedMail> {
    await subscribe(t, email).expect(202);
    const [mail] = await mailsTo(smtp, email, 1);
    expect((await submitLinkPage(linkIn(mail.parsed.text ?? '', CONFIRM))).status).toBe(200);
    expect((await subscriberRow(t, email)).status).toBe('confirmed');
    return mail;
  }

  it("opening a confirmation link changes nothing; the page's button (a POST of the token) confirms", async () => {
    await subscribe(t, 'scanned@example.com').expect(202);
    const [mail] = await mailsTo(smtp, 'scanned@example.com', 1);
    const link = linkIn(mail.parsed.text ?? '', CONFIRM);
    const html = await scan(link);
    expect((await subscriberRow(t, 'scanned@example.com')).status).toBe('pending');
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('<form method="post" action="/api/newsletter/confirm">');
    expect(html).toContain(`<input type="hidden" name="token" value="${new URL(link).searchParams.get('token')}">`);
    expect(html).toContain('<button type="submit">تأكيد الاشتراك</button>');

    const confirmed = await submitLinkPage(link);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('تم تأكيد اشتراكك');
    expect((await subscriberRow(t, 'scanned@example.com')).status).toBe('confirmed');
  });

  it("opening an unsubscribe link changes nothing; the page's button unsubscribes", async () => {
    const mail = await confirmedSubscriber('stays-put@example.com');
    const link = linkIn(mail.parsed.text ?? '', UNSUBSCRIBE);
    const html = await scan(link);
    expect((await subscriberRow(t, 'stays-put@example.com')).status).toBe('confirmed');
    expect(html).toContain('<form method="post" action="/api/newsletter/unsubscribe">');
    expect(html).toContain('<button type="submit">إلغاء الاشتراك</button>');

    const left = await submitLinkPage(link);
    expect(left.status).toBe(200);
    expect(await left.text()).toContain('تم إلغاء اشتراكك');
    expect((await subscriberRow(t, 'stays-put@example.com')).status).toBe('unsubscribed');
    // opened again: says so, with nothing more to press
    const again = await scan(link);
    expect(again).toContain('تم إلغاء اشتراكك');
    expect(again).not.toContain('<form');
  });

  it('every mail carries List-Unsubscribe (RFC 8058); its one-click POST unsubscribes without cookie or Origin', async () => {
    const mail = await confirmedSubscriber('one-click@example.com');
    expect(headerOf(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const header = headerOf(mail.raw, 'List-Unsubscribe')!;
    expect(header).toMatch(new RegExp(`^<http://localhost:\\d+${UNSUBSCRIBE}\\?token=[\\w-]{43}>$`));
    // as a mail provider sends it: server to server, the URL of the header, no cookie, no Origin
    const oneClick = await t
      .agent()
      .post(new URL(header.slice(1, -1)).pathname + new URL(header.slice(1, -1)).search)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect(oneClick.request.getHeader('origin')).toBeUndefined();
    expect(oneClick.request.getHeader('cookie')).toBeUndefined();
    expect((await subscriberRow(t, 'one-click@example.com')).status).toBe('unsubscribed');
  });

  it("another site's form cannot post a link's token (403 CROSS_SITE_REQUEST); nothing changes", async () => {
    const mail = await confirmedSubscriber('targeted@example.com');
    const token = new URL(linkIn(mail.parsed.text ?? '', UNSUBSCRIBE)).searchParams.get('token')!;
    const refused = await t.agent().post(UNSUBSCRIBE).set('Origin', 'https://evil.example').type('form').send({ token }).expect(403);
    expect(refused.body.code).toBe('CROSS_SITE_REQUEST');
    expect((await subscriberRow(t, 'targeted@example.com')).status).toBe('confirmed');
  });
});

describe('newsletter without SMTP (the outbox)', () => {
  const t = sharedTestApp();

  const outbox = () =>
    readdirSync(join(t.dataDir, 'outbox'))
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => readFileSync(join(t.dataDir, 'outbox', name), 'utf8'));

  it('writes the confirmation and the post mails to DATA_DIR/outbox, with working links', async () => {
    await t.agent().post('/api/newsletter').send({ email: 'local@example.com' }).expect(202);
    const [confirmation] = outbox();
    const parsed = await simpleParser(confirmation);
    expect(headerOf(confirmation, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(confirmation, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?token=[\w-]{43}>$/);
    expect(parsed.html).toMatch(/dir="rtl"/);
    expect((await submitLinkPage(linkIn(parsed.text ?? '', CONFIRM))).status).toBe(200);

    const author = await t.author();
    const post = await createPost(author, { title: 'من صندوق الصادر', published: true });
    await author.post(`/api/posts/${post.id}/send`).send({}).expect(202);
    await waitForSend(t, post.id);
    const mails = outbox();
    expect(mails).toHaveLength(2);
    const postMail = await simpleParser(mails[1]);
    expect(postMail.subject).toBe(titleLeavingPage('من صندوق الصادر', 'rtl'));
    expect((await submitLinkPage(linkIn(postMail.text ?? '', UNSUBSCRIBE))).status).toBe(200);
  });

  it('refuses a send when nobody has confirmed (409 NEWSLETTER_NO_SUBSCRIBERS), and it can be sent later', async () => {
    const author = await t.author();
    const post = await createPost(author, { published: true });
    const refused = await author.post(`/api/posts/${post.id}/send`).send({}).expect(409);
    expect(refused.body.code).toBe('NEWSLETTER_NO_SUBSCRIBERS');
    expect((await author.get(`/api/posts/${post.id}/send`).expect(200)).body.status).toBe('not_sent');
  });

  it.each([
    ['not an email', { email: 'nope' }],
    ['no email', {}],
    ['a number', { email: 5 }],
    ['an unknown field', { email: 'a@b.co', name: 'x' }],
  ])('POST refuses %s with 400', async (_case, body) => {
    await t.agent().post('/api/newsletter').send(body).expect(400);
  });

  it('refuses more than 10 sign-ups an hour from one client address with 429', async () => {
    // One sign-up was made above (refused bodies never reach the counter).
    for (let i = 0; i < 9; i += 1)
      await t
        .agent()
        .post('/api/newsletter')
        .send({ email: `reader${i}@example.com` })
        .expect(202);
    const refused = await t.agent().post('/api/newsletter').send({ email: 'one-more@example.com' }).expect(429);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
  });
});
