import { createServer, type AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../src/app';
import { SetupCode } from '../../src/auth/setup-code';
import { loadConfig } from '../../src/config/app-config';
import { scratchPostgres } from './scratch-postgres';

export const AUTHOR = { username: 'author', email: 'author@example.com', password: 'secret-pass-1', name: 'كاتب المدونة' };

export interface TestApp {
  app: NestExpressApplication;
  driver: 'sqlite' | 'postgres';
  dataDir: string;
  /** The PostgreSQL database of this app (undefined on SQLite), for a second instance on the same one. */
  databaseUrl?: string;
  /** A fresh cookie-keeping client (a browser of its own). */
  agent(): TestAgent;
  /** A client signed in as the author (registered on first use). */
  author(): Promise<TestAgent>;
  /** Another instance of the app on the same database (PostgreSQL: several instances share one database). */
  anotherInstance(): Promise<NestExpressApplication>;
  /** Stops one of those other instances (as a crashed or redeployed server), before the rest. */
  stopInstance(instance: NestExpressApplication): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** An existing PostgreSQL database (another instance's, or a restored one), left in place on close. */
  databaseUrl?: string;
  /** An existing DATA_DIR (with its SQLite file, if any), left in place on close. */
  dataDir?: string;
  /** Serve the rendered site too (needs the frontend build), not only the API. */
  serveSite?: boolean;
  /** Listen on this port (one free a moment ago: see freePort), so that PUBLIC_URL can name it; any free port otherwise. */
  port?: number;
}

/**
 * The whole app on a brand-new database, listening on an ephemeral port: SQLite in a temporary DATA_DIR,
 * or (when the project runs with a PostgreSQL DATABASE_URL) a database created for this test file and
 * dropped afterwards.
 */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const serveSite = options.serveSite ?? false;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mudawwana-test-'));
  const driver = process.env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
  // A test may bring its own PostgreSQL database (options.databaseUrl, or DATABASE_URL in env); otherwise it gets
  // a database of its own here.
  let databaseUrl = options.databaseUrl ?? env.DATABASE_URL;
  let dropDatabase = async () => {};
  if (driver === 'postgres' && !databaseUrl) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL as string, 'mudawwana_test');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await createApp(config, { serveSite });
  await app.listen(options.port ?? 0, '127.0.0.1');
  const others: NestExpressApplication[] = [];
  const server = app.getHttpServer();
  let authorAgent: TestAgent | undefined;

  return {
    app,
    driver,
    dataDir,
    databaseUrl,
    agent: () => request.agent(server),
    async author() {
      if (authorAgent) return authorAgent;
      const agent = request.agent(server);
      // A blog with a non-local PUBLIC_URL asks its first account for the setup code (auth/setup-code.ts).
      const { setupCodeRequired } = (await agent.get('/api/registration')).body as { setupCodeRequired: boolean };
      const setupCode = setupCodeRequired ? await app.get(SetupCode).current() : undefined;
      const registered = await agent.post('/api/register').send({ ...AUTHOR, setupCode });
      if (registered.status !== 201) {
        const login = await agent.post('/api/login').send({ username: AUTHOR.username, password: AUTHOR.password });
        if (login.status !== 200) throw new Error(`cannot sign in the author: ${login.status} ${JSON.stringify(login.body)}`);
      }
      authorAgent = agent;
      return agent;
    },
    async anotherInstance() {
      const other = await createApp(config, { serveSite });
      await other.listen(0, '127.0.0.1');
      others.push(other);
      return other;
    },
    async stopInstance(instance) {
      others.splice(others.indexOf(instance), 1);
      await instance.close();
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await dropDatabase();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A TCP port free at this moment on 127.0.0.1 (to name in PUBLIC_URL before the app listens on it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The app the tests of one describe block share: started (startTestApp) before the first and closed after the last.
 * It is returned at once, while the block is being declared and before any hook has run, so it answers only inside
 * hooks and tests; register it before the block's own beforeAll, which then finds it started.
 */
export function sharedTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(env, options);
  });
  afterAll(() => started?.close());
  const current = (): TestApp => {
    if (!started) throw new Error('the shared test app starts in beforeAll: use it in hooks and tests');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get driver() {
      return current().driver;
    },
    get dataDir() {
      return current().dataDir;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    agent: () => current().agent(),
    author: () => current().author(),
    anotherInstance: () => current().anotherInstance(),
    stopInstance: (instance) => current().stopInstance(instance),
    close: () => current().close(),
  };
}
