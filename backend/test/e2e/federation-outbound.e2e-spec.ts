import { Create } from '@fedify/vocab';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FederationDelivery } from '../../src/federation/federation-activity.entity';
import { FederationQueueMessage } from '../../src/federation/federation-store.entity';
import { Follower } from '../../src/federation/follower.entity';
import { FediversePeer, Redirector, Trap } from '../support/fediverse-peer';
import { createPost, waitFor } from '../support/helpers';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The fediverse's requests through the outbound guard (docs/decisions/033), checked at each connection: a server the
 * operator allowed (OUTBOUND_ALLOW_PRIVATE_HOSTS) that redirects to a private address not allowed (the trap, another
 * port of 127.0.0.1) gets the blog's request, and the trap none, whether the blog fetches an object or delivers.
 */
describe('the fediverse through the outbound guard', () => {
  let peer: FediversePeer;
  let trap: Trap;
  let redirector: Redirector;
  let t: TestApp;
  let author: TestAgent;
  let db: DataSource;
  let inbox: URL;

  beforeAll(async () => {
    peer = await FediversePeer.start();
    trap = await Trap.start();
    redirector = await Redirector.start();
    t = await startTestApp({
      OUTBOUND_ALLOW_PRIVATE_HOSTS: `${peer.host},${redirector.host}`,
      FEDERATION_RETRY_BASE_MS: '300',
      SCHEDULER_INTERVAL_MS: '200',
    });
    author = await t.author();
    db = t.app.get(DataSource);
    inbox = new URL('/ap/inbox', new URL((await author.get('/api/federation/settings').expect(200)).body.actorUrl).origin);
  });

  afterAll(async () => {
    await t?.close();
    await peer?.close();
    await redirector?.close();
    await trap?.close();
  });

  it('does not follow an object address redirected to a private address the operator did not allow', async () => {
    redirector.target = `${trap.origin}/notes/1`;
    const create = new Create({ id: peer.id('create'), actor: peer.actorUrl('alice'), object: new URL(`${redirector.origin}/notes/1`) });
    await peer.send('alice', create, inbox);
    await waitFor(async () => (await db.getRepository(FederationQueueMessage).count()) === 0, 10_000);
    expect(redirector.requests).toContain('GET /notes/1');
    expect(trap.requests).toEqual([]);
  });

  it('delivers nothing to an inbox redirected to a private address: the delivery fails at once, with why', async () => {
    redirector.target = `${trap.origin}/inbox`;
    const inboxUrl = `${redirector.origin}/users/carol/inbox`;
    await db.getRepository(Follower).save({
      actorUrl: `${redirector.origin}/users/carol`,
      handle: `@carol@${redirector.host}`,
      name: 'كارول',
      inboxUrl,
      sharedInboxUrl: null,
      avatarUrl: null,
      profileUrl: `${redirector.origin}/@carol`,
      status: 'accepted',
      followActivityId: `${redirector.origin}/follows/1`,
    });
    await createPost(author, { title: 'إلى متابع خلف تحويل', published: true });
    const delivery = () => db.getRepository(FederationDelivery).findOneBy({ inboxUrl });
    await waitFor(async () => (await delivery())?.status === 'failed', 20_000);
    expect(await delivery()).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'not sent: 127.0.0.1 is a private network address, not in OUTBOUND_ALLOW_PRIVATE_HOSTS',
    });
    expect(redirector.requests).toContain('POST /users/carol/inbox');
    expect(trap.requests).toEqual([]);
  });
});
