import { Create, Follow, Note, Undo } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { signRequest, generateCryptoKeyPair } from '@fedify/fedify';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FederationQueueMessage } from '../../src/federation/federation-store.entity';
import { Follower } from '../../src/federation/follower.entity';
import { FediversePeer, Trap } from '../support/fediverse-peer';
import { waitFor } from '../support/helpers';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The blog on the fediverse (issue 27, docs/decisions/031), against a Mastodon-like peer: a second Fedify federation
 * on 127.0.0.1 with its own keys and an inbox recording what it receives (test/support/fediverse-peer.ts), allowed
 * by FEDERATION_ALLOW_PRIVATE_HOSTS. No request leaves the machine.
 */
describe('the blog as a fediverse account', () => {
  let peer: FediversePeer;
  let trap: Trap;
  let t: TestApp;
  let author: TestAgent;
  let db: DataSource;
  let origin: string;
  let actor: URL;
  let inbox: URL;

  beforeAll(async () => {
    peer = await FediversePeer.start();
    trap = await Trap.start();
    t = await startTestApp({ FEDERATION_ALLOW_PRIVATE_HOSTS: peer.host, FEDERATION_RETRY_BASE_MS: '200' });
    author = await t.author();
    db = t.app.get(DataSource);
    const settings = (await author.get('/api/federation/settings').expect(200)).body;
    actor = new URL(settings.actorUrl);
    origin = actor.origin;
    inbox = new URL('/ap/inbox', origin);
  });

  afterAll(async () => {
    await t?.close();
    await peer?.close();
    await trap?.close();
  });

  const queueDrained = () => waitFor(async () => (await db.getRepository(FederationQueueMessage).count()) === 0, 10_000);

  it('answers WebFinger for the handle of the settings, and NodeInfo', async () => {
    const host = actor.host;
    const found = await t.agent().get(`/.well-known/webfinger?resource=acct:blog@${host}`).expect(200);
    expect(found.body.subject).toBe(`acct:blog@${host}`);
    expect(found.body.links).toContainEqual(expect.objectContaining({ rel: 'self', type: 'application/activity+json', href: actor.href }));
    await t.agent().get(`/.well-known/webfinger?resource=acct:nobody@${host}`).expect(404);
    await author.patch('/api/federation/settings').send({ handle: 'mudawwana' }).expect(200);
    expect((await t.agent().get(`/.well-known/webfinger?resource=acct:mudawwana@${host}`).expect(200)).body.links).toContainEqual(
      expect.objectContaining({ rel: 'self', href: actor.href }),
    );
    await t.agent().get(`/.well-known/webfinger?resource=acct:blog@${host}`).expect(404);
    await author.patch('/api/federation/settings').send({ handle: 'blog' }).expect(200);

    const links = (await t.agent().get('/.well-known/nodeinfo').expect(200)).body.links as { href: string }[];
    const nodeinfo = await t.agent().get(new URL(links[0].href).pathname).expect(200);
    expect(nodeinfo.body).toMatchObject({ software: { name: 'mudawwana' }, protocols: ['activitypub'], openRegistrations: false });
  });

  it('serves the actor with its keys, inbox, outbox, followers and profile links', async () => {
    const response = await t.agent().get(actor.pathname).set('Accept', 'application/activity+json').expect(200);
    const json = response.body;
    expect(json).toMatchObject({
      id: actor.href,
      type: 'Person',
      preferredUsername: 'blog',
      name: 'مدوّنة',
      inbox: `${actor.href}/inbox`,
      outbox: `${actor.href}/outbox`,
      followers: `${actor.href}/followers`,
      endpoints: { sharedInbox: inbox.href },
      manuallyApprovesFollowers: false,
      url: `${origin}/`,
    });
    expect(json.publicKey.publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    expect(json.assertionMethod).toHaveLength(2);
    expect([json.attachment].flat()).toContainEqual(
      expect.objectContaining({ type: 'PropertyValue', value: expect.stringContaining('rel="me') }),
    );
    expect(json.image).toMatchObject({ url: `${origin}/og/home.png` });
  });

  it('accepts a follow at once, with a signed Accept to the follower; Undo removes it', async () => {
    const follow = new Follow({ id: peer.id('follow'), actor: peer.actorUrl('alice'), object: actor });
    await peer.send('alice', follow, inbox);
    await waitFor(async () => peer.received('Accept').length > 0, 10_000);
    const [accept] = peer.received('Accept');
    expect(accept.json).toMatchObject({ actor: actor.href, object: { type: 'Follow', id: follow.id!.href } });
    const follower = await db.getRepository(Follower).findOneByOrFail({ actorUrl: peer.actorUrl('alice').href });
    expect(follower).toMatchObject({
      status: 'accepted',
      handle: `@alice@${peer.host}`,
      name: 'أليس الرحّالة',
      inboxUrl: `${peer.actorUrl('alice').href}/inbox`,
      sharedInboxUrl: peer.sharedInbox.href,
    });
    const collection = (await t.agent().get(`${actor.pathname}/followers`).set('Accept', 'application/activity+json').expect(200)).body;
    expect(collection.totalItems).toBe(1);

    await peer.send('alice', new Undo({ id: peer.id('undo'), actor: peer.actorUrl('alice'), object: follow }), inbox);
    await waitFor(async () => (await db.getRepository(Follower).countBy({ actorUrl: peer.actorUrl('alice').href })) === 0, 10_000);
  });

  it('holds a follow for approval when the setting asks, and sends the Accept once approved', async () => {
    await author.patch('/api/federation/settings').send({ approveFollows: true }).expect(200);
    const accepts = peer.received('Accept').length;
    await peer.send('bob', new Follow({ id: peer.id('follow'), actor: peer.actorUrl('bob'), object: actor }), inbox);
    await queueDrained();
    const held = (await author.get('/api/federation/followers?status=pending').expect(200)).body.items;
    expect(held).toEqual([expect.objectContaining({ handle: `@bob@${peer.host}`, status: 'pending' })]);
    expect(peer.received('Accept')).toHaveLength(accepts);
    await author.post(`/api/federation/followers/${held[0].id}/approve`).expect(200);
    await waitFor(async () => peer.received('Accept').length > accepts, 10_000);
    await author.patch('/api/federation/settings').send({ approveFollows: false }).expect(200);
  });

  it('refuses an unsigned activity and one signed with a key that is not the actor’s', async () => {
    const follow = new Follow({ id: peer.id('follow'), actor: peer.actorUrl('alice'), object: actor });
    const body = JSON.stringify(await follow.toJsonLd({ format: 'compact' }));
    const unsigned = await fetch(inbox, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body });
    expect(unsigned.status).toBe(401);
    // Signed by a key of our own, claiming to be alice's key.
    const forged = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const signed = await signRequest(
      new Request(inbox, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body }),
      forged.privateKey,
      new URL(`${peer.actorUrl('alice').href}#main-key`),
    );
    expect((await fetch(signed)).status).toBe(401);
    await queueDrained();
    expect(await db.getRepository(Follower).countBy({ actorUrl: peer.actorUrl('alice').href })).toBe(0);
  });

  it('never fetches an actor, key or object on a private address the operator did not allow', async () => {
    // A key (and so an actor) on the trap's address: the signature cannot be checked without it, so it is refused.
    const mallory = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const follow = new Follow({ id: new URL(`${trap.origin}/follows/1`), actor: new URL(`${trap.origin}/users/mallory`), object: actor });
    const signed = await signRequest(
      new Request(inbox, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: JSON.stringify(await follow.toJsonLd({ format: 'compact' })),
      }),
      mallory.privateKey,
      new URL(`${trap.origin}/users/mallory#main-key`),
    );
    expect((await fetch(signed)).status).toBe(401);
    // A signed activity from the allowed peer naming an object only by an address on the trap: not fetched either.
    const create = new Create({ id: peer.id('create'), actor: peer.actorUrl('alice'), object: new URL(`${trap.origin}/notes/1`) });
    await peer.send('alice', create, inbox);
    await queueDrained();
    expect(trap.requests).toEqual([]);
  });

  it('refuses activities from a blocked server with 403', async () => {
    const block = (
      await author
        .post('/api/federation/blocks')
        .send({ value: peer.actorUrl('alice').href })
        .expect(201)
    ).body;
    const follow = new Follow({ id: peer.id('follow'), actor: peer.actorUrl('alice'), object: actor });
    await expect(peer.send('alice', follow, inbox)).rejects.toThrow(/403/);
    await author.delete(`/api/federation/blocks/${block.id}`).expect(204);
  });

  it('serves the outbox, paged', async () => {
    const outbox = (await t.agent().get(`${actor.pathname}/outbox`).set('Accept', 'application/activity+json').expect(200)).body;
    expect(outbox).toMatchObject({ type: 'OrderedCollection', totalItems: expect.any(Number) });
    void Note;
    void Temporal;
    void request;
  });
});
