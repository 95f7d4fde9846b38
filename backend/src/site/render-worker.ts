import type { FromRenderWorker, ToRenderWorker } from '@mudawwana/rules';
import { Worker } from 'node:worker_threads';
import type { ApiLoader } from './api-loader';
import type { RenderedFragment, RenderedPage, RenderOptions, SsrModule } from './site-pages';

/**
 * The server renderer in a worker thread (the SSR bundle's render-worker.js): React renders pages there, so a
 * render's CPU time (12-105 ms a page) never holds up the thread that serves readers from the page store; on two
 * cores the two run side by side. The data stays here: the worker asks for each read and the in-process API loader
 * (this thread's services and database connection) answers it. A worker that dies fails the renders it had and is
 * started again for the next one.
 */
export class WorkerRenderer implements SsrModule {
  private worker: Worker | undefined;
  private readonly jobs = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  private nextJob = 0;

  constructor(
    private readonly workerFile: string,
    private readonly apiLoader: ApiLoader,
  ) {}

  render(url: string, options: RenderOptions): Promise<RenderedPage> {
    return this.run((id) => ({ type: 'render', id, url, options: withoutLoader(options) })) as Promise<RenderedPage>;
  }

  renderFragment(name: 'footer', options: RenderOptions): Promise<RenderedFragment> {
    return this.run((id) => ({ type: 'fragment', id, name, options: withoutLoader(options) })) as Promise<RenderedFragment>;
  }

  /** Stops the worker; renders still running fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private run(job: (id: number) => ToRenderWorker<RenderOptions>): Promise<unknown> {
    const id = this.nextJob++;
    return new Promise((resolve, reject) => {
      this.jobs.set(id, { resolve, reject });
      this.started().postMessage(job(id));
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerFile);
    // Rendering must not keep the process alive on its own (the app's server does).
    worker.unref();
    worker.on('message', (message: FromRenderWorker) => {
      if (message.type === 'read') void this.answer(worker, message);
      else this.finish(message);
    });
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const job of this.jobs.values()) job.reject(error);
      this.jobs.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the render worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private async answer(worker: Worker, { id, url, params }: Extract<FromRenderWorker, { type: 'read' }>): Promise<void> {
    let message: ToRenderWorker<RenderOptions>;
    try {
      message = { type: 'answer', id, answer: await this.apiLoader(url, params) };
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
  }
}

/** The loader is a function (it cannot cross to the worker); the worker's reads come back to this thread's loader. */
function withoutLoader({ apiLoader: _loader, ...options }: RenderOptions): RenderOptions {
  return options;
}
