import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import TestAgent from 'supertest/lib/agent';
import type { DataSource } from 'typeorm';
import { AuthService } from '../../src/auth/auth.service';
import type { TestApp } from './test-app';

/** Fields that must never leave the server in any user object. */
export const SECRET_USER_FIELDS = ['password', 'resetToken', 'resetTokenExpiry'];

export function expectNoSecrets(user: Record<string, unknown>): void {
  for (const field of SECRET_USER_FIELDS) expect(user).not.toHaveProperty(field);
}

/** The password reset mails in DATA_DIR/outbox, oldest first. */
export function outboxMails(t: TestApp): string[] {
  const dir = join(t.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}

/**
 * The outbox once the reset mails asked for so far are written: forgot-password answers first and prepares its mail
 * after (so its time does not tell whether the address has an account).
 */
export async function outboxMailsAfterResets(t: TestApp): Promise<string[]> {
  await t.app.get(AuthService).resetMailsDone();
  return outboxMails(t);
}

export function resetTokenIn(mail: string): string {
  const match = /\/reset-password\?token=([\w-]+)/.exec(mail);
  if (!match) throw new Error(`no reset link in the mail:\n${mail}`);
  return match[1];
}

let counter = 0;

/** Creates a post through the API (a draft unless told otherwise) and returns its JSON. */
export async function createPost(agent: TestAgent, fields: Record<string, unknown> = {}): Promise<Record<string, any>> {
  counter += 1;
  const response = await agent
    .post('/api/posts')
    .send({ title: `Post ${counter}`, content: `<p>content of post ${counter}</p>`, ...fields });
  if (response.status !== 201) throw new Error(`cannot create a post: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * How long a test waits for something that happens after an answer (a page rebuilt, a change relayed to another
 * instance) before it fails. A limit for giving up, not a promise of speed: CI's two cores are shared and often busy,
 * so how fast a change shows is measured by `npm run bench` ("edit to visible"), never by a timed test.
 */
export const EVENTUALLY_MS = 20_000;

/** Resolves once `check` holds (looked at every `everyMs`); throws past `limitMs`. */
export async function waitFor(check: () => Promise<boolean>, limitMs = EVENTUALLY_MS, everyMs = 20): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A query the app sent through TypeORM, with its parameters. */
export interface SentQuery {
  sql: string;
  parameters: unknown[];
}

/** Runs `work` and answers it with every query the app sent through `dataSource` meanwhile, in order. */
export async function queriesDuring<T>(dataSource: DataSource, work: () => Promise<T>): Promise<{ result: T; queries: SentQuery[] }> {
  const queries: SentQuery[] = [];
  const logger = dataSource.logger;
  const recording = new Proxy(logger, {
    get: (object, property, receiver) =>
      property === 'logQuery'
        ? (sql: string, parameters?: unknown[], ...rest: unknown[]) => {
            queries.push({ sql, parameters: parameters ?? [] });
            return (object.logQuery as (...args: unknown[]) => unknown).call(object, sql, parameters, ...rest);
          }
        : Reflect.get(object, property, receiver),
  });
  Object.defineProperty(dataSource, 'logger', { value: recording, configurable: true, writable: true });
  try {
    return { result: await work(), queries };
  } finally {
    Object.defineProperty(dataSource, 'logger', { value: logger, configurable: true, writable: true });
  }
}
