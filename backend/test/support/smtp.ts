import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipient. */
  to: string;
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  /** SMTP_URL for the app. */
  url: string;
  received: ReceivedMail[];
  /** Recipients the server refuses (550), to see a failed delivery recorded. */
  refuse: Set<string>;
  /** Milliseconds the server takes to accept each message (a slow mail server). */
  delayMs: number;
  /**
   * Accepts this many more messages, then holds every further one unanswered (the sender waits for the 250) until
   * `release()`; undefined: no holding. A held message whose sender goes away is never accepted: see `dropped`.
   */
  holdAfter: number | undefined;
  /** Messages held right now. */
  readonly held: number;
  /** Accepts the held messages and stops holding. */
  release(): void;
  /** Messages whose sender closed the connection (or died) while the server held them: never accepted. */
  dropped: ReceivedMail[];
  to(address: string): ReceivedMail[];
  /** Waits until `count` mails in all have arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server (npm smtp-server) on a free loopback port that keeps every mail it receives, parsed. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const dropped: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const state: { delayMs: number; holdAfter: number | undefined } = { delayMs: 0, holdAfter: undefined };
  const held = new Map<string, { mails: ReceivedMail[]; accept: () => void }[]>(); // by session id
  const closed = new Set<string>(); // sessions whose sender went away
  /** Answers 250, unless the sender has gone: then it never learns, and the message was never accepted. */
  const accept = (sessionId: string, mails: ReceivedMail[], callback: () => void) => {
    if (closed.has(sessionId)) return void dropped.push(...mails);
    received.push(...mails);
    callback();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            const mails = session.envelope.rcptTo.map((recipient) => ({ to: recipient.address, raw, parsed }));
            if (closed.has(session.id)) return void dropped.push(...mails);
            if (state.holdAfter !== undefined && state.holdAfter <= 0) {
              held.set(session.id, [...(held.get(session.id) ?? []), { mails, accept: () => accept(session.id, mails, callback) }]);
              return;
            }
            if (state.holdAfter !== undefined) state.holdAfter -= 1;
            setTimeout(() => accept(session.id, mails, callback), state.delayMs);
          })
          .catch(callback);
      });
    },
    onClose(session) {
      closed.add(session.id);
      for (const message of held.get(session.id) ?? []) dropped.push(...message.mails);
      held.delete(session.id);
    },
  });
  // A sender killed in the middle of a message (the newsletter crash test's SIGKILL) may reset its connection rather
  // than close it: smtp-server reports that as an error of the server, and with no listener it became an unhandled
  // error of the test run (seen in CI). onClose, which follows, counts that sender's mails as dropped; anything else
  // stays loud.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    get holdAfter() {
      return state.holdAfter;
    },
    set holdAfter(value: number | undefined) {
      state.holdAfter = value;
    },
    get held() {
      return [...held.values()].reduce((sum, messages) => sum + messages.length, 0);
    },
    release() {
      state.holdAfter = undefined;
      const messages = [...held.values()].flat();
      held.clear();
      for (const message of messages) message.accept();
    },
    dropped,
    to: (address) => received.filter((mail) => mail.to === address),
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, received ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`, e.g. `/api/newsletter/confirm`. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[0].replace(/&amp;/g, '&');
}

/** A header of a raw message as one line (long ones are folded over several lines by the sender). */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim();
}
