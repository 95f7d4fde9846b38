import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { Announce, Create, Follow, Like, Note, PUBLIC_COLLECTION, Undo, Update } from '@fedify/vocab';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FederationQueueMessage } from '../../src/federation/federation-store.entity';
import { Follower } from '../../src/federation/follower.entity';
import { FediversePeer, Trap } from '../support/fediverse-peer';
import { createPost, waitFor } from '../support/helpers';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The blog on the fediverse (issue 27, docs/decisions/031), against a Mastodon-like peer: a second Fedify federation
 * on 127.0.0.1 with its own keys and an inbox recording what it receives (test/support/fediverse-peer.ts), allowed
 * by OUTBOUND_ALLOW_PRIVATE_HOSTS. No request leaves the machine.
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
    t = await startTestApp({ OUTBOUND_ALLOW_PRIVATE_HOSTS: peer.host, FEDERATION_RETRY_BASE_MS: '300', SCHEDULER_INTERVAL_MS: '200' });
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
    if (process.env.CAPTURE_ACTIVITYPUB) await capture('actor.json', json);
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
  });

  describe('publishing, replies and reactions', () => {
    let follows: Follow[];

    beforeAll(async () => {
      // alice and bob share their server's inbox: one delivery reaches both.
      follows = [];
      for (const name of ['alice', 'bob']) {
        const follow = new Follow({ id: peer.id('follow'), actor: peer.actorUrl(name), object: actor });
        follows.push(follow);
        await peer.send(name, follow, inbox);
      }
      await queueDrained();
      for (const held of (await author.get('/api/federation/followers?status=pending').expect(200)).body.items) {
        await author.post(`/api/federation/followers/${held.id}/approve`).expect(200);
      }
      expect((await author.get('/api/federation/followers/counts').expect(200)).body).toEqual({ accepted: 2, pending: 0 });
    });

    const allDelivered = () =>
      waitFor(async () => {
        const counts = (await author.get('/api/federation/deliveries/counts').expect(200)).body;
        return counts.pending === 0 && counts.sending === 0;
      }, 15_000);
    const sharedInboxGot = (type: string) => peer.received(type).filter((delivery) => delivery.inbox === 'shared');

    it('sends one signed Create(Article) per shared inbox when a post is published, then Update and Delete', async () => {
      const post = await createPost(author, {
        title: 'مقال عن الفديفيرس',
        excerpt: 'ملخص المقال',
        content: '<p>نص <a href="/post/other">برابط</a></p>',
        tags: ['ActivityPub', 'شبكات'],
        published: true,
      });
      await allDelivered();
      const creates = sharedInboxGot('Create');
      expect(creates).toHaveLength(1);
      const create = creates[0].json as Record<string, any>;
      const articleUrl = `${origin}/ap/posts/${post.id}`;
      expect(create).toMatchObject({
        type: 'Create',
        actor: actor.href,
        to: 'as:Public',
        cc: `${actor.href}/followers`,
        object: {
          type: 'Article',
          id: articleUrl,
          name: 'مقال عن الفديفيرس',
          summary: 'ملخص المقال',
          url: `${origin}/post/${encodeURIComponent(post.slug)}`,
          contentMap: { ar: expect.stringContaining(`href="${origin}/post/other"`) },
          image: { type: 'Image', url: `${origin}/og/post/${encodeURIComponent(post.slug)}.png` },
        },
      });
      expect([create.object.tag].flat()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'Hashtag', name: '#ActivityPub' }),
          expect.objectContaining({ name: '#شبكات' }),
        ]),
      );
      // The request carried an HTTP signature by the blog's key (the peer's Fedify verified it to record the activity).
      const raw = peer.requests.filter((one) => one.method === 'POST' && one.path === '/inbox' && one.body.includes('"Create"'));
      expect(raw).toHaveLength(1);
      expect(raw[0].headers.signature ?? raw[0].headers['signature-input']).toBeTruthy();
      if (process.env.CAPTURE_ACTIVITYPUB) await capture('create-activity.json', JSON.parse(raw[0].body));

      await author.put(`/api/posts/${post.id}`).send({ title: 'مقال عن الفديفيرس (محدّث)' }).expect(200);
      await allDelivered();
      expect(sharedInboxGot('Update')).toEqual([
        expect.objectContaining({
          json: expect.objectContaining({ object: expect.objectContaining({ id: articleUrl, name: 'مقال عن الفديفيرس (محدّث)' }) }),
        }),
      ]);
      // A save followers would not see (the same title again, the post featured): its activity would have been stored
      // before the answer (the outbox writes in the save's listeners), so none is pending and none arrives.
      await author.put(`/api/posts/${post.id}`).send({ title: 'مقال عن الفديفيرس (محدّث)', featured: true }).expect(200);
      await allDelivered();
      expect(sharedInboxGot('Update')).toHaveLength(1);

      await author.put(`/api/posts/${post.id}`).send({ published: false }).expect(200);
      await allDelivered();
      expect(sharedInboxGot('Delete')).toEqual([
        expect.objectContaining({ json: expect.objectContaining({ object: expect.objectContaining({ id: articleUrl }) }) }),
      ]);

      // Published again: a Create again; deleted: a Delete again.
      await author.put(`/api/posts/${post.id}`).send({ published: true }).expect(200);
      await author.delete(`/api/posts/${post.id}`).expect(204);
      await allDelivered();
      expect(sharedInboxGot('Create')).toHaveLength(2);
      expect(sharedInboxGot('Delete')).toHaveLength(2);
      // Every delivery went to the shared inbox, never to alice's or bob's own.
      expect(peer.inbox.filter((delivery) => delivery.inbox !== 'shared' && delivery.json.type !== 'Accept')).toEqual([]);
    });

    it('sends a scheduled post when its time comes, not before', async () => {
      const before = sharedInboxGot('Create').length;
      const publishAt = new Date(Date.now() + 1_500).toISOString();
      const post = await createPost(author, { title: 'مجدول', published: true, publishAt });
      await allDelivered();
      expect(sharedInboxGot('Create')).toHaveLength(before);
      await waitFor(async () => sharedInboxGot('Create').length > before, 15_000);
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
      expect(sharedInboxGot('Create').at(-1)!.json).toMatchObject({ object: { id: `${origin}/ap/posts/${post.id}` } });
      // The outbox lists it first, as a Create of its Article (pages of 10, newest first).
      const asActivityPub = (path: string) => t.agent().get(path).set('Accept', 'application/activity+json').expect(200);
      const outbox = (await asActivityPub(`${actor.pathname}/outbox`)).body;
      const page = (await asActivityPub(new URL(outbox.first).pathname + new URL(outbox.first).search)).body;
      expect(page.orderedItems.length).toBeLessThanOrEqual(10);
      expect(page.orderedItems[0]).toMatchObject({ type: 'Create', object: { type: 'Article', id: `${origin}/ap/posts/${post.id}` } });
      // The article itself is served at its id; a draft's is not.
      expect((await asActivityPub(`/ap/posts/${post.id}`)).body).toMatchObject({ type: 'Article', name: 'مجدول' });
      const draft = await createPost(author, { title: 'مسودة' });
      await t.agent().get(`/ap/posts/${draft.id}`).set('Accept', 'application/activity+json').expect(404);
    });

    it('turns a signed reply into a held comment with its remote author, shown once approved', async () => {
      const post = await createPost(author, { title: 'للردود', published: true });
      const note = new Note({
        id: new URL(`${peer.actorUrl('alice').href}/notes/1`),
        attribution: peer.actorUrl('alice'),
        replyTarget: new URL(`${origin}/ap/posts/${post.id}`),
        content: '<p><span class="h-card"><a href="x">@blog</a></span> ردّ <b>جميل</b><script>alert(1)</script></p><p>سطر ثانٍ</p>',
        to: PUBLIC_COLLECTION,
      });
      await peer.send('alice', new Create({ id: peer.id('create'), actor: peer.actorUrl('alice'), object: note }), inbox);
      await queueDrained();
      const held = (await author.get(`/api/comments?status=pending&postId=${post.id}`).expect(200)).body.items;
      expect(held).toEqual([
        expect.objectContaining({
          authorName: 'أليس الرحّالة',
          content: '@blog ردّ جميل\n\nسطر ثانٍ',
          status: 'pending',
          holdReason: 'first-comment',
          remoteAuthor: { handle: `@alice@${peer.host}`, profileUrl: `${peer.actorUrl('alice').origin}/@alice` },
        }),
      ]);
      expect((await t.agent().get(`/api/posts/${post.slug}/comments`).expect(200)).body.items).toEqual([]);
      // The same reply delivered again is the same comment.
      await peer.send('alice', new Create({ id: peer.id('create'), actor: peer.actorUrl('alice'), object: note }), inbox);
      await queueDrained();
      expect((await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.total).toBe(1);

      await author.patch(`/api/comments/${held[0].id}`).send({ status: 'approved' }).expect(200);
      const shown = (await t.agent().get(`/api/posts/${post.slug}/comments`).expect(200)).body.items;
      expect(shown).toEqual([
        expect.objectContaining({ authorName: 'أليس الرحّالة', remoteAuthor: expect.objectContaining({ handle: `@alice@${peer.host}` }) }),
      ]);

      // A Note claiming to be alice's, sent by bob, is not taken.
      const forged = new Note({
        id: new URL(`${peer.actorUrl('bob').href}/notes/2`),
        attribution: peer.actorUrl('alice'),
        replyTarget: new URL(`${origin}/ap/posts/${post.id}`),
        content: 'منتحل',
      });
      await peer.send('bob', new Create({ id: peer.id('create'), actor: peer.actorUrl('bob'), object: forged }), inbox);
      await queueDrained();
      expect((await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.total).toBe(1);
    });

    it("takes an edit of a reply (an Update of its Note) from the reply's author only, made plain text as the first", async () => {
      const post = await createPost(author, { title: 'ردّ يُعدَّل', published: true });
      const noteId = new URL(`${peer.actorUrl('alice').href}/notes/edited`);
      const reply = (content: string, attribution = peer.actorUrl('alice')) =>
        new Note({ id: noteId, attribution, replyTarget: new URL(`${origin}/ap/posts/${post.id}`), content, to: PUBLIC_COLLECTION });
      await peer.send('alice', new Create({ id: peer.id('create'), actor: peer.actorUrl('alice'), object: reply('<p>الأول</p>') }), inbox);
      await queueDrained();
      const [comment] = (await author.get(`/api/comments?postId=${post.id}`).expect(200)).body.items;
      await author.patch(`/api/comments/${comment.id}`).send({ status: 'approved' }).expect(200);
      const shown = async () =>
        (await t.agent().get(`/api/posts/${post.slug}/comments`).expect(200)).body.items.map((item: { content: string }) => item.content);
      expect(await shown()).toEqual(['الأول']);

      const edit = reply('<p>المعدَّل <b>بعناية</b><script>alert(1)</script></p>');
      await peer.send('alice', new Update({ id: peer.id('update'), actor: peer.actorUrl('alice'), object: edit }), inbox);
      await queueDrained();
      expect(await shown()).toEqual(['المعدَّل بعناية']);

      // Bob cannot change it: not with the Note as his own, nor with it claiming to be alice's.
      for (const attribution of [peer.actorUrl('bob'), peer.actorUrl('alice')]) {
        const forged = reply('منتحل', attribution);
        await peer.send('bob', new Update({ id: peer.id('update'), actor: peer.actorUrl('bob'), object: forged }), inbox);
      }
      await queueDrained();
      expect(await shown()).toEqual(['المعدَّل بعناية']);
    });

    it('counts likes and boosts once per account, and takes back an undone like', async () => {
      const post = await createPost(author, { title: 'للإعجاب', published: true });
      const article = new URL(`${origin}/ap/posts/${post.id}`);
      const likes = ['alice', 'bob'].map((name) => new Like({ id: peer.id('like'), actor: peer.actorUrl(name), object: article }));
      for (const [index, like] of likes.entries()) await peer.send(index === 0 ? 'alice' : 'bob', like, inbox);
      await peer.send('alice', new Like({ id: peer.id('like'), actor: peer.actorUrl('alice'), object: article }), inbox);
      await peer.send(
        'alice',
        new Announce({ id: peer.id('announce'), actor: peer.actorUrl('alice'), object: article, to: PUBLIC_COLLECTION }),
        inbox,
      );
      await queueDrained();
      expect((await author.get(`/api/federation/posts/${post.id}/reactions`).expect(200)).body).toEqual({
        postId: post.id,
        likes: 2,
        boosts: 1,
      });
      await peer.send('bob', new Undo({ id: peer.id('undo'), actor: peer.actorUrl('bob'), object: likes[1] }), inbox);
      await queueDrained();
      expect((await author.get(`/api/federation/posts/${post.id}/reactions`).expect(200)).body).toMatchObject({ likes: 1, boosts: 1 });
    });

    it('retries a failed delivery with growing waits, and stops for a server that is gone', async () => {
      peer.failWith = 500;
      const post = await createPost(author, { title: 'يفشل ثم ينجح', published: true });
      const failing = await waitForDelivery(post.id, (delivery) => delivery.attempts >= 2);
      expect(failing).toMatchObject({ status: 'pending', lastStatusCode: 500 });
      peer.failWith = null;
      await waitForDelivery(post.id, (delivery) => delivery.status === 'delivered');

      peer.failWith = 410;
      const gone = await createPost(author, { title: 'خادم زائل', published: true });
      expect(await waitForDelivery(gone.id, (delivery) => delivery.status === 'gone')).toMatchObject({ attempts: 1, lastStatusCode: 410 });
      peer.failWith = null;
      const retried = (await author.post(`/api/federation/deliveries/${(await deliveryOf(gone.id))!.id}/retry`).expect(200)).body;
      // The deliverer's sweep may claim it between the retry and the answer: waiting again, or already being sent.
      expect(['pending', 'sending']).toContain(retried.status);
      await waitForDelivery(gone.id, (delivery) => delivery.status === 'delivered');
    });

    async function deliveryOf(postId: number): Promise<Record<string, any> | undefined> {
      const list = (await author.get('/api/federation/deliveries?limit=50').expect(200)).body.items as Record<string, any>[];
      return list.find((delivery) => delivery.postId === postId && delivery.activityType === 'Create');
    }

    async function waitForDelivery(postId: number, done: (delivery: Record<string, any>) => boolean): Promise<Record<string, any>> {
      let found: Record<string, any> | undefined;
      await waitFor(async () => {
        found = await deliveryOf(postId);
        return found !== undefined && done(found);
      }, 15_000);
      return found!;
    }
  });
});

/** Writes a document for docs/activitypub (CAPTURE_ACTIVITYPUB=1): what the blog sends, for readers of the docs. */
async function capture(name: string, json: unknown): Promise<void> {
  const dir = resolve(__dirname, '../../../docs/activitypub');
  await mkdir(dir, { recursive: true });
  await writeFile(resolve(dir, name), `${JSON.stringify(json, null, 2)}\n`);
}
