import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The count of public posts by category read from one index (issue 23): each render of the categories asks for it,
 * and through the (published, categoryId) index it read every post's row for its publication time (124 ms at
 * 100,000 posts, on the serving thread on SQLite); with publishAt in the index, 3 ms.
 */
export class CategoryCountsIndex1796360000000 implements MigrationInterface {
  name = 'CategoryCountsIndex1796360000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_published_category"');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_category_publish_at" ON "posts" ("published", "categoryId", "publishAt")');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_published_category_publish_at"');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_category" ON "posts" ("published", "categoryId")');
  }
}
