import type { FragmentResult, FromRenderWorker, RenderOptions, RenderResult, ToRenderWorker } from '@mudawwana/rules';
import { Worker } from 'node:worker_threads';
import { OnePerTurn } from '../common/one-per-turn';
import type { RenderReader } from './loaders';
import { RenderUnavailable } from './render-unavailable';
import type { SsrModule } from './ssr-module';

/**
 * A worker left without a render this long stops: its isolate with React and the site's code are ~40 MB of a
 * 300 MB server (issue 23's memory budget), idle once every page is built. The next render starts one again.
 */
const IDLE_MS = 60_000;

/**
 * The server renderer in a worker thread (the SSR bundle's render-worker.js): React renders pages there, so a
 * render's CPU time (12-105 ms a page) never holds up the thread that serves readers from the page store; on two
 * cores the two run side by side. The data stays here: the worker asks for each read and the loader table (loaders.ts:
 * this thread's services and database connection) answers it, with the content tags of what it read. A worker that dies fails the renders it had and is
 * started again for the next one. A render that runs past its deadline (a loop that never ends on some content) fails
 * with RenderUnavailable, and its worker, which may never take another message, is terminated and replaced: the
 * other renders it had fail with it, and the next render starts a new worker. A worker with nothing to render for
 * IDLE_MS stops.
 */
export class WorkerRenderer implements SsrModule {
  private worker: Worker | undefined;
  /** Renders under way, each with the worker doing it (a worker replaced while its exit is pending has its own). */
  private readonly jobs = new Map<number, { worker: Worker; resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  private nextJob = 0;
  /** Workers terminated for a render past its deadline: the other renders they had fail as unavailable too (503). */
  private readonly replaced = new WeakSet<Worker>();
  private idleTimer: NodeJS.Timeout | undefined;
  /** The worker's reads, answered one per turn of the serving thread's event loop (a page asks for several at once). */
  private readonly reads = new OnePerTurn();

  constructor(
    private readonly workerFile: string,
    private readonly reader: RenderReader,
    /** How long one render may take (RENDER_DEADLINE_MS); pages take 12-105 ms. */
    private readonly deadlineMs = 10_000,
    /** Its V8 heap's limits (the memory budget's share, config/memory-budget.ts); undefined: V8's defaults. */
    private readonly heap?: { oldMb: number; semiSpaceMb: number },
    private readonly idleMs = IDLE_MS,
  ) {}

  render(url: string, options: RenderOptions): Promise<RenderResult> {
    return this.run(url, (id) => ({ type: 'render', id, url, options })) as Promise<RenderResult>;
  }

  renderFragment(name: 'footer', options: RenderOptions): Promise<FragmentResult> {
    return this.run(`fragment ${name}`, (id) => ({ type: 'fragment', id, name, options })) as Promise<FragmentResult>;
  }

  /** Stops the worker; renders still running fail. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private run(what: string, job: (id: number) => ToRenderWorker): Promise<unknown> {
    const id = this.nextJob++;
    clearTimeout(this.idleTimer);
    return new Promise((resolve, reject) => {
      const worker = this.started();
      const deadline = setTimeout(() => this.overran(worker, id, what), this.deadlineMs);
      deadline.unref();
      const done = () => clearTimeout(deadline);
      this.jobs.set(id, {
        worker,
        resolve: (result) => (done(), resolve(result)),
        reject: (error) => (done(), reject(error)),
      });
      worker.postMessage(job(id));
    });
  }

  /** A render ran past its deadline: it fails, and its worker (busy with it, perhaps for good) is replaced. */
  private overran(worker: Worker, id: number, what: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    this.jobs.delete(id);
    console.error(`mudawwana: rendering ${what} took more than ${this.deadlineMs} ms: the render worker is replaced`);
    job.reject(new RenderUnavailable(`rendering ${what} took more than ${this.deadlineMs} ms`, 1));
    if (this.worker === worker) this.worker = undefined;
    this.replaced.add(worker);
    void worker.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    // A heap limit also makes V8 collect the buffers a render leaves behind long before the machine's memory says so.
    const limits = this.heap && { maxOldGenerationSizeMb: this.heap.oldMb, maxYoungGenerationSizeMb: 3 * this.heap.semiSpaceMb };
    const worker = new Worker(this.workerFile, limits ? { resourceLimits: limits } : {});
    // Rendering must not keep the process alive on its own (the app's server does).
    worker.unref();
    worker.on('message', (message: FromRenderWorker) => {
      if (message.type === 'read') void this.answer(worker, message);
      else this.finish(message);
    });
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, job] of this.jobs) {
        if (job.worker !== worker) continue;
        this.jobs.delete(id);
        job.reject(error);
      }
    };
    worker.on('error', failAll);
    worker.on('exit', (code) =>
      failAll(
        this.replaced.has(worker)
          ? new RenderUnavailable('the render worker was replaced (a render ran past its deadline)', 1)
          : new Error(`the render worker stopped (exit code ${code})`),
      ),
    );
    this.worker = worker;
    return worker;
  }

  private async answer(worker: Worker, { id, url, params }: Extract<FromRenderWorker, { type: 'read' }>): Promise<void> {
    let message: ToRenderWorker;
    try {
      message = { type: 'answer', id, answer: await this.reads.run(() => this.reader(url, params)) };
    } catch (error) {
      message = { type: 'answer', id, error: error instanceof Error ? error.message : String(error) };
    }
    if (this.worker === worker) worker.postMessage(message);
  }

  private finish({ id, result, error }: Extract<FromRenderWorker, { type: 'done' }>): void {
    const job = this.jobs.get(id);
    this.jobs.delete(id);
    if (error === undefined) job?.resolve(result);
    else job?.reject(new Error(`server rendering failed in the worker: ${error}`));
    if (job) this.stopWhenIdle(job.worker);
  }

  /** Once `worker` has no render left, it stops after idleMs without a new one (run() cancels that). */
  private stopWhenIdle(worker: Worker): void {
    const busy = () => [...this.jobs.values()].some((job) => job.worker === worker);
    if (busy()) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || busy()) return;
      this.worker = undefined;
      void worker.terminate();
    }, this.idleMs);
    this.idleTimer.unref();
  }
}
