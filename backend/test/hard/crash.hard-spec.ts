import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtBackend } from '../support/build';
import { scratchPostgres, type ScratchDatabase } from '../support/scratch-postgres';
import { registerAuthor, ServerProcess, startServer, storedPosts } from '../support/server-process';

/**
 * SIGKILL in the middle of a write load: nothing acknowledged may be lost and the database must be intact.
 * The server runs as a real process (the built backend), as in production, so it can be killed.
 */
const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const WRITERS = 20;

describe('a crash under a write load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mudawwana-crash-'));
  let build: string;
  let postgres: ScratchDatabase | undefined;
  let databaseUrl: string | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    // the build `npm test` made first (both drivers' runs read it; compiled here only when missing or stale)
    build = await builtBackend();
    postgres = postgresUrl ? await scratchPostgres(postgresUrl, 'mudawwana_crash') : undefined;
    databaseUrl = postgres?.url;
  }, 180_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  });

  it(`keeps every acknowledged write of ${WRITERS} writers and an intact database after SIGKILL`, async () => {
    server = await startServer(build, { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    const { base } = server;
    const cookie = await registerAuthor(base);

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
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);

    const rows = await storedPosts(dataDir, databaseUrl);
    const stored = new Map(rows.map((row) => [row.id, row.title]));
    const lost = acknowledged.filter((write) => stored.get(write.id) !== write.title);
    console.info(`crash: ${acknowledged.length} writes acknowledged, ${rows.length} present, ${lost.length} lost`);
    expect(lost).toEqual([]);
  }, 120_000);
});
