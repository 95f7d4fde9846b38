import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { cacheClassOf } from '@mudawwana/rules';
import { malformedAddress } from '../common/malformed-input';
import { requestIdOf } from '../common/request-id.middleware';
import { FEDERATION_PREFIXES } from '../federation/federation-paths';

/** A public page's request as the site's handlers read it: Express's request has these, and so has the front door's. */
export interface SiteRequest {
  method?: string;
  headers: IncomingMessage['headers'];
  /** The path and query as sent. */
  originalUrl: string;
  /** The path alone, not decoded. */
  path: string;
}

/** Paths Express hands to another part of the app before the site (app.ts): the front door leaves them to it. */
const NOT_SITE = /^\/(api|uploads|og|robots\.txt)(\/|$)/;

export interface FrontDoorParts {
  /** The security headers every answer carries (the app's helmet middleware, which sets them and calls on at once). */
  securityHeaders(request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void): void;
  /** Whether the build's file server answers this path (static-assets.ts). */
  isAsset(path: string): boolean;
  /**
   * Answers a stored page's request, or throws before writing anything when it cannot (then Express answers it, as
   * it does every request the front door leaves).
   */
  serveStored(request: SiteRequest, response: ServerResponse): Promise<void>;
}

/**
 * The public site's stored pages, answered before Express sees the request (issue 23, docs/decisions/037): a crawl of
 * stored pages spent an eighth of the serving thread in Express's router and the middleware every request passes
 * (body parsers, the API's, the federation's, the file server's), none of which a stored page needs. The front door
 * takes a GET or HEAD for a path that only the site answers, sets what the app's first middleware sets (the request
 * id and the security headers) and serves it with the site's own handler, so the answer is the one Express would
 * have given; everything else, and any request it cannot answer, goes to Express as before.
 */
export function openFrontDoor(server: Server, parts: FrontDoorParts): void {
  const listeners = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  if (listeners.length !== 1) throw new Error(`the front door expects Express as the one request listener, found ${listeners.length}`);
  const [express] = listeners;
  server.removeListener('request', express);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const site = siteRequestOf(request, parts);
    if (!site) return express(request, response);
    response.setHeader('X-Request-Id', requestIdOf(headerOf(request, 'x-request-id')));
    let headersSet = false;
    parts.securityHeaders(request, response, (error) => (headersSet = !error));
    if (!headersSet) return express(request, response);
    parts.serveStored(site, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy(error instanceof Error ? error : undefined);
      // Before any byte was written: Express answers it (a busy server's 503, an error's 500), as it would have.
      express(request, response);
    });
  });
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The request as the site reads it, when it is a read of a stored page that nothing before the site would take. */
function siteRequestOf(request: IncomingMessage, parts: FrontDoorParts): SiteRequest | undefined {
  const { method, url = '' } = request;
  if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith('/') || url.includes('#')) return undefined;
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (NOT_SITE.test(path) || FEDERATION_PREFIXES.some((prefix) => path.startsWith(prefix))) return undefined;
  if (cacheClassOf(path) !== 'stored' || parts.isAsset(path)) return undefined;
  // Express refuses these with a 400 (malformed-input.ts): its query is parsed as Express's 'simple' parser does.
  if (malformedAddress(path, queryAt < 0 ? {} : parseQuery(url.slice(queryAt + 1)))) return undefined;
  return { method, headers: request.headers, originalUrl: url, path };
}
