import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Posts get `publishAt` (a scheduled post's time) and an index for the scheduler. Written by hand: SQLite adds a
 * column in place, where the generated migration rebuilt the whole posts table.
 */
export class ScheduledPosts1795700100000 implements MigrationInterface {
  name = 'ScheduledPosts1795700100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "posts" ADD COLUMN "publishAt" datetime');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_publish_at" ON "posts" ("published", "publishAt") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_published_publish_at"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "publishAt"');
  }
}
