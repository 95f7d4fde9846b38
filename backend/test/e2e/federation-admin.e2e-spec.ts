import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deliverer } from '../../src/federation/deliverer';
import { FederationActivity, FederationDelivery } from '../../src/federation/federation-activity.entity';
import { FederationReaction } from '../../src/federation/federation-reaction.entity';
import { Follower } from '../../src/federation/follower.entity';
import { createPost } from '../support/helpers';
import { sharedTestApp } from '../support/test-app';

/**
 * The author's fediverse API (issue 27, docs/decisions/031): the handle and approval setting, followers (approve,
 * remove: each answered with an activity to the follower's inbox), deliveries (list, counts, retry), blocks (a
 * blocked server's followers go), and a post's like and boost counts. Remote addresses here are private ones no
 * allow-list names: the deliverer refuses them without a request (federation-ssrf proves it), so no test reaches out.
 */
describe('the federation admin API', () => {
  const t = sharedTestApp();
  let author: TestAgent;
  let db: DataSource;
  let seq = 0;

  beforeAll(async () => {
    author = await t.author();
    db = t.app.get(DataSource);
  });

  /** A follower as a Follow would store it, on server `host`. */
  async function follower(host: string, status: 'accepted' | 'pending' = 'accepted'): Promise<Follower> {
    seq += 1;
    const actorUrl = `https://${host}/users/u${seq}`;
    return db.getRepository(Follower).save({
      actorUrl,
      handle: `@u${seq}@${host}`,
      name: `قارئ ${seq}`,
      inboxUrl: `http://10.9.9.9/users/u${seq}/inbox`,
      sharedInboxUrl: null,
      avatarUrl: null,
      profileUrl: `https://${host}/@u${seq}`,
      status,
      followActivityId: `https://${host}/follows/${seq}`,
    });
  }

  it('needs a signed-in author for every call', async () => {
    const reader = t.agent();
    for (const response of [
      await reader.get('/api/federation/settings'),
      await reader.patch('/api/federation/settings').send({ handle: 'x' }),
      await reader.get('/api/federation/followers'),
      await reader.get('/api/federation/followers/counts'),
      await reader.post('/api/federation/followers/1/approve'),
      await reader.delete('/api/federation/followers/1'),
      await reader.get('/api/federation/deliveries'),
      await reader.get('/api/federation/deliveries/counts'),
      await reader.post('/api/federation/deliveries/1/retry'),
      await reader.get('/api/federation/blocks'),
      await reader.post('/api/federation/blocks').send({ value: 'spam.example' }),
      await reader.delete('/api/federation/blocks/1'),
      await reader.get('/api/federation/posts/1/reactions'),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'NOT_SIGNED_IN' });
    }
  });

  it('keeps the handle and the approval setting; the actor id does not change with the handle', async () => {
    const before = (await author.get('/api/federation/settings').expect(200)).body;
    expect(before).toMatchObject({ handle: 'blog', approveFollows: false });
    expect(before.account).toMatch(/^@blog@localhost:\d+$/);
    const after = (await author.patch('/api/federation/settings').send({ handle: 'mudawwana', approveFollows: true }).expect(200)).body;
    expect(after).toMatchObject({ handle: 'mudawwana', approveFollows: true, actorUrl: before.actorUrl });
    expect(after.account).toMatch(/^@mudawwana@/);
    expect((await author.patch('/api/federation/settings').send({ approveFollows: false }).expect(200)).body.handle).toBe('mudawwana');
    for (const handle of ['', 'Has-Caps', 'مدونة', 'x'.repeat(31)]) {
      const refused = await author.patch('/api/federation/settings').send({ handle }).expect(400);
      expect(refused.body.message).toEqual(expect.arrayContaining([expect.stringContaining('handle')]));
    }
    await author.patch('/api/federation/settings').send({ handle: 'blog' }).expect(200);
  });

  it('lists followers by state, bounded, and counts them', async () => {
    const accepted = [await follower('a.example'), await follower('b.example')];
    const pending = await follower('c.example', 'pending');
    const counts = (await author.get('/api/federation/followers/counts').expect(200)).body;
    expect(counts).toEqual({ accepted: expect.any(Number), pending: expect.any(Number) });
    expect(counts.accepted).toBeGreaterThanOrEqual(2);
    const page = (await author.get('/api/federation/followers?limit=1').expect(200)).body;
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id: accepted[1].id, handle: accepted[1].handle, status: 'accepted', avatarUrl: null });
    expect(page.total).toBe(counts.accepted);
    const held = (await author.get('/api/federation/followers?status=pending').expect(200)).body;
    expect(held.items.map((item: { id: number }) => item.id)).toContain(pending.id);
    await author.get('/api/federation/followers?limit=51').expect(400);
    await author.get('/api/federation/followers?status=blocked').expect(400);
  });

  it('approves a held follow with an Accept to its inbox, and removes a follower with a Reject', async () => {
    const held = await follower('held.example', 'pending');
    const approved = (await author.post(`/api/federation/followers/${held.id}/approve`).expect(200)).body;
    expect(approved).toMatchObject({ id: held.id, status: 'accepted' });
    const accept = await db.getRepository(FederationActivity).findOneByOrFail({ type: 'Accept' });
    expect(JSON.parse(accept.json)).toMatchObject({
      type: 'Accept',
      object: { type: 'Follow', id: held.followActivityId, actor: held.actorUrl },
    });
    expect(await db.getRepository(FederationDelivery).findOneBy({ activityRowId: accept.id })).toMatchObject({ inboxUrl: held.inboxUrl });
    // Approving again changes nothing and sends nothing.
    await author.post(`/api/federation/followers/${held.id}/approve`).expect(200);
    expect(await db.getRepository(FederationActivity).countBy({ type: 'Accept' })).toBe(1);

    await author.delete(`/api/federation/followers/${held.id}`).expect(204);
    const reject = await db.getRepository(FederationActivity).findOneByOrFail({ type: 'Reject' });
    expect(JSON.parse(reject.json)).toMatchObject({ type: 'Reject', object: { type: 'Follow', actor: held.actorUrl } });
    expect((await author.delete(`/api/federation/followers/${held.id}`).expect(404)).body.code).toBe('FOLLOWER_NOT_FOUND');
    expect((await author.post('/api/federation/followers/999999/approve').expect(404)).body.code).toBe('FOLLOWER_NOT_FOUND');
  });

  it('lists deliveries with their activity, counts them, and retries only a failed or gone one', async () => {
    const activity = await db
      .getRepository(FederationActivity)
      .save({ activityId: 'https://blog.example/ap/activities/x', type: 'Create', postId: null, json: '{}' });
    const failed = await db.getRepository(FederationDelivery).save({
      activityRowId: activity.id,
      inboxUrl: 'http://10.9.9.9/inbox',
      status: 'failed',
      attempts: 8,
      nextAttemptAt: new Date(),
      lastError: 'HTTP 500',
      lastStatusCode: 500,
    });
    const delivered = await db.getRepository(FederationDelivery).save({
      activityRowId: activity.id,
      inboxUrl: 'http://10.9.9.8/inbox',
      status: 'delivered',
      nextAttemptAt: new Date(),
      deliveredAt: new Date(),
    });
    const list = (await author.get('/api/federation/deliveries?status=failed').expect(200)).body;
    expect(list.items).toContainEqual(
      expect.objectContaining({
        id: failed.id,
        activityType: 'Create',
        status: 'failed',
        attempts: 8,
        lastError: 'HTTP 500',
        lastStatusCode: 500,
      }),
    );
    expect(list.items.every((item: { status: string }) => item.status === 'failed')).toBe(true);
    const counts = (await author.get('/api/federation/deliveries/counts').expect(200)).body;
    expect(Object.keys(counts).sort()).toEqual(['delivered', 'failed', 'gone', 'pending', 'sending']);
    expect(counts.failed).toBeGreaterThanOrEqual(1);

    const retried = (await author.post(`/api/federation/deliveries/${failed.id}/retry`).expect(200)).body;
    expect(retried).toMatchObject({ id: failed.id, status: 'pending', attempts: 0, lastError: null });
    const refused = await author.post(`/api/federation/deliveries/${delivered.id}/retry`).expect(409);
    expect(refused.body.code).toBe('DELIVERY_NOT_RETRYABLE');
    expect((await author.post('/api/federation/deliveries/999999/retry').expect(404)).body.code).toBe('DELIVERY_NOT_FOUND');
  });

  it('forgets finished deliveries after a month, and the JSON of activities left without any', async () => {
    const activities = db.getRepository(FederationActivity);
    const deliveries = db.getRepository(FederationDelivery);
    const done = await activities.save({
      activityId: 'https://blog.example/ap/activities/done',
      type: 'Update',
      postId: null,
      json: '{"type":"Update"}',
    });
    const waiting = await activities.save({
      activityId: 'https://blog.example/ap/activities/waiting',
      type: 'Update',
      postId: null,
      json: '{"type":"Update"}',
    });
    await deliveries.save([
      {
        activityRowId: done.id,
        inboxUrl: 'http://10.9.9.7/inbox',
        status: 'delivered',
        nextAttemptAt: new Date(),
        deliveredAt: new Date(),
      },
      // Pending far in the future: the deliverer leaves it alone, and the pruning must too.
      { activityRowId: waiting.id, inboxUrl: 'http://10.9.9.6/inbox', status: 'pending', nextAttemptAt: new Date(Date.now() + 86_400_000) },
    ]);
    await t.app.get(Deliverer).pruneFinished(Date.now() - 60_000); // a month after a minute ago: nothing is that old
    expect(await deliveries.countBy({ activityRowId: done.id })).toBe(1);
    await t.app.get(Deliverer).pruneFinished(Date.now() + 31 * 86_400_000); // a month and a day from now
    expect(await deliveries.countBy({ activityRowId: done.id })).toBe(0);
    expect(await deliveries.countBy({ activityRowId: waiting.id })).toBe(1);
    expect((await activities.findOneByOrFail({ id: done.id })).json).toBe('{}');
    expect((await activities.findOneByOrFail({ id: waiting.id })).json).toBe('{"type":"Update"}');
  });

  it('blocks servers and accounts, refusing what is neither; a blocked server loses its followers', async () => {
    const doomed = [await follower('spam.example'), await follower('eu.spam.example')];
    const kept = await follower('fine.example');
    const block = (await author.post('/api/federation/blocks').send({ value: '  SPAM.example ' }).expect(201)).body;
    expect(block).toMatchObject({ kind: 'domain', value: 'spam.example' });
    for (const gone of doomed) expect(await db.getRepository(Follower).findOneBy({ id: gone.id })).toBeNull();
    expect(await db.getRepository(Follower).findOneBy({ id: kept.id })).not.toBeNull();

    const actor = (await author.post('/api/federation/blocks').send({ value: kept.actorUrl }).expect(201)).body;
    expect(actor).toMatchObject({ kind: 'actor', value: kept.actorUrl });
    expect(await db.getRepository(Follower).findOneBy({ id: kept.id })).toBeNull();

    expect((await author.post('/api/federation/blocks').send({ value: 'spam.example' }).expect(409)).body.code).toBe('BLOCK_EXISTS');
    for (const value of ['not a host', 'localhost', 'ftp://x.example/u', '@only']) {
      expect((await author.post('/api/federation/blocks').send({ value }).expect(400)).body.code).toBe('BLOCK_INVALID');
    }
    const list = (await author.get('/api/federation/blocks?limit=1').expect(200)).body;
    expect(list).toMatchObject({ total: 2, items: [{ id: actor.id }] });
    await author.delete(`/api/federation/blocks/${block.id}`).expect(204);
    expect((await author.delete(`/api/federation/blocks/${block.id}`).expect(404)).body.code).toBe('BLOCK_NOT_FOUND');
  });

  it("counts a post's likes and boosts, numbers only", async () => {
    const post = await createPost(author, { published: true });
    const reactions = db.getRepository(FederationReaction);
    await reactions.save([
      { postId: post.id, kind: 'like', actorKey: 'a'.repeat(64), activityKey: '1'.repeat(64) },
      { postId: post.id, kind: 'like', actorKey: 'b'.repeat(64), activityKey: '2'.repeat(64) },
      { postId: post.id, kind: 'boost', actorKey: 'a'.repeat(64), activityKey: '3'.repeat(64) },
    ]);
    expect((await author.get(`/api/federation/posts/${post.id}/reactions`).expect(200)).body).toEqual({
      postId: post.id,
      likes: 2,
      boosts: 1,
    });
    expect((await author.get('/api/federation/posts/999999/reactions').expect(404)).body.code).toBe('POST_NOT_FOUND');
  });
});
