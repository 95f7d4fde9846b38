import type { AuthenticatedDocumentLoaderFactory, DocumentLoader, DocumentLoaderFactory } from '@fedify/vocab-runtime';
import type { OutboundRequests } from '../common/outbound-requests';
import { fedify } from './fedify-modules';

/** How the blog names itself to other servers (with Fedify's and Node's versions). */
const USER_AGENT = { software: 'Mudawwana' };

/** How long one fetch of a remote document may take. */
const FETCH_TIMEOUT_MS = 15_000;

/**
 * Fedify's document loaders (actors, keys, objects, JSON-LD contexts) for the blog (docs/decisions/031 and 033): only
 * http(s) URLs, each fetch bounded in time and made through the outbound guard, which refuses a private address at the
 * connection (every redirect included) unless the operator allowed the host. Fedify's own check before the request
 * (`allowPrivateAddress: false`) is off: it resolved the name apart from the connection (the DNS-rebinding window)
 * and could not let through the hosts of OUTBOUND_ALLOW_PRIVATE_HOSTS at a redirect; the guard does both.
 */
export class FederationLoaders {
  constructor(private readonly outbound: OutboundRequests) {}

  documentLoaderFactory(): DocumentLoaderFactory {
    return (options) => this.guarded(fedify().getDocumentLoader({ ...options, userAgent: USER_AGENT, allowPrivateAddress: true }));
  }

  authenticatedDocumentLoaderFactory(): AuthenticatedDocumentLoaderFactory {
    return (identity, options) =>
      this.guarded(fedify().getAuthenticatedDocumentLoader(identity, { ...options, userAgent: USER_AGENT, allowPrivateAddress: true }));
  }

  private guarded(load: DocumentLoader): DocumentLoader {
    return async (url, options) => {
      if (!/^https?:\/\//i.test(url)) throw new TypeError(`Not an http(s) URL: ${url}`);
      const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
      const signal = options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      return this.outbound.run(() => load(url, { ...options, signal }));
    };
  }
}
