import { createFederation, generateCryptoKeyPair, MemoryKvStore, type Context, type Federation } from '@fedify/fedify';
import { Activity, Endpoints, Person, type Recipient } from '@fedify/vocab';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request that reached the peer, as it came. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An activity the peer's inbox took (its HTTP signature verified by the peer's own Fedify). */
export interface InboxDelivery {
  inbox: string;
  activity: Activity;
  json: Record<string, unknown>;
}

/**
 * A Mastodon-like fediverse server in the test process: its own Fedify federation on 127.0.0.1 with actors (each with
 * RSA and Ed25519 keys made at start), personal inboxes and a shared inbox recording what arrives, and every request
 * kept as it came. It plays the other side of the blog: follows it, replies to its posts, likes them, and checks the
 * signatures of what the blog sends. `failWith` makes its inboxes answer an HTTP status instead.
 */
export class FediversePeer {
  readonly requests: ReceivedRequest[] = [];
  readonly inbox: InboxDelivery[] = [];
  failWith: number | null = null;
  private server!: Server;
  private origin!: string;
  private federation!: Federation<void>;
  private readonly keys = new Map<string, CryptoKeyPair[]>();

  static async start(actors: string[] = ['alice', 'bob']): Promise<FediversePeer> {
    const peer = new FediversePeer();
    for (const name of actors) {
      peer.keys.set(name, [await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), await generateCryptoKeyPair('Ed25519')]);
    }
    peer.server = createServer((request, response) => void peer.handle(request, response));
    await new Promise<void>((resolve) => peer.server.listen(0, '127.0.0.1', resolve));
    peer.origin = `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}`;
    peer.federation = peer.build();
    return peer;
  }

  /** `127.0.0.1:<port>`: what the blog's OUTBOUND_ALLOW_PRIVATE_HOSTS must name. */
  get host(): string {
    return new URL(this.origin).host;
  }

  actorUrl(name: string): URL {
    return new URL(`/users/${name}`, this.origin);
  }

  get sharedInbox(): URL {
    return new URL('/inbox', this.origin);
  }

  context(): Context<void> {
    return this.federation.createContext(new URL(this.origin), undefined);
  }

  /** A new activity id on the peer. */
  id(kind: string): URL {
    return new URL(`/activities/${kind}/${crypto.randomUUID()}`, this.origin);
  }

  /** Sends `activity` from actor `name` to an inbox of the blog, signed with the actor's keys; throws unless 2xx. */
  async send(name: string, activity: Activity, inbox: URL): Promise<void> {
    // Fedify sends only to recipients with an id (any will do: the inbox is what counts).
    const recipient: Recipient = { id: inbox, inboxId: inbox };
    await this.context().sendActivity({ identifier: name }, recipient, activity, { immediate: true });
  }

  /** Inbox deliveries of activities of this type. */
  received(type: string): InboxDelivery[] {
    return this.inbox.filter((delivery) => delivery.json.type === type);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private build(): Federation<void> {
    // A test double of a whole server: it may reach the blog on 127.0.0.1 (the blog itself may not, unless allowed).
    const federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true });
    federation
      .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
        if (!this.keys.has(identifier)) return null;
        const keys = await ctx.getActorKeyPairs(identifier);
        return new Person({
          id: ctx.getActorUri(identifier),
          preferredUsername: identifier,
          name: identifier === 'alice' ? 'أليس <b>الرحّالة</b>' : identifier,
          url: new URL(`/@${identifier}`, this.origin),
          inbox: ctx.getInboxUri(identifier),
          endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
          publicKey: keys[0].cryptographicKey,
          assertionMethods: keys.map((key) => key.multikey),
        });
      })
      .setKeyPairsDispatcher((_ctx, identifier) => this.keys.get(identifier) ?? []);
    federation.setInboxListeners('/users/{identifier}/inbox', '/inbox').on(Activity, async (ctx, activity) => {
      const json = (await activity.toJsonLd({ format: 'compact' })) as Record<string, unknown>;
      this.inbox.push({ inbox: ctx.recipient === null ? 'shared' : ctx.recipient, activity, json });
    });
    return federation;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    this.requests.push({
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      body: body.toString('utf8'),
    });
    if (this.failWith !== null && request.method === 'POST') {
      response.writeHead(this.failWith).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const answer = await this.federation.fetch(
      new Request(new URL(request.url ?? '/', this.origin), {
        method: request.method,
        headers,
        body: request.method === 'POST' ? body : null,
      }),
      { contextData: undefined },
    );
    answer.headers.forEach((value, name) => response.setHeader(name, value));
    response.writeHead(answer.status);
    response.end(Buffer.from(await answer.arrayBuffer()));
  }
}

/** A server that records every request and answers 200: it stands for a private address the blog must never call. */
export class Trap {
  readonly requests: string[] = [];
  private server!: Server;
  origin!: string;

  static async start(): Promise<Trap> {
    const trap = new Trap();
    trap.server = createServer((request, response) => {
      trap.requests.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'content-type': 'application/activity+json' }).end('{}');
    });
    await new Promise<void>((resolve) => trap.server.listen(0, '127.0.0.1', resolve));
    trap.origin = `http://127.0.0.1:${(trap.server.address() as AddressInfo).port}`;
    return trap;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A server the blog is allowed to reach that answers every request with a redirect (307, so a POST stays a POST) to
 * `target`: the way an allowed or public host could send the blog on to a private address.
 */
export class Redirector {
  readonly requests: string[] = [];
  target = '/';
  private server!: Server;
  origin!: string;

  static async start(): Promise<Redirector> {
    const redirector = new Redirector();
    redirector.server = createServer((request, response) => {
      redirector.requests.push(`${request.method} ${request.url}`);
      request.resume();
      response.writeHead(307, { location: redirector.target }).end();
    });
    await new Promise<void>((resolve) => redirector.server.listen(0, '127.0.0.1', resolve));
    redirector.origin = `http://127.0.0.1:${(redirector.server.address() as AddressInfo).port}`;
    return redirector;
  }

  get host(): string {
    return new URL(this.origin).host;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
