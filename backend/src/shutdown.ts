import type { INestApplication } from '@nestjs/common';
import type * as http from 'node:http';
import * as net from 'node:net';
import { stopSite } from './site/mount-site';

/** After SIGTERM, requests in flight have this long to finish before the connections still open are cut. */
export const DRAIN_MS = 4_000;
/** Renders under way (the page store's, in the render worker) have until then, counted from the signal too. */
export const RENDERS_MS = 4_500;
/** The process exits by then whatever is still running (`docker stop` waits 10 s, then kills). */
export const STOP_DEADLINE_MS = 5_000;
/**
 * A keep-alive connection idle at the signal is closed this much later: a client between two requests (a proxy's
 * pool, a script in a loop) sends its next one on it within milliseconds, and then gets an answer with
 * `Connection: close` instead of a reset it could not tell from a lost request.
 */
export const IDLE_GRACE_MS = 250;

/**
 * Ends an HTTP server's connections without keeping anyone waiting for the keep-alive timeout (65 s, app.ts) and
 * without cutting a request in flight: `http.Server.close()` alone closes the connections idle at that moment
 * (requests already in the kernel's buffers among them) and leaves the busy ones open for as long as their clients
 * keep using them, then for the keep-alive timeout.
 */
export class HttpDrain {
  private draining = false;
  private readonly responses = new Set<http.ServerResponse>();
  private readonly sockets = new Set<net.Socket>();

  /** Install before the server listens. */
  constructor(private readonly server: http.Server) {
    // First of the request listeners: an answer that Express sends at once still gets the header.
    server.prependListener('request', (_request: http.IncomingMessage, response: http.ServerResponse) => this.track(response));
    server.on('connection', (socket: net.Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  private track(response: http.ServerResponse): void {
    if (this.draining) {
      response.setHeader('Connection', 'close');
      return;
    }
    this.responses.add(response);
    response.once('close', () => this.responses.delete(response));
  }

  /**
   * Stops taking connections (new ones are refused from now on); every answer not started yet says
   * `Connection: close`, and Node closes its connection once it is sent; connections left idle are closed after
   * IDLE_GRACE_MS. Resolves once no connection is left, with how many were still open after `deadlineMs` and cut.
   */
  drain(deadlineMs = DRAIN_MS): Promise<number> {
    this.draining = true;
    // net.Server's close: stops listening without http.Server's closing of the idle connections at this instant.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(this.server, () => resolve()));
    const closeIdle = () => this.server.closeIdleConnections();
    for (const response of this.responses) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
      // Already streaming as keep-alive: its connection falls idle when it ends.
      else response.once('finish', () => setImmediate(closeIdle));
    }
    const grace = setTimeout(closeIdle, IDLE_GRACE_MS);
    let cut = 0;
    const deadline = setTimeout(() => {
      cut = this.sockets.size;
      this.server.closeAllConnections();
      for (const socket of this.sockets) socket.destroy();
    }, deadlineMs);
    return closed.then(() => {
      clearTimeout(grace);
      clearTimeout(deadline);
      return cut;
    });
  }
}

/**
 * On SIGTERM or SIGINT: stop taking connections, let the requests in flight finish (their answers close their
 * connections; DRAIN_MS at most) and close the idle ones, then let the renders under way finish (until RENDERS_MS),
 * close the app (its shutdown hooks close the database) and exit with 0; at STOP_DEADLINE_MS, exit with 1 whatever
 * is left. Logs a line when it starts and one when done, with how long each step took. Install before listening.
 */
export function stopOnSignals(app: INestApplication): void {
  const drain = new HttpDrain(app.getHttpServer() as http.Server);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    setTimeout(() => {
      console.error(`mudawwana: not stopped ${STOP_DEADLINE_MS} ms after ${signal}: exiting anyway`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    // Not listening any more before saying so.
    const drained = drain.drain(DRAIN_MS);
    console.log(`mudawwana: stopping (${signal})…`);
    const took: string[] = [];
    const step = async (name: string, work: () => Promise<unknown>) => {
      const at = Date.now();
      await work();
      took.push(`${name} ${Date.now() - at}`);
    };
    try {
      await step('connections', async () => {
        const cut = await drained;
        if (cut > 0) console.error(`mudawwana: cut ${cut} connection(s) still open ${DRAIN_MS} ms after ${signal}`);
      });
      // Past its time, a render left running fails on the closed database and its page stays as the store has it.
      await step('renderer', () => within(started + RENDERS_MS - Date.now(), stopSite(app)));
      await step('app', () => app.close());
    } catch (error) {
      console.error('mudawwana: error while stopping', error);
      process.exit(1);
    }
    console.log(`mudawwana: stopped in ${Date.now() - started} ms (${took.join(', ')})`);
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal));
}

/** Resolves once `work` is done or after `ms`, whichever comes first. */
function within(ms: number, work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise((resolve) => (timer = setTimeout(resolve, Math.max(ms, 0))));
  return Promise.race([work, timeUp]).finally(() => clearTimeout(timer));
}
