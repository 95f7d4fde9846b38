import { Injectable } from '@nestjs/common';
import { Agent, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryPages } from './memory-pages';
import { routeOf } from './page-key';
import { PageRebuilds } from './page-rebuilds';
import { PageStore } from './page-store';

/**
 * What a warm-up did: requests sent, those that failed (a 5xx or no answer), how long it took, and whether the server
 * stopped listening before it was done (a stop at start: then its last requests failed for that).
 */
export interface WarmUpResult {
  requests: number;
  failed: number;
  ms: number;
  stopped: boolean;
}

/** Few connections: the warm-up shares the serving thread with the readers already there. */
const CONNECTIONS = 4;

/**
 * Warms the serving path at start (issue 23, docs/decisions/041): the server sends itself requests for stored pages
 * over loopback, through the same sockets, HTTP parser and handlers as a reader's. A server just started answered its
 * first 2,000 stored pages at 1.5-2 times the CPU a request of the 2,000 after them (V8 compiling and optimising the
 * code on the way; measured at 10,000 posts), so the first readers after a restart or a deploy, often a burst (a link
 * shared, the fediverse fetching a new post's preview), found a server at half its speed. Each page is asked for once
 * (a store read, as a reader's first visit), some without gzip (inflated), some with a query string no page reads, and
 * some paths that exist nowhere (the shared not-found pages); what memory would keep for a second read is forgotten
 * afterwards.
 */
@Injectable()
export class ServingPathWarmUp {
  constructor(
    private readonly store: PageStore,
    private readonly memory: MemoryPages,
    private readonly rebuilds: PageRebuilds,
  ) {}

  /** Sends up to `requests` requests to `server` (listening), a few at a time; resolves when all are answered. */
  async run(server: Server, requests: number): Promise<WarmUpResult> {
    const started = performance.now();
    const origin = loopbackOrigin(server);
    if (!origin) return { requests: 0, failed: 0, ms: 0, stopped: !server.listening };
    const keys = (await this.store.freshKeys(this.rebuilds.stamp, requests)).filter(isPagePath);
    const paths = warmUpRequests(keys, requests);
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    let next = 0;
    let failed = 0;
    let sent = 0;
    const worker = async () => {
      while (next < paths.length && server.listening) {
        const { path, gzip } = paths[next++];
        sent += 1;
        if (!(await answered(agent, `${origin}${path}`, gzip))) failed += 1;
      }
    };
    try {
      await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    } finally {
      agent.destroy();
      this.memory.forgetOffers();
    }
    return { requests: sent, failed, ms: Math.round(performance.now() - started), stopped: !server.listening };
  }
}

/** A stored key that is a page's path (not a fragment, a feed or a sitemap). */
function isPagePath(key: string): boolean {
  return key.startsWith('/') && routeOf(key).kind !== 'unknown';
}

/**
 * The requests of a warm-up: each stored page once, every fifth without gzip, every tenth with a query string no page
 * reads (the same page), and one path in twenty that names no page.
 */
export function warmUpRequests(keys: readonly string[], limit: number): { path: string; gzip: boolean }[] {
  const requests: { path: string; gzip: boolean }[] = [];
  for (let index = 0; index < keys.length && requests.length < limit; index += 1) {
    const key = keys[index];
    const path = index % 10 === 3 ? `${key}${key.includes('?') ? '&' : '?'}ref=warm-up` : key;
    requests.push({ path, gzip: index % 5 !== 1 });
    if (index % 20 === 7 && requests.length < limit) requests.push({ path: `/post/warm-up-${index}`, gzip: true });
  }
  return requests;
}

/**
 * Where the server answers on this machine: its loopback address for a server listening on every interface; none for
 * a server on a socket file.
 */
function loopbackOrigin(server: Server): string | undefined {
  const listening = server.address();
  if (listening === null || typeof listening === 'string') return undefined;
  const { address, family, port }: AddressInfo = listening;
  const unspecified = address === '::' || address === '0.0.0.0';
  const host = unspecified ? '127.0.0.1' : family === 'IPv6' ? `[${address}]` : address;
  return `http://${host}:${port}`;
}

/** Whether `url` answered without a server error (its body read and dropped). */
function answered(agent: Agent, url: string, gzip: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const headers = { 'user-agent': 'mudawwana-warm-up', ...(gzip ? { 'accept-encoding': 'gzip' } : {}) };
    try {
      get(url, { agent, headers }, (response) => {
        response.resume();
        response.once('end', () => resolve((response.statusCode ?? 500) < 500));
        response.once('error', () => resolve(false));
      }).once('error', () => resolve(false));
    } catch {
      resolve(false); // a path Node will not send (none of a stored page's)
    }
  });
}
