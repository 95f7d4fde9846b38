import { AsyncLocalStorage } from 'node:async_hooks';
import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';

/** Node's own error code for a name with no address (dns.lookup's), so callers read it as they would Node's. */
const NO_ADDRESS = 'ENOTFOUND';

/** Resolves a name to every address it has (the system resolver; tests pass their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The code of a refusal, found in a failed fetch's `cause`. */
export const PRIVATE_ADDRESS_REFUSED = 'OUTBOUND_PRIVATE_ADDRESS';

/** A connection the guard refused: the name (or address) and the private address it came to. */
export class PrivateAddressError extends Error {
  readonly code = PRIVATE_ADDRESS_REFUSED;

  constructor(host: string, address: string) {
    super(`${host === address ? address : `${host} (${address})`} is a private network address, not in OUTBOUND_ALLOW_PRIVATE_HOSTS`);
    this.name = 'PrivateAddressError';
  }
}

/** The guard's refusal somewhere in an error's causes (fetch wraps it in a TypeError, Fedify in a FetchError), or null. */
export function privateAddressRefusal(error: unknown): PrivateAddressError | null {
  for (let cause = error, depth = 0; cause instanceof Object && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    if ((cause as { code?: unknown }).code === PRIVATE_ADDRESS_REFUSED) return cause as PrivateAddressError;
  }
  return null;
}

/**
 * Whether a server may be reached at this address: a public unicast one. Loopback, private (RFC 1918), shared (CGNAT),
 * link-local (169.254.0.0/16, the cloud metadata address), unique-local, multicast, broadcast, unspecified, reserved and
 * documentation ranges are not (ipaddr.js names every special range; what it calls `unicast` is the rest). An IPv6
 * address carrying an IPv4 one (IPv4-mapped, NAT64) is judged by that IPv4 address; 6to4 and Teredo are refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.range() === 'rfc6052') parsed = new ipaddr.IPv4(v6.toByteArray().slice(12));
  }
  return parsed.range() === 'unicast';
}

/**
 * The process-wide scope of guarded work: while a function runs in it (`OutboundRequests.run`), every request made with
 * the global `fetch` (a library's, Fedify's) goes through that scope's guarded agent. Kept on globalThis so that two
 * copies of this module (test workers) share one scope, which the one global dispatcher reads.
 */
const SCOPE_KEY = Symbol.for('mudawwana.outbound-requests.scope');
const globals = globalThis as typeof globalThis & { [SCOPE_KEY]?: AsyncLocalStorage<Dispatcher> };
const scope = (globals[SCOPE_KEY] ??= new AsyncLocalStorage<Dispatcher>());

const SCOPED_DISPATCHER = Symbol.for('mudawwana.outbound-requests.dispatcher');

/**
 * The global dispatcher: the guarded agent of the current scope, the one it replaced everywhere else. Closing it closes
 * nothing: each agent belongs to its owner.
 */
class ScopedDispatcher extends Dispatcher {
  readonly [SCOPED_DISPATCHER] = true;

  constructor(private readonly outside: Dispatcher) {
    super();
  }

  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return (scope.getStore() ?? this.outside).dispatch(options, handler);
  }

  close(): Promise<void>;
  close(callback: () => void): void;
  close(callback?: () => void): Promise<void> | void {
    if (callback) queueMicrotask(callback);
    else return Promise.resolve();
  }

  destroy(): Promise<void>;
  destroy(error: Error | null): Promise<void>;
  destroy(callback: () => void): void;
  destroy(error: Error | null, callback: () => void): void;
  destroy(...args: unknown[]): Promise<void> | void {
    const callback = args.find((arg): arg is () => void => typeof arg === 'function');
    if (callback) queueMicrotask(callback);
    else return Promise.resolve();
  }
}

function installScopedDispatcher(): void {
  const current = getGlobalDispatcher();
  if (SCOPED_DISPATCHER in current) return;
  setGlobalDispatcher(new ScopedDispatcher(current));
}

/**
 * Every request the server makes to an address it was given (an image of an imported export, a fediverse actor, key,
 * object or inbox) goes through here (docs/decisions/033): an undici agent whose connect step resolves the name itself
 * and connects only if every address is public, at each connection, so at every redirect too, and with no window
 * between a check and the connection (DNS rebinding). The hosts the operator named in OUTBOUND_ALLOW_PRIVATE_HOSTS
 * (`host` or `host:port`) connect as they resolve. Requests the server makes to its own services (SMTP, S3, the
 * database) do not come here.
 */
export class OutboundRequests {
  readonly dispatcher: Agent;
  private readonly allowed: ReadonlySet<string>;

  constructor(allowedPrivateHosts: readonly string[], resolve: Resolver = systemResolver) {
    this.allowed = new Set(allowedPrivateHosts.map((host) => host.trim().toLowerCase()));
    const plain = buildConnector({});
    // undici hands its connector's options on to net.connect / tls.connect, `lookup` included (its type omits it).
    const guarded = buildConnector({ lookup: publicOnlyLookup(resolve) } as buildConnector.BuildOptions);
    this.dispatcher = new Agent({
      connect: (options, callback) => {
        const hostname = options.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
        const port = options.port || (options.protocol === 'https:' ? '443' : '80');
        if (this.allowListed(hostname, port)) return plain(options, callback);
        // A literal address is not looked up (net connects to it as it is): it is judged here.
        if (isIP(hostname) && !isPublicAddress(hostname)) return callback(new PrivateAddressError(hostname, hostname), null);
        return guarded(options, callback);
      },
    });
  }

  /** Whether the operator allowed this host (by name or address, with or without the port). */
  private allowListed(hostname: string, port: string): boolean {
    const host = isIP(hostname) === 6 ? `[${hostname}]` : hostname;
    return this.allowed.has(host) || this.allowed.has(`${host}:${port}`);
  }

  /** The global `fetch` through the guard (a URL the server was given). */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    return this.run(() => fetch(input, init));
  }

  /**
   * Runs `work` (a library's calls that fetch with the global `fetch`, as Fedify's loaders and deliveries do) so that
   * each of its requests, and any work it starts, goes through the guard; requests made outside it are untouched.
   */
  run<T>(work: () => T): T {
    installScopedDispatcher();
    return scope.run(this.dispatcher, work);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.dispatcher.close();
  }
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** net's `lookup` option: the name's addresses, every one public, or a refusal (and no connection). */
function publicOnlyLookup(resolve: Resolver) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find(({ address }) => !isPublicAddress(address));
        if (refused) return callback(new PrivateAddressError(hostname, refused.address), []);
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: NO_ADDRESS }), []);
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (error: Error) => callback(error, []),
    );
  };
}
