import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { ContentEvents } from '../../src/common/content-events';
import { ContentTag } from '../../src/site/content-tags';
import { APP_CONFIG, AppConfig } from '../../src/config/app-config';
import { startTestApp, TestApp } from '../support/test-app';
import { onPostgres, POSTGRES_ONLY } from '../support/conditions';
import { createPost } from '../support/helpers';

describe('content change events (what drops cached pages)', () => {
  let t: TestApp;
  const events: string[] = [];
  let stop: () => void;
  beforeAll(async () => {
    t = await startTestApp();
    stop = t.app.get(ContentEvents).on((origin) => {
      events.push(origin);
    });
  });
  afterAll(async () => {
    stop();
    await t.close();
  });

  it('fires after a successful content mutation, not after reads, failures, sign-in or newsletter sign-ups', async () => {
    const author = await t.author();
    events.length = 0;
    await t.agent().get('/api/categories').expect(200);
    await t.agent().post('/api/newsletter').send({ email: 'reader@example.com' }).expect(202);
    await author.post('/api/categories').send({ name: '' }).expect(400);
    expect(events).toEqual([]);
    await author.post('/api/categories').send({ name: 'برمجة' }).expect(201);
    expect(events).toEqual(['local']);
  });

  it('names the posts next to a deleted or moved post (their pages link to it), and no other post, however close in time', async () => {
    const author = await t.author();
    const heard: string[][] = [];
    const stopHearing = t.app.get(ContentEvents).on((origin, tags) => void (origin === 'local' && heard.push([...tags])));
    try {
      // created one after another, most likely within one second (the resolution of SQLite's own timestamps)
      const posts: Record<string, any>[] = [];
      for (let i = 0; i < 5; i += 1) posts.push(await createPost(author, { published: true }));
      const [first, second, third, fourth] = posts;
      const postsNamed = () => posts.filter((post) => heard.at(-1)?.includes(ContentTag.post(post.id))).map((post) => post.id);
      await author.delete(`/api/posts/${third.id}`).expect(204);
      expect(postsNamed()).toEqual([second.id, third.id, fourth.id]);
      // moved to long ago: the posts it sat between, and the one next to it now (the oldest post but it)
      await author.put(`/api/posts/${second.id}`).send({ createdAt: '2000-01-01T00:00:00.000Z' }).expect(200);
      expect(postsNamed()).toEqual([first.id, second.id, fourth.id]);
    } finally {
      stopHearing();
    }
  });
});

describe.runIf(onPostgres)('content change events between instances (PostgreSQL)', POSTGRES_ONLY, () => {
  let t: TestApp;
  let other: Client;
  beforeAll(async () => {
    t = await startTestApp();
    const config = t.app.get<AppConfig>(APP_CONFIG);
    other = new Client({ connectionString: (config.database as { url: string }).url });
    await other.connect();
    await other.query('LISTEN mudawwana_content_changed');
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  it('announces a local change to the other instances', async () => {
    const received = new Promise<string>((resolve) => other.once('notification', (message) => resolve(message.payload ?? '')));
    const author = await t.author();
    await author.put('/api/social-links').send({ twitter: 'someone' }).expect(200);
    expect(await received).toMatch(/^[0-9a-f-]{36} social$/);
  });

  it("replays another instance's change locally", async () => {
    const remote = new Promise<string>((resolve) => {
      const stop = t.app.get(ContentEvents).on((origin) => {
        if (origin === 'remote') {
          stop();
          resolve(origin);
        }
      });
    });
    await other.query(`NOTIFY mudawwana_content_changed, 'another-instance'`);
    expect(await remote).toBe('remote');
  });

  it('listens again when its connection is lost, then drops what every instance keeps (changes were missed)', async () => {
    const everythingHere = new Promise<readonly string[]>((resolve) => {
      const stop = t.app.get(ContentEvents).on((origin, tags) => {
        if (origin === 'remote' && tags.includes('*')) {
          stop();
          resolve(tags);
        }
      });
    });
    const everythingThere = new Promise<string>((resolve) =>
      other.on('notification', (message) => message.payload?.endsWith(' *') && resolve(message.payload)),
    );
    // The app's listening connection: the one in this database that last listened or announced, other than ours.
    const ours = (other as unknown as { processID: number }).processID;
    const killed = await other.query(
      `SELECT pg_terminate_backend("pid") FROM pg_stat_activity
       WHERE "datname" = current_database() AND "pid" <> $1 AND ("query" LIKE 'LISTEN %' OR "query" LIKE 'SELECT pg_notify%')`,
      [ours],
    );
    expect(killed.rowCount).toBe(1);
    expect(await everythingHere).toEqual(['*']);
    expect(await everythingThere).toMatch(/^[0-9a-f-]{36} \*$/);
    // and it announces its changes again
    const received = new Promise<string>((resolve) =>
      other.on('notification', (message) => message.payload?.endsWith(' social') && resolve(message.payload)),
    );
    await (await t.author()).put('/api/social-links').send({ twitter: 'someone-else' }).expect(200);
    expect(await received).toMatch(/ social$/);
  });
});
