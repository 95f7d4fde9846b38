import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../support/conditions';
import { fillableDisk, FillableDisk } from '../support/full-disk';
import { startTestApp, TestApp } from '../support/test-app';

const SQLITE_ONLY = { meta: { skipReason: 'SQLite only: its file fills the disk it is on (PostgreSQL is a server of its own)' } };

/**
 * Issue 21, faults the tests never tried: the disk under the SQLite file fills up. Writes answer 503 STORAGE_FULL with
 * Retry-After (not a 500), reads go on, nothing acknowledged before is lost, the file stays sound, and writes work
 * again once there is room, without a restart.
 */
describe.runIf(!onPostgres)('the SQLite disk is full', SQLITE_ONLY, () => {
  let disk: FillableDisk;
  let t: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    disk = fillableDisk();
    console.info(`filling the disk with: ${disk.kind}`);
    t = await startTestApp({}, { dataDir: disk.dataDir });
    dataSource = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
    disk?.remove();
  });

  it('writes answer 503 STORAGE_FULL, reads go on, nothing acknowledged is lost, and writes work again once there is room', async () => {
    const author = await t.author();
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const title = `قبل امتلاء القرص ${i}`;
      await author
        .post('/api/posts')
        .send({ title, content: `<p>${'نص '.repeat(200)}</p>`, published: true })
        .expect(201);
      acknowledged.push(title);
    }

    await disk.fill(dataSource);
    // Big enough to need new pages. A write may still fit (SQLite reuses the room a refused one left in the WAL), so
    // the author goes on until one is refused: each answer is 201 (then it must stay) or 503 STORAGE_FULL.
    const big = (i: number) => `<p>${`كلمة${i} `.repeat(20_000)}</p>`;
    const refused: string[] = [];
    for (let i = 0; refused.length < 3; i += 1) {
      expect(i, 'no write was refused on a full disk').toBeLessThan(50);
      const title = `أثناء الامتلاء ${i}`;
      const response = await author.post('/api/posts').send({ title, content: big(i), published: true });
      if (response.status === 201) {
        acknowledged.push(title);
        continue;
      }
      expect(response.status, response.body?.code).toBe(503);
      expect(response.body).toMatchObject({ statusCode: 503, code: 'STORAGE_FULL', retryAfter: expect.any(Number) });
      expect(response.headers['retry-after']).toBe(String(response.body.retryAfter));
      refused.push(title);
    }
    // Reads need no room.
    const titles = async (app: TestApp) =>
      ((await app.agent().get('/api/posts?limit=50').expect(200)).body as { title: string }[]).map((post) => post.title).sort();
    expect(await titles(t)).toEqual([...acknowledged].sort());

    await disk.free(dataSource);
    await author
      .post('/api/posts')
      .send({ title: 'بعد عودة المساحة', content: big(-1), published: true })
      .expect(201);
    acknowledged.push('بعد عودة المساحة');
    expect(await titles(t)).toEqual([...acknowledged].sort());
    expect(await dataSource.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);

    // From the file itself: a new server on the same DATA_DIR finds every acknowledged post and none of the refused.
    await t.close();
    t = await startTestApp({}, { dataDir: disk.dataDir });
    expect(await titles(t)).toEqual([...acknowledged].sort());
  });
});
