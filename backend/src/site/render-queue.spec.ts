import { describe, expect, it } from 'vitest';
import { RenderQueue } from './render-queue';
import { RenderUnavailable } from './render-unavailable';

/** A render whose work never yields to the event loop (as a render's synchronous SQLite reads and renderToString). */
const busy = (ms: number) => async () => {
  const until = Date.now() + ms;
  while (Date.now() < until);
  await Promise.resolve();
};

describe('RenderQueue', () => {
  it('runs at most `concurrency` renders at once, and the same key once', async () => {
    const queue = new RenderQueue(2);
    let running = 0;
    let most = 0;
    let runs = 0;
    const render = async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };
    await Promise.all([
      queue.run('a', 'background', render),
      queue.run('a', 'reader', render),
      queue.run('b', 'background', render),
      queue.run('c', 'background', render),
    ]);
    expect(runs).toBe(3);
    expect(most).toBe(2);
  });

  it('lets the event loop serve other work between renders that never yield', async () => {
    const queue = new RenderQueue(2);
    const done = Promise.all(Array.from({ length: 40 }, (_, index) => queue.run(`page-${index}`, 'background', busy(5))));
    let finished = false;
    void done.then(() => (finished = true));
    // A reader's request arriving meanwhile: an I/O-phase callback must run long before the 200 ms of renders end.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(finished).toBe(false);
    await done;
  });

  it('serves waiting readers before background renders', async () => {
    const queue = new RenderQueue(1);
    const order: string[] = [];
    const render = (key: string) => async () => void order.push(key);
    const first = queue.run('first', 'background', render('first'));
    const background = queue.run('background', 'background', render('background'));
    const reader = queue.run('reader', 'reader', render('reader'));
    await Promise.all([first, background, reader]);
    expect(order).toEqual(['first', 'reader', 'background']);
  });

  it('stops: the renders under way finish, the waiting ones and any new one fail', async () => {
    const queue = new RenderQueue(1);
    let finishRunning: () => void = () => undefined;
    const running = queue.run('running', 'reader', () => new Promise<string>((resolve) => (finishRunning = () => resolve('done'))));
    const waiting = queue.run('waiting', 'background', async () => 'ran');
    await new Promise((resolve) => setImmediate(resolve)); // the first render has started
    let stopped = false;
    const stop = queue.stop().then(() => (stopped = true));
    await expect(waiting).rejects.toThrow('stopped');
    await expect(queue.run('new', 'reader', async () => 'ran')).rejects.toThrow('stopped');
    expect(stopped).toBe(false);
    finishRunning();
    await stop;
    expect(await running).toBe('done');
  });

  it('refuses a reader past the bound of waiting renders at once; joining a render and rebuilds are never refused', async () => {
    const queue = new RenderQueue(1, 2);
    let finish: () => void = () => undefined;
    const running = queue.run('running', 'reader', () => new Promise<void>((resolve) => (finish = resolve)));
    await new Promise((resolve) => setImmediate(resolve)); // it has started: two may wait now
    const waiting = [queue.run('a', 'reader', async () => 'a'), queue.run('b', 'reader', async () => 'b')];
    await expect(queue.run('c', 'reader', async () => 'c')).rejects.toBeInstanceOf(RenderUnavailable);
    const joined = queue.run('a', 'reader', async () => 'not run');
    const rebuild = queue.run('d', 'background', async () => 'd');
    finish();
    await running;
    expect(await Promise.all([...waiting, joined, rebuild])).toEqual(['a', 'b', 'a', 'd']);
    // Drained: readers are taken again.
    expect(await queue.run('c', 'reader', async () => 'c')).toBe('c');
  });

  it('runAfresh joins a render only queued for the key, but follows one already under way (it may have read before)', async () => {
    const queue = new RenderQueue(1);
    const reads: string[] = [];
    let content = 'before';
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const render = async () => {
      const read = content;
      await gate;
      reads.push(read);
      return read;
    };
    // 'a' is under way (it read 'before'); 'b' is only queued behind it.
    const first = queue.run('a', 'background', render);
    const queued = queue.run('b', 'background', render);
    await new Promise((resolve) => setImmediate(resolve));
    content = 'after';
    const afreshA = queue.runAfresh('a', 'fresh', render);
    const afreshB = queue.runAfresh('b', 'fresh', render);
    release();
    expect(await first).toBe('before');
    // Following the render under way: its own render reads what is there now.
    expect(await afreshA).toBe('after');
    // Joining the queued one: the same promise, which reads after the change anyway.
    expect(afreshB).toBe(queued);
    expect(await afreshB).toBe('after');
    expect(reads).toEqual(['before', 'after', 'after']);
  });

  it('keeps background renders to their share of the time, one at a time, while readers go at once', async () => {
    const queue = new RenderQueue(2, Infinity, 0.5);
    const spans: { key: string; start: number; end: number }[] = [];
    const render = (key: string, ms: number) => async () => {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, ms));
      spans.push({ key, start, end: Date.now() });
    };
    const background = Array.from({ length: 4 }, (_, index) => queue.run(`page-${index}`, 'background', render(`page-${index}`, 20)));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const readerAsked = Date.now();
    await queue.run('reader', 'reader', render('reader', 1));
    expect(Date.now() - readerAsked).toBeLessThan(20); // not behind the background renders nor their rests
    await Promise.all(background);
    const pages = spans.filter((span) => span.key.startsWith('page-')).sort((a, b) => a.start - b.start);
    for (let index = 1; index < pages.length; index += 1) {
      const previous = pages[index - 1];
      // each waited as long as the one before it took, so never two at once
      expect(pages[index].start - previous.end).toBeGreaterThanOrEqual(previous.end - previous.start - 2);
    }
  });
});
