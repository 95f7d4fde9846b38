import { existsSync } from 'node:fs';
import * as http from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRAIN_MS, STOP_DEADLINE_MS } from '../../src/shutdown';
import { backendDir } from '../support/build';
import { registerAuthor, scratchBlog, seedPosts, ServerProcess, storedPosts } from '../support/server-process';

/**
 * SIGTERM (docker stop, a redeploy) under a load of keep-alive clients that go on sending: the server stops within
 * 5 s with exit code 0 (docker kills after 10 s), answers in full what it had received, tells the clients to close
 * (`Connection: close`) and refuses new connections. Until this, it exited 66 s later: the keep-alive timeout.
 */
const CLIENTS = 20;
/** Built by `npm test` before the suites: the search page is then rendered by the render worker for each request. */
const siteBuilt = existsSync(join(backendDir, '../frontend/dist/server/entry-server.js'));

interface Outcome {
  method: string;
  title?: string;
  /** When the request had been handed to the OS: before SIGTERM, after it, or after the server said it was stopping. */
  sent?: 'before' | 'after' | 'after stopping';
  status?: number;
  connection?: string;
  body?: string;
  error?: string;
}

describe('a stop on SIGTERM', () => {
  const blog = scratchBlog('stop');
  const start = () => blog.start();

  /** Waits for the exit, 70 s at most (the time it took before); returns how long after `since` it came. */
  const exitOf = async (server: ServerProcess, since: number) => {
    let timer: NodeJS.Timeout | undefined;
    const exit = await Promise.race([
      server.exited,
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), 70_000))),
    ]);
    clearTimeout(timer);
    if (!exit) throw new Error(`still running 70 s after SIGTERM:\n${server.output.join('\n')}`);
    return { ...exit, after: exit.at - since };
  };

  it(`exits with 0 within ${STOP_DEADLINE_MS / 1000} s while ${CLIENTS} keep-alive clients go on sending, answering all it had`, async () => {
    const server = await start();
    const cookie = await registerAuthor(server.base);
    let signalled = false;
    let stoppingSeen = false;
    const outcomes: Outcome[][] = Array.from({ length: CLIENTS }, () => []);

    const send = (agent: http.Agent, method: 'GET' | 'POST', path: string, post?: { title: string }) =>
      new Promise<Outcome>((resolve) => {
        // Drafts: each published post would also have the page store render its pages again at once.
        const body = post && JSON.stringify({ ...post, content: `<p>${post.title}</p>`, tags: ['stop'], published: false });
        const outcome: Outcome = { method, title: post?.title };
        const headers: http.OutgoingHttpHeaders = body
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie }
          : {};
        const request = http.request(`${server.base}${path}`, { method, agent, headers }, (response) => {
          Object.assign(outcome, { status: response.statusCode, connection: response.headers.connection });
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ ...outcome, body: Buffer.concat(chunks).toString() }));
          response.on('close', () => resolve({ ...outcome, error: response.complete ? undefined : 'answer cut short' }));
        });
        request.on('finish', () => (outcome.sent = stoppingSeen ? 'after stopping' : signalled ? 'after' : 'before'));
        request.on('error', (error: NodeJS.ErrnoException) => resolve({ ...outcome, error: error.code ?? error.message }));
        request.end(body);
      });

    // Each client on a keep-alive connection of its own, one request after the other until one fails. One in five
    // asks for the search page (rendered for each request), the others write a post.
    const client = async (c: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; ; n += 1) {
        const outcome =
          c % 5 === 0
            ? await send(agent, 'GET', `/search?q=${encodeURIComponent(`مقال ${n}`)}`)
            : await send(agent, 'POST', '/api/posts', { title: `عميل ${c} طلب ${n}` });
        outcomes[c].push(outcome);
        if (outcome.error) return agent.destroy();
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
    const loadStart = Date.now();
    while (outcomes.some((answers) => answers.length < 3)) {
      if (Date.now() - loadStart > 60_000) throw new Error(`the load did not start: ${JSON.stringify(outcomes.map((a) => a.at(-1)))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    // A request in flight at the signal for sure: its headers are in (the server said 100 Continue), its body
    // follows the signal. The server must read it, write the post and answer.
    const held = { title: 'في الطريق عند الإشارة', content: '<p>نص</p>', published: true };
    const heldBody = JSON.stringify(held);
    const heldRequest = http.request(`${server.base}/api/posts`, {
      method: 'POST',
      agent: new http.Agent({ keepAlive: true }),
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(heldBody), cookie, expect: '100-continue' },
    });
    const heldAnswer = new Promise<Outcome>((resolve) => {
      heldRequest.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            method: 'POST',
            status: response.statusCode,
            connection: response.headers.connection,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      });
      heldRequest.on('error', (error: NodeJS.ErrnoException) => resolve({ method: 'POST', error: error.code ?? error.message }));
    });
    heldRequest.flushHeaders();
    await new Promise((resolve) => heldRequest.once('continue', resolve));

    const signalAt = performance.now();
    signalled = true;
    server.child.kill('SIGTERM');
    await server.line(/^mudawwana: stopping \(SIGTERM\)…$/);
    stoppingSeen = true;
    // It said so once it no longer listens: a new connection is refused.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () => resolve('accepted'));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    heldRequest.end(heldBody);

    const exit = await exitOf(server, signalAt);
    await Promise.all(clients);
    const answered = await heldAnswer;
    const all = outcomes.flat();
    const after = all.filter((outcome) => outcome.sent !== 'before');
    const errors: Record<string, number> = {};
    for (const { error, sent } of all)
      if (error) errors[`${error}, sent ${sent ?? 'never'}`] = (errors[`${error}, sent ${sent ?? 'never'}`] ?? 0) + 1;
    console.info(
      `stop: exited ${Math.round(exit.after)} ms after SIGTERM (code ${exit.code}); ${all.length - after.length} requests before it, ` +
        `${after.filter((o) => o.status).length} answered after it (${after.filter((o) => o.connection === 'close').length} with Connection: close), ` +
        `errors: ${JSON.stringify(errors)}; the server: ${server.output.filter((line) => /stopp/.test(line)).join(' / ')}`,
    );

    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(exit.after).toBeLessThan(STOP_DEADLINE_MS);
    expect(server.output).toContain('mudawwana: stopping (SIGTERM)…');
    expect(server.output.some((line) => /^mudawwana: stopped in \d+ ms \(/.test(line))).toBe(true);
    expect(refused).toBe('ECONNREFUSED');

    // In flight at the signal: answered in full, and told to close.
    expect(answered).toMatchObject({ status: 201, connection: 'close' });
    expect(JSON.parse(answered.body ?? '')).toMatchObject({ id: expect.any(Number), title: held.title });
    // Every request handed over before the signal got its whole answer, none was cut or reset.
    const expected = (outcome: Outcome) => (outcome.method === 'POST' ? 201 : siteBuilt ? 200 : 404);
    const before = all.filter((outcome) => outcome.sent === 'before');
    expect(before.filter((outcome) => outcome.error || outcome.status !== expected(outcome))).toEqual([]);
    // Every answer to a request sent after the server said it was stopping closes its connection.
    const late = all.filter((outcome) => outcome.sent === 'after stopping' && outcome.status);
    expect(late.filter((outcome) => outcome.connection !== 'close')).toEqual([]);
    // Every client was stopped by a refused new connection (after a `Connection: close`) or, sending on its idle
    // connection after the signal, by its closing; none by a cut answer.
    for (const answers of outcomes) {
      const last = answers.at(-1) as Outcome;
      expect(last.sent === 'before' || last.error === 'answer cut short', JSON.stringify(last)).toBe(false);
    }
    expect(after.filter((outcome) => outcome.error === 'ECONNREFUSED').length).toBeGreaterThan(0);

    // The writes acknowledged are all there, the held one among them; nothing else was written.
    const rows = await storedPosts(blog.dataDir, blog.databaseUrl());
    const acknowledged = [held.title, ...all.filter((outcome) => outcome.status === 201).map((outcome) => outcome.title)];
    expect(rows.map((row) => row.title).sort()).toEqual(acknowledged.sort());
  }, 180_000);

  it(`cuts a request that never ends after ${DRAIN_MS / 1000} s and still exits in time`, async () => {
    const server = await start();
    // Headers in, body never sent.
    const stuck = http.request(`${server.base}/api/posts`, {
      method: 'POST',
      agent: new http.Agent({ keepAlive: true }),
      headers: { 'content-type': 'application/json', 'content-length': 100, expect: '100-continue' },
    });
    const stuckEnd = new Promise<string>((resolve) => {
      stuck.on('response', (response) => resolve(`answered ${response.statusCode}`));
      stuck.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    stuck.flushHeaders();
    await new Promise((resolve) => stuck.once('continue', resolve));

    const signalAt = performance.now();
    server.child.kill('SIGTERM');
    const exit = await exitOf(server, signalAt);
    console.info(
      `stop with a request that never ends: exited ${Math.round(exit.after)} ms after SIGTERM (code ${exit.code}); ` +
        `the server: ${server.output.filter((line) => /stopp|cut/.test(line)).join(' / ')}`,
    );
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(exit.after).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(exit.after).toBeLessThan(STOP_DEADLINE_MS + 500);
    expect(await stuckEnd).toMatch(/ECONNRESET|socket hang up/);
    expect(server.output).toContain(`mudawwana: cut 1 connection(s) still open ${DRAIN_MS} ms after SIGTERM`);
  }, 60_000);
});

describe.runIf(siteBuilt)('a stop during the first fill of the page store', () => {
  const blog = scratchBlog('stop-fill');

  it('says the fill stopped with the app, and nothing failed', async () => {
    // Enough posts that the start-up fill (a page a post, in the background) is still building at the signal.
    await seedPosts({ dataDir: blog.dataDir, databaseUrl: blog.databaseUrl() }, 1000);
    const server = await blog.start();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(server.output.filter((line) => /page store/.test(line))).toEqual([
      expect.stringMatching(/^mudawwana: page store fill stopped with the app \(\d+ pages built in \d+ s\)$/),
    ]);
    // Joined, so that a failure prints the lines themselves.
    expect(server.output.filter((line) => /error|could not|fail/i.test(line)).join('\n')).toBe('');
  }, 120_000);
});
