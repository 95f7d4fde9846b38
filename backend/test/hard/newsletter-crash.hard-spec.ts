import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtBackend } from '../support/build';
import { scratchPostgres, type ScratchDatabase } from '../support/scratch-postgres';
import { queryStored, registerAuthor, type ServerProcess, startServer } from '../support/server-process';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

/**
 * SIGKILL in the middle of a newsletter send (docs/decisions/019): the mail server holds some deliveries unanswered
 * when the server dies, so the kill lands between the claim of those mails and their record. The next instance on
 * the same data must finish the send: every subscriber gets the post exactly once, nobody is skipped.
 */
const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const SUBSCRIBERS = 300;
const ACCEPTED_BEFORE_THE_KILL = 125; // halfway through a batch of 10

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('SIGKILL in the middle of a newsletter send', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-newsletter-crash-'));
  let build: string;
  let postgres: ScratchDatabase | undefined;
  let databaseUrl: string | undefined;
  let smtp: TestSmtpServer;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    build = await builtBackend();
    postgres = postgresUrl ? await scratchPostgres(postgresUrl, 'mudawwana_newsletter_crash') : undefined;
    databaseUrl = postgres?.url;
    smtp = await startSmtpServer();
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  });

  it(`the next instance finishes the send: each of ${SUBSCRIBERS} subscribers gets the post exactly once`, async () => {
    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      // the same secret on both instances, so the author's session cookie works on the second
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // a dead instance's lease runs out in 2 s (60 s by default), so the test need not wait a minute
      NEWSLETTER_LEASE_MS: '2000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const first = await startServer(build, env);
    servers.push(first);
    const cookie = await registerAuthor(first.base);
    const api = (server: ServerProcess, path: string, init: RequestInit = {}) =>
      fetch(`${server.base}${path}`, { ...init, headers: { 'content-type': 'application/json', cookie, ...init.headers } });
    const created = await api(first, '/api/posts', {
      method: 'POST',
      body: JSON.stringify({ title: 'مقالة الإرسال المقطوع', content: '<p>نص المقالة</p>', published: true }),
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as { id: number };
    const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader-${String(i).padStart(3, '0')}@example.com`);
    await queryStored(
      dataDir,
      databaseUrl,
      `INSERT INTO newsletter_subscribers (email, status) VALUES ${emails.map((email) => `('${email}', 'confirmed')`).join(', ')}`,
    );
    const progress = async (server: ServerProcess) =>
      (await (await api(server, `/api/posts/${post.id}/send`)).json()) as {
        status: string;
        total: number;
        sent: number;
        failed: number;
        skipped: number;
        pending: number;
      };

    // The mail server accepts the first mails, then holds every further one without answering.
    smtp.holdAfter = ACCEPTED_BEFORE_THE_KILL;
    expect((await api(first, `/api/posts/${post.id}/send`, { method: 'POST', body: '{}' })).status).toBe(202);
    // Every accepted mail recorded as sent, and the next ones held: the instance is in the middle of a batch.
    await until('the accepted mails recorded and the next ones held', async () => {
      const now = await progress(first);
      return now.sent === ACCEPTED_BEFORE_THE_KILL && smtp.received.length === ACCEPTED_BEFORE_THE_KILL && smtp.held > 0 ? now : undefined;
    });
    const held = smtp.held;
    first.child.kill('SIGKILL');
    await first.exited;
    // The held deliveries were never accepted: their connections died with the server.
    await until('the held mails dropped', async () => (smtp.dropped.length >= held ? true : undefined));
    smtp.release();

    const second = await startServer(build, env);
    servers.push(second);
    const done = await until('the send finished by the second instance', async () => {
      const now = await progress(second);
      return now.status === 'done' ? now : undefined;
    });
    expect(done).toMatchObject({ total: SUBSCRIBERS, sent: SUBSCRIBERS, failed: 0, skipped: 0, pending: 0 });

    const received = smtp.received.map((mail) => mail.to).sort();
    expect(received).toEqual(emails); // each exactly once: nobody skipped, nobody twice
    // A mail sent again carries the Message-ID of the attempt the kill cut short (a receiver can drop a duplicate).
    for (const attempt of smtp.dropped) {
      const [delivered] = smtp.to(attempt.to);
      expect(delivered.parsed.messageId).toBe(attempt.parsed.messageId);
    }
    const messageIds = new Set(smtp.received.map((mail) => mail.parsed.messageId));
    expect(messageIds.size).toBe(SUBSCRIBERS);
    console.info(`newsletter crash: killed with ${held} mails held at the mail server, ${SUBSCRIBERS} delivered once each`);
  }, 300_000);
});
