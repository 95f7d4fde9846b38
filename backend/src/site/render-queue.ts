import { RenderUnavailable } from './render-unavailable';

/**
 * Renders, bounded: at most `concurrency` at once, the same key never twice at once (a second caller shares the
 * first one's promise), and readers who wait go before background rebuilds, so a flood of misses queues instead
 * of starving everyone. At most `maxReadersWaiting` readers' renders wait: past that a new one is refused at once
 * (RenderUnavailable, answered 503), so a flood of per-request renders (search, 404s, sign-in) can neither grow the
 * queue nor make readers wait without end. Rebuilds after changes are bounded where they are made (EAGER_LIMIT, the sweep).
 */
export type RenderPriority = 'reader' | 'fresh' | 'background';
const ORDER: RenderPriority[] = ['reader', 'fresh', 'background'];
/** A full queue drains in well under this (a render takes 12-105 ms, two run at once). */
const RETRY_AFTER_SECONDS = 5;

interface Job {
  key: string;
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class RenderQueue {
  private readonly waiting = new Map<RenderPriority, Job[]>(ORDER.map((priority) => [priority, []]));
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** The keys whose render has begun (not just queued). */
  private readonly underWay = new Set<string>();
  private running = 0;
  private closed = false;
  private readonly whenIdle: (() => void)[] = [];
  /** With a backgroundShare below 1, background renders run one at a time, each followed by a rest. */
  private backgroundRunning = false;
  private backgroundRestsUntil = 0;
  private resumeTimer?: NodeJS.Timeout;

  constructor(
    private readonly concurrency: number,
    private readonly maxReadersWaiting = Infinity,
    /**
     * The share of time background renders (the start-up fill, the sweep) may keep busy: after one that took d ms,
     * the next waits d·(1/share − 1) ms. At 100,000 posts a fill runs for an hour; the server stays a server
     * meanwhile. Readers' renders and rebuilds after a change never wait for it.
     */
    private readonly backgroundShare = 1,
  ) {}

  /** Runs `render` for `key`, or joins the run already queued or under way for it. */
  run<T>(key: string, priority: RenderPriority, render: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(stoppedError());
    const existing = this.inFlight.get(key);
    if (existing) {
      this.promote(key, priority);
      return existing as Promise<T>;
    }
    if (priority === 'reader' && this.readersWaiting >= this.maxReadersWaiting) {
      return Promise.reject(new RenderUnavailable(`${this.readersWaiting} renders are waiting already`, RETRY_AFTER_SECONDS));
    }
    const promise = new Promise<T>((resolve, reject) => {
      this.waiting.get(priority)?.push({ key, run: render, resolve: resolve as (value: unknown) => void, reject });
    });
    this.inFlight.set(key, promise);
    const forget = () => this.inFlight.delete(key);
    promise.then(forget, forget);
    this.pump();
    return promise;
  }

  /**
   * Runs `render` for `key` from now on: joins a run only queued for it, but follows one already under way, which may
   * have read before what the caller has just changed.
   */
  runAfresh<T>(key: string, priority: RenderPriority, render: () => Promise<T>): Promise<T> {
    const underWay = this.underWay.has(key) ? this.inFlight.get(key) : undefined;
    if (!underWay) return this.run(key, priority, render);
    return underWay.then(
      () => this.run(key, priority, render),
      () => this.run(key, priority, render),
    );
  }

  /** Takes no more renders and fails the ones waiting; resolves once those under way are done. */
  stop(): Promise<void> {
    this.closed = true;
    clearTimeout(this.resumeTimer);
    for (const jobs of this.waiting.values()) for (const job of jobs.splice(0)) job.reject(stoppedError());
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.whenIdle.push(resolve));
  }

  /** Whether it has stopped (the app is stopping): no more renders are to be asked for. */
  get stopped(): boolean {
    return this.closed;
  }

  /** The render queued or under way for `key`, if any. */
  pending(key: string): Promise<unknown> | undefined {
    return this.inFlight.get(key);
  }

  /** Queued or running renders. */
  get size(): number {
    return this.inFlight.size;
  }

  /** Readers' renders waiting for their turn (not those running). */
  get readersWaiting(): number {
    return this.waiting.get('reader')?.length ?? 0;
  }

  /** Background renders waiting (the sweeper adds more only when these are done). */
  get backgroundWaiting(): number {
    return this.waiting.get('background')?.length ?? 0;
  }

  /** A reader now waits for a page queued in the background: move it up. */
  private promote(key: string, priority: RenderPriority): void {
    for (const lower of ORDER.slice(ORDER.indexOf(priority) + 1)) {
      const jobs = this.waiting.get(lower) ?? [];
      const index = jobs.findIndex((job) => job.key === key);
      if (index >= 0) {
        this.waiting.get(priority)?.push(...jobs.splice(index, 1));
        return;
      }
    }
  }

  private next(): { job: Job; background: boolean } | undefined {
    for (const priority of ORDER) {
      const jobs = this.waiting.get(priority) ?? [];
      if (jobs.length === 0) continue;
      if (priority === 'background' && !this.backgroundMayStart()) return undefined;
      return { job: jobs.shift() as Job, background: priority === 'background' };
    }
    return undefined;
  }

  private backgroundMayStart(): boolean {
    if (this.backgroundShare >= 1) return true;
    if (this.backgroundRunning) return false;
    const rest = this.backgroundRestsUntil - Date.now();
    if (rest <= 0) return true;
    if (!this.resumeTimer) {
      this.resumeTimer = setTimeout(() => {
        this.resumeTimer = undefined;
        this.pump();
      }, rest);
      this.resumeTimer.unref();
    }
    return false;
  }

  private pump(): void {
    while (this.running < this.concurrency && !this.closed) {
      const next = this.next();
      if (!next) return;
      const { job, background } = next;
      const started = Date.now();
      if (background) this.backgroundRunning = true;
      this.running += 1;
      this.underWay.add(job.key);
      // Each render starts on a macrotask: on SQLite a render's reads are synchronous under their promises, so renders
      // chained by promises alone would keep the event loop from ever reaching readers' sockets (a first start that
      // builds 10,000 pages would answer nobody until it is done).
      setImmediate(() => {
        job
          .run()
          .then(job.resolve, job.reject)
          .finally(() => {
            if (background) {
              this.backgroundRunning = false;
              this.backgroundRestsUntil = Date.now() + (Date.now() - started) * (1 / this.backgroundShare - 1);
            }
            this.underWay.delete(job.key);
            this.running -= 1;
            if (this.running === 0) for (const resolve of this.whenIdle.splice(0)) resolve();
            this.pump();
          });
      });
    }
  }
}

function stoppedError(): Error {
  return new Error('the page renderer has stopped');
}
