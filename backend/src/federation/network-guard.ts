import { getAuthenticatedDocumentLoader, getDocumentLoader, validatePublicUrl } from '@fedify/fedify';
import type { AuthenticatedDocumentLoaderFactory, DocumentLoader, DocumentLoaderFactory } from '@fedify/vocab-runtime';

/** How the blog names itself to other servers (with Fedify's and Node's versions). */
const USER_AGENT = { software: 'Mudawwana' };

/** How long one fetch of a remote document may take. */
const FETCH_TIMEOUT_MS = 15_000;

/**
 * What the server may ask other servers for (docs/decisions/031): only http(s) addresses that resolve to public
 * addresses (Fedify's own check: the name is resolved and every address must be public, at each redirect), except the
 * hosts the operator named in FEDERATION_ALLOW_PRIVATE_HOSTS (`host` or `host:port`). So an actor, key or object URL
 * naming 10.0.0.1, 169.254.169.254 or a name resolving to 127.0.0.1 is never fetched, and no delivery goes there.
 */
export class NetworkGuard {
  private readonly allowed: ReadonlySet<string>;

  constructor(allowedPrivateHosts: readonly string[]) {
    this.allowed = new Set(allowedPrivateHosts.map((host) => host.toLowerCase()));
  }

  /** Whether the operator allowed this URL's host (with or without its port) despite its private address. */
  allowListed(url: URL | string): boolean {
    const { host, hostname } = typeof url === 'string' ? new URL(url) : url;
    return this.allowed.has(host.toLowerCase()) || this.allowed.has(hostname.toLowerCase());
  }

  /** Throws (Fedify's UrlError) unless the URL may be asked for: allow-listed, or http(s) on public addresses only. */
  async check(url: URL | string): Promise<void> {
    const href = typeof url === 'string' ? url : url.href;
    if (!/^https?:/i.test(href)) throw new TypeError(`Not an http(s) URL: ${href}`);
    if (this.allowListed(href)) return;
    await validatePublicUrl(href);
  }

  /** Fedify's document loaders, each request checked: strict for every host, lax only for the allow-listed ones. */
  documentLoaderFactory(): DocumentLoaderFactory {
    return (options) => {
      const strict = getDocumentLoader({ ...options, userAgent: USER_AGENT, allowPrivateAddress: false });
      const lax = getDocumentLoader({ ...options, userAgent: USER_AGENT, allowPrivateAddress: true, maxRedirection: 0 });
      return this.route(strict, lax);
    };
  }

  authenticatedDocumentLoaderFactory(): AuthenticatedDocumentLoaderFactory {
    return (identity, options) => {
      const strict = getAuthenticatedDocumentLoader(identity, { ...options, userAgent: USER_AGENT, allowPrivateAddress: false });
      const lax = getAuthenticatedDocumentLoader(identity, {
        ...options,
        userAgent: USER_AGENT,
        allowPrivateAddress: true,
        maxRedirection: 0,
      });
      return this.route(strict, lax);
    };
  }

  /** Each request bounded in time too: a server that never answers holds nothing for long. */
  private route(strict: DocumentLoader, lax: DocumentLoader): DocumentLoader {
    return (url, options) => {
      const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
      const signal = options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      return (this.allowListed(url) ? lax : strict)(url, { ...options, signal });
    };
  }
}
