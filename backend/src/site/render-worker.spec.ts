import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerRenderer } from './render-worker';
import { RenderUnavailable } from './render-unavailable';

// Workers that speak the protocol (the real one, frontend/src/render-worker.ts, is run by the site's API tests).
const dir = mkdtempSync(join(tmpdir(), 'render-worker-'));
/** Answers a render with what the main thread answered to its read of the URL; a fragment job makes it exit. */
const echo = join(dir, 'echo.mjs');
writeFileSync(
  echo,
  `import { parentPort } from 'node:worker_threads';
const jobs = new Map();
parentPort.on('message', (message) => {
  if (message.type === 'fragment') process.exit(3);
  if (message.type === 'render') {
    jobs.set(message.id, message);
    parentPort.postMessage({ type: 'read', id: message.id, url: message.url, params: { options: message.options } });
    return;
  }
  if (message.error !== undefined) parentPort.postMessage({ type: 'done', id: message.id, error: 'read failed: ' + message.error });
  else parentPort.postMessage({ type: 'done', id: message.id, result: message.answer });
});
`,
);
/** Renders '/ok' at once; a render of any other URL never ends (a loop that never yields, as on some content). */
const spinning = join(dir, 'spinning.mjs');
writeFileSync(
  spinning,
  `import { parentPort } from 'node:worker_threads';
parentPort.on('message', (message) => {
  if (message.url !== '/ok') for (;;);
  parentPort.postMessage({ type: 'done', id: message.id, result: message.url });
});
`,
);
/** Answers each render with the id of the thread that rendered it. */
const whoAmI = join(dir, 'who-am-i.mjs');
writeFileSync(
  whoAmI,
  `import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', (message) => parentPort.postMessage({ type: 'done', id: message.id, result: threadId }));
`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const options = { publicUrl: 'https://blog.example' };

describe('WorkerRenderer', () => {
  it('renders in the worker with the reads answered by this thread, several at once', async () => {
    const renderer = new WorkerRenderer(echo, async (url, params) => ({ status: 200, data: { url, params }, tags: [url] }));
    try {
      const results = await Promise.all(['/a', '/b', '/c'].map((url) => renderer.render(url, options)));
      expect(results).toEqual(['/a', '/b', '/c'].map((url) => ({ status: 200, data: { url, params: { options } }, tags: [url] })));
    } finally {
      await renderer.close();
    }
  });

  it('fails a render whose read failed, with the reason', async () => {
    const renderer = new WorkerRenderer(echo, () => Promise.reject(new Error('database is gone')));
    try {
      await expect(renderer.render('/a', options)).rejects.toThrow('read failed: database is gone');
    } finally {
      await renderer.close();
    }
  });

  it('fails the renders of a worker that stopped, and starts a new one for the next', async () => {
    const renderer = new WorkerRenderer(echo, async (url) => ({ status: 200, data: url, tags: [] }));
    try {
      await expect(renderer.renderFragment('footer', options)).rejects.toThrow('exit code 3');
      await expect(renderer.render('/after', options)).resolves.toEqual({ status: 200, data: '/after', tags: [] });
    } finally {
      await renderer.close();
    }
  });

  it('fails a render past its deadline, replaces the worker stuck in it, and renders the next on a new one', async () => {
    const renderer = new WorkerRenderer(spinning, () => Promise.reject(new Error('no read expected')), 2_000);
    try {
      await expect(renderer.render('/ok', options)).resolves.toBe('/ok');
      await expect(renderer.render('/endless', options)).rejects.toBeInstanceOf(RenderUnavailable);
      // The stuck worker would never answer this one: a new worker does.
      await expect(renderer.render('/ok', options)).resolves.toBe('/ok');
    } finally {
      await renderer.close();
    }
  });

  it('keeps a worker while renders come, stops it once idle, and renders the next on a new one', async () => {
    const renderer = new WorkerRenderer(whoAmI, () => Promise.reject(new Error('no read expected')), 2_000, undefined, 1_000);
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      const first = await renderer.render('/a', options);
      await wait(500);
      expect(await renderer.render('/b', options)).toBe(first);
      await wait(500);
      // 1 s after /a, but half a second after /b: still the same worker.
      expect(await renderer.render('/c', options)).toBe(first);
      await wait(2_000);
      expect(await renderer.render('/d', options)).not.toBe(first);
    } finally {
      await renderer.close();
    }
  });
});
