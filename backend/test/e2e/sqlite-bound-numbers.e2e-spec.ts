import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Post } from '../../src/posts/post.entity';
import { onPostgres, SQLITE_ONLY } from '../support/conditions';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * TypeORM's SQLite driver wrote the numbers of named parameters into the query's text, so that each post's read was
 * a statement prepared anew (issue 23); they are bound now, as whole numbers when they are whole.
 */
describe.runIf(!onPostgres)('numbers bound as parameters on SQLite', SQLITE_ONLY, () => {
  let t: TestApp;
  let dataSource: DataSource;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    dataSource = t.app.get(DataSource);
    // Ids no other number in the statements looks like.
    for (const [index, slug] of ['first', 'second', 'third'].entries()) {
      ids.push(70_001 + index);
      await dataSource.getRepository(Post).insert({ id: 70_001 + index, title: slug, slug, content: '<p>نص</p>' });
    }
  });
  afterAll(() => t?.close());

  it('prepares one statement for reads of a post by different ids, and each finds its post', async () => {
    const connection = (dataSource.driver as unknown as { databaseConnection: { prepare: (sql: string) => unknown } }).databaseConnection;
    const prepare = vi.spyOn(connection, 'prepare');
    try {
      const slugs = [];
      for (const id of ids) slugs.push((await dataSource.getRepository(Post).findOne({ select: { slug: true }, where: { id } }))?.slug);
      expect(slugs).toEqual(['first', 'second', 'third']);
      expect(prepare.mock.calls.length).toBeLessThanOrEqual(1);
      for (const [sql] of prepare.mock.calls) for (const id of ids) expect(sql).not.toMatch(new RegExp(`\\b${id}\\b`));
    } finally {
      prepare.mockRestore();
    }
  });

  it('keeps whole numbers whole, fractions fractional', async () => {
    const [row] = await dataSource
      .createQueryBuilder()
      .from(Post, 'post')
      .where('post.id = :id', { id: ids[0] })
      .select(':seven / :two', 'quotient')
      .addSelect(':half * :two', 'one')
      .addSelect('typeof(:two)', 'type')
      .setParameters({ seven: 7, two: 2, half: 0.5 })
      .getRawMany();
    expect(row).toEqual({ quotient: 3, one: 1, type: 'integer' });
  });
});
