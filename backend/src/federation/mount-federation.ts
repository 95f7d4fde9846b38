import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { errorBody } from '../common/error-body';
import type { ErrorCode } from '../common/error-codes';
import { FEDERATION_PREFIXES } from './federation-paths';
import type { FederationService } from './federation.service';
import type { InboxHandlers } from './inbox-handlers';

/** The largest activity the inbox reads (Mastodon's own limit is about 1 MB). */
const MAX_BODY_BYTES = 1_000_000;
/** Activities waiting in the queue past which the inbox asks senders to come back later (they retry). */
const MAX_QUEUED = 10_000;
/** Fedify answers this for a path it does not know; the request goes on to the rest of the app. */
const NOT_FOUND = Symbol('not handled by the federation');

/** A refusal in the API's error shape (`{ statusCode, message, error, code }`). */
function refuse(response: ExpressResponse, status: number, message: string, extra: { code: ErrorCode; retryAfter?: number }): void {
  if (extra.retryAfter) response.setHeader('Retry-After', String(extra.retryAfter));
  response.status(status).json(errorBody(status, message, extra));
}

/** The body, at most MAX_BODY_BYTES (null past it). */
async function rawBody(request: ExpressRequest): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The activity's actor id as the body names it (a string or an object with an id), for the blocklist's early answer. */
function actorNamed(body: Buffer): URL | null {
  try {
    const actor = (JSON.parse(body.toString('utf8')) as { actor?: unknown }).actor;
    const id = typeof actor === 'string' ? actor : typeof actor === 'object' && actor && 'id' in actor ? actor.id : null;
    return typeof id === 'string' ? new URL(id) : null;
  } catch {
    return null;
  }
}

/**
 * Hands the federation's paths (/.well-known/webfinger, NodeInfo, /ap/…) to Fedify and everything else on. The same
 * job as @fedify/express, which targets Express 4 and Fedify 1 while this app runs Express 5 and Fedify 2
 * (docs/decisions/031). The request URL is built on the blog's public origin (PUBLIC_URL), never on the Host header;
 * the headers and body go as they came, since the signature covers them. A POST to an inbox is refused early when
 * its actor is blocked (403) or the queue is full (503), and its body is bounded.
 */
export function mountFederation(federation: FederationService, inbox: InboxHandlers, publicOrigin: () => string) {
  return (request: ExpressRequest, response: ExpressResponse, next: NextFunction): void => {
    if (!FEDERATION_PREFIXES.some((prefix) => request.path.startsWith(prefix))) return next();
    void (async () => {
      let body: Buffer | null = null;
      if (request.method === 'POST') {
        body = await rawBody(request);
        if (body === null) return refuse(response, 413, 'The activity is too large', { code: 'ACTIVITY_TOO_LARGE' });
        const actor = actorNamed(body);
        // No actor named: Fedify refuses it (no signature can match it).
        if (actor && (await inbox.isBlocked(actor))) {
          return refuse(response, 403, 'This server or account is blocked', { code: 'FEDERATION_BLOCKED' });
        }
        if ((await federation.queue.depth()) >= MAX_QUEUED) {
          return refuse(response, 503, 'Too many activities waiting; try again later', { code: 'BUSY', retryAfter: 60 });
        }
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const url = new URL(request.originalUrl, publicOrigin());
      const answer = await federation.run(() =>
        federation.federation().fetch(new Request(url, { method: request.method, headers, body }), {
          contextData: undefined,
          onNotFound: () => Object.assign(new Response(null, { status: 404 }), { [NOT_FOUND]: true }),
          onNotAcceptable: () => Object.assign(new Response(null, { status: 406 }), { [NOT_FOUND]: true }),
        }),
      );
      if (NOT_FOUND in answer) return next();
      response.status(answer.status);
      answer.headers.forEach((value, name) => response.setHeader(name, value));
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(next);
  };
}
