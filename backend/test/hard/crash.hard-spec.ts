import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendDir, buildBackend } from '../support/build';
import { AUTHOR } from '../support/test-app';

/**
 * SIGKILL in the middle of a write load: nothing acknowledged may be lost and the database must be intact.
 * The server runs as a real process (the built backend), as in production, so it can be killed.
 */
const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const WRITERS = 20;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('a crash under a write load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-crash-'));
  const database = `mudawwana_crash_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string | undefined;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    // the build `npm test` made first (both drivers' runs read it; compiled here only when missing or stale)
    await buildBackend();
    if (postgresUrl) {
      const admin = new Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const url = new URL(postgresUrl);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    }
  }, 180_000);

  afterAll(async () => {
    server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (postgresUrl) {
      const admin = new Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  });

  it(`keeps every acknowledged write of ${WRITERS} writers and an intact database after SIGKILL`, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [join(backendDir, 'dist', 'main.js')], {
      cwd: backendDir,
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: dataDir,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    });
    for (let tries = 0; ; tries += 1) {
      const healthy = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      if (tries > 150) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const registered = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(AUTHOR),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');

    const acknowledged: { id: number; title: string }[] = [];
    const refused = new Map<number, number>();
    let killed = false;
    const writer = async (w: number) => {
      for (let n = 0; !killed; n += 1) {
        const title = `كاتب ${w} مقال ${n}`;
        try {
          const response = await fetch(`${base}/api/posts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ title, content: `<p>${title}</p>`, tags: ['crash', `w${w}`], published: n % 2 === 0 }),
          });
          if (response.status === 201) acknowledged.push({ id: ((await response.json()) as { id: number }).id, title });
          else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    const loadStart = Date.now();
    while (acknowledged.length < 300) {
      if (Date.now() - loadStart > 60_000)
        throw new Error(`only ${acknowledged.length} writes in a minute; refused: ${JSON.stringify([...refused])}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    server.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);

    const rows: { id: number; title: string }[] = [];
    if (databaseUrl) {
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      rows.push(...(await client.query('SELECT id, title FROM posts')).rows);
      await client.end();
    } else {
      const db = await new DataSource({ type: 'better-sqlite3', database: join(dataDir, 'blog.sqlite') }).initialize();
      expect(await db.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      rows.push(...(await db.query('SELECT id, title FROM posts')));
      await db.destroy();
    }
    const stored = new Map(rows.map((row) => [row.id, row.title]));
    const lost = acknowledged.filter((write) => stored.get(write.id) !== write.title);
    console.info(`crash: ${acknowledged.length} writes acknowledged, ${rows.length} present, ${lost.length} lost`);
    expect(lost).toEqual([]);
  }, 120_000);
});
