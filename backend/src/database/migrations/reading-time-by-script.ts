import { readingTime } from '@mudawwana/rules';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Posts read per query: a blog of thousands never holds every content in memory at once. */
const BATCH = 200;

/**
 * The stored reading time of every post, counted again by script (docs/decisions/029): Arabic words at their own
 * rate, code by its lines, formulas one by one, instead of 200 words a minute for everything. Posts are saved with
 * it from now on; this brings the older ones to the same count. The same for both drivers, through the query
 * builder; pages rendered before are not served once a migration has run (data-source.ts).
 */
export class ReadingTimeByScript1796330000000 implements MigrationInterface {
  name = 'ReadingTimeByScript1796330000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (let after = 0; ;) {
      const rows = (await queryRunner.manager
        .createQueryBuilder()
        .select(['"id" AS "id"', '"content" AS "content"', '"readTime" AS "readTime"'])
        .from('posts', 'posts')
        .where('"id" > :after', { after })
        .orderBy('"id"', 'ASC')
        .limit(BATCH)
        .getRawMany()) as { id: number; content: string; readTime: number | null }[];
      if (rows.length === 0) return;
      for (const { id, content, readTime } of rows) {
        const counted = Math.max(1, readingTime(content));
        if (counted === readTime) continue;
        await queryRunner.manager.createQueryBuilder().update('posts').set({ readTime: counted }).where('"id" = :id', { id }).execute();
      }
      after = Number(rows[rows.length - 1].id);
    }
  }

  public async down(): Promise<void> {
    // The counts stay: the rate of 200 words a minute they replace is not worth restoring.
  }
}
