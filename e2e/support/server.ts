import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

const ROOT = resolve(__dirname, '../..');

/**
 * Node's on-disk cache of compiled modules, shared by every server the tests start (over fifty a run): a start then
 * loads the backend's modules from V8's code cache instead of compiling them again, about a tenth less CPU a start. Node
 * checks each entry against its module's source and its own version, so a stale entry is only ignored.
 */
const COMPILE_CACHE = join(tmpdir(), 'mudawwana-e2e-compile-cache');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * Starts the built app (backend + SSR of the built frontend) on a free port and a fresh temporary DATA_DIR, or on
 * `options.dataDir` (then left in place when it stops: the next server starts on the same blog).
 */
export async function startServer(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mudawwana-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_COMPILE_CACHE: COMPILE_CACHE,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await waitForHealth(baseURL, child, () => output);
  return {
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
