import { Temporal } from '@js-temporal/polyfill';
import { testMessageQueue } from '@fedify/testing';
import { Follow } from '@fedify/vocab';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FederationDelivery } from '../../src/federation/federation-activity.entity';
import { Deliverer } from '../../src/federation/deliverer';
import { FederationService } from '../../src/federation/federation.service';
import { TypeormMessageQueue } from '../../src/federation/typeorm-message-queue';
import { TypeormKvStore } from '../../src/federation/typeorm-kv-store';
import { onPostgres, POSTGRES_ONLY } from '../support/conditions';
import { FediversePeer } from '../support/fediverse-peer';
import { createPost, waitFor } from '../support/helpers';
import { freePort, sharedTestApp, startTestApp, type TestApp } from '../support/test-app';

/**
 * Fedify's state in the blog's database (docs/decisions/031): the message queue passes Fedify's own conformance
 * suite (@fedify/testing's testMessageQueue: two queues on one table, delays, many at once) and the key-value store
 * keeps, expires, lists and swaps values, on each driver.
 */
describe("Fedify's queue and key-value store over TypeORM", () => {
  const t = sharedTestApp();

  it("passes Fedify's message queue suite with two queues on one table", async () => {
    const db = t.app.get(DataSource);
    // The app's own listener stops, so that the suite's two queues are the only ones reading the table.
    await t.app.get(FederationService).onModuleDestroy();
    await testMessageQueue(
      () => new TypeormMessageQueue(db, { leaseMs: 5_000, pollMs: 50 }),
      ({ controller }) => controller.abort(),
    );
  }, 120_000);

  it('keeps, expires, lists and compares-and-swaps values', async () => {
    const kv = new TypeormKvStore(t.app.get(DataSource));
    await kv.set(['test', 'a'], { n: 1 });
    await kv.set(['test', 'b', 'c'], 'deep');
    await kv.set(['test%', 'x'], 'not under test');
    await kv.set(['test', 'gone'], 1, { ttl: Temporal.Duration.from({ milliseconds: 1 }) });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await kv.get(['test', 'a'])).toEqual({ n: 1 });
    expect(await kv.get(['test', 'gone'])).toBeUndefined();
    const listed: unknown[] = [];
    for await (const entry of kv.list(['test'])) listed.push(entry.key);
    expect(listed).toEqual([
      ['test', 'a'],
      ['test', 'b', 'c'],
    ]);
    expect(await kv.cas(['test', 'a'], { n: 2 }, { n: 3 })).toBe(false);
    expect(await kv.cas(['test', 'a'], { n: 1 }, { n: 3 })).toBe(true);
    expect(await kv.cas(['test', 'new'], undefined, 'made')).toBe(true);
    expect(await kv.get(['test', 'a'])).toEqual({ n: 3 });
    await kv.delete(['test', 'a']);
    expect(await kv.get(['test', 'a'])).toBeUndefined();
  });
});

/**
 * Two instances of the blog on one PostgreSQL database, both delivering: a post published on one reaches each
 * follower's server once (one signed Create per shared inbox), however the two instances share the deliveries.
 */
describe.runIf(onPostgres)('deliveries from two instances (PostgreSQL)', POSTGRES_ONLY, () => {
  const peers: FediversePeer[] = [];
  let t: TestApp;
  let second: NestExpressApplication;

  beforeAll(async () => {
    // Two servers of followers: alice and bob share the first's inbox, carol is alone on the second.
    peers.push(await FediversePeer.start(['alice', 'bob']), await FediversePeer.start(['carol']));
    const port = await freePort();
    // Both instances name the same public address, as behind one load balancer.
    t = await startTestApp(
      { PUBLIC_URL: `http://localhost:${port}`, OUTBOUND_ALLOW_PRIVATE_HOSTS: peers.map((peer) => peer.host).join(',') },
      { port },
    );
    second = await t.anotherInstance();
  });

  afterAll(async () => {
    await t?.close();
    for (const peer of peers) await peer.close();
  });

  it('sends one signed Create per shared inbox, from exactly one of the two instances', async () => {
    const author = await t.author();
    const actor = new URL((await author.get('/api/federation/settings').expect(200)).body.actorUrl);
    const inbox = new URL('/ap/inbox', actor);
    for (const [peer, names] of [
      [peers[0], ['alice', 'bob']],
      [peers[1], ['carol']],
    ] as const) {
      for (const name of names)
        await peer.send(name, new Follow({ id: peer.id('follow'), actor: peer.actorUrl(name), object: actor }), inbox);
    }
    await waitFor(async () => (await author.get('/api/federation/followers/counts').expect(200)).body.accepted === 3, 15_000);
    // Both instances are delivering: the second's deliverer is woken too, as its sweep would.
    const deliverers = [t.app.get(Deliverer), second.get(Deliverer)];

    const post = await createPost(author, { title: 'إلى خادمين', published: true });
    for (const deliverer of deliverers) deliverer.wake();
    const deliveries = t.app.get(DataSource).getRepository(FederationDelivery);
    await waitFor(async () => (await deliveries.countBy({ status: 'delivered' })) >= 5, 20_000); // 3 Accepts + 2 Creates
    const creates = await deliveries.find({ where: { activity: { postId: post.id, type: 'Create' } }, relations: { activity: true } });
    expect(creates.map((delivery) => delivery.inboxUrl).sort()).toEqual(peers.map((peer) => peer.sharedInbox.href).sort());
    expect(creates.every((delivery) => delivery.status === 'delivered' && delivery.attempts === 1)).toBe(true);
    for (const peer of peers) {
      const received = peer.received('Create');
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ inbox: 'shared', json: { object: { name: 'إلى خادمين' } } });
      const posts = peer.requests.filter((request) => request.method === 'POST' && request.body.includes('"Create"'));
      expect(posts).toHaveLength(1);
    }
  });
});
