import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { queryPostgres, scratchPostgres, type ScratchDatabase } from './scratch-postgres';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, expect } from 'vitest';
import { backendDir, builtBackend } from './build';
import { AUTHOR } from './test-app';

/** A port nothing listens on (for a server started as a process of its own). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** What it printed so far, a line each (stdout and stderr). */
  output: string[];
  /** Resolves with the first line printed that matches. */
  line(pattern: RegExp): Promise<string>;
  /** Resolves when it exits, with when (performance.now()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Starts the built server (`node dist/main.js`, as in production) and waits until /api/health answers. */
export async function startServer(dist: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(dist, 'main.js')], {
    cwd: backendDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, NODE_ENV: 'test', PORT: String(port), SESSION_SECRET: randomBytes(32).toString('hex'), ...env },
  });
  const output: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      output.push(line);
      for (const wait of waiting.filter(({ pattern }) => pattern.test(line))) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(line);
      }
    }
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  let running = true;
  void exited.then(() => (running = false));
  for (let tries = 0; ; tries += 1) {
    const healthy = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (!running || tries > 150) throw new Error(`the server did not start:\n${output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    port,
    base,
    output,
    exited,
    line: (pattern) => {
      const printed = output.find((line) => pattern.test(line));
      return printed !== undefined ? Promise.resolve(printed) : new Promise((resolve) => waiting.push({ pattern, resolve }));
    },
  };
}

export interface ScratchBlog {
  /** Its data directory (the SQLite file, uploads). */
  dataDir: string;
  /** Its scratch PostgreSQL database, when the test file runs on PostgreSQL (DATABASE_URL names a server). */
  databaseUrl(): string | undefined;
  /** Starts the built server on this blog, with these settings besides; it is killed after the file if still running. */
  start(env?: Record<string, string>): Promise<ServerProcess>;
}

/**
 * One blog for the servers a test file starts as processes (`node dist/main.js`): a data directory, and on
 * PostgreSQL a scratch database, made before the file's tests with the backend built, and removed after them.
 */
export function scratchBlog(name: string): ScratchBlog {
  const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), `mudawwana-${name}-`));
  const servers: ServerProcess[] = [];
  let scratch: ScratchDatabase | undefined;
  let dist: string;

  beforeAll(async () => {
    dist = await builtBackend();
    if (postgresUrl) scratch = await scratchPostgres(postgresUrl, `mudawwana_${name.replace(/\W/g, '_')}`);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  return {
    dataDir,
    databaseUrl: () => scratch?.url,
    start: async (env = {}) => {
      const server = await startServer(dist, { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}), ...env });
      servers.push(server);
      return server;
    },
  };
}

/** Registers the author; returns the session cookie. */
export async function registerAuthor(base: string): Promise<string> {
  return authorSession(base, '/api/register', AUTHOR);
}

/** Signs the registered author in (on a server started again); returns the session cookie. */
export async function signInAuthor(base: string): Promise<string> {
  return authorSession(base, '/api/login', { username: AUTHOR.username, password: AUTHOR.password });
}

async function authorSession(base: string, path: string, body: object): Promise<string> {
  const answer = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return answer.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

/** `npm run seed -- --posts N` as a process of its own, on a blog's data (its DATA_DIR and, on PostgreSQL, its database). */
export async function seedPosts(data: { dataDir: string; databaseUrl?: string }, posts: number): Promise<void> {
  await promisify(execFile)(process.execPath, [join(backendDir, 'dist/database/seeds/seed-cli.js'), '--posts', String(posts)], {
    env: { ...process.env, DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl ?? '' },
  });
}

/**
 * The posts a stopped (or killed) server left in its database, read from outside it; on SQLite the file must also
 * pass its integrity check.
 */
export async function storedPosts(dataDir: string, databaseUrl: string | undefined): Promise<{ id: number; title: string }[]> {
  if (databaseUrl) return queryPostgres(databaseUrl, 'SELECT id, title FROM posts');
  const db = await new DataSource({ type: 'better-sqlite3', database: join(dataDir, 'blog.sqlite') }).initialize();
  try {
    expect(await db.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    return await db.query('SELECT id, title FROM posts');
  } finally {
    await db.destroy();
  }
}

/** Runs SQL on the database of a server process from outside it (both drivers), e.g. to set up rows in bulk. */
export async function queryStored<T = Record<string, unknown>>(
  dataDir: string,
  databaseUrl: string | undefined,
  sql: string,
): Promise<T[]> {
  if (databaseUrl) return queryPostgres<T>(databaseUrl, sql);
  const db = await new DataSource({
    type: 'better-sqlite3',
    database: join(dataDir, 'blog.sqlite'),
    prepareDatabase: (sqlite) => sqlite.pragma('busy_timeout = 5000'),
  }).initialize();
  try {
    return await db.query(sql);
  } finally {
    await db.destroy();
  }
}
