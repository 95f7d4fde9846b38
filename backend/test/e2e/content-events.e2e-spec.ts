import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { ContentEvents } from '../../src/common/content-events';
import { APP_CONFIG, AppConfig } from '../../src/config/app-config';
import { startTestApp, TestApp } from '../support/test-app';

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
});

describe.runIf(process.env.DATABASE_URL?.startsWith('postgres'))('content change events between instances (PostgreSQL)', () => {
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
});
