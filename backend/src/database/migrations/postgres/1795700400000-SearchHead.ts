import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search bounded in cost however common the words (docs/decisions/013-arabic-search-and-tags.md, backend/src/search/
 * search.repository.ts):
 *  - post_search.head: a small tsvector of the title (A) and tags (B) alone, generated like "document", so a search
 *    ranks every match's title and tags without reading its whole (large, out-of-line) document;
 *  - search reads "public now" (published, publishAt) and the date of its matches from one index on posts, not their
 *    rows (the index made by SearchAndTags predates publishAt).
 */
export class SearchHead1795700400000 implements MigrationInterface {
  name = 'SearchHead1795700400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "post_search" ADD "head" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, "tags"), 'B')) STORED`,
    );
    await queryRunner.query('DROP INDEX "public"."IDX_posts_id_published_created"');
    await queryRunner.query(
      'CREATE INDEX "IDX_posts_id_published_publish_at_created" ON "posts" ("id", "published", "publishAt", "createdAt") ',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."IDX_posts_id_published_publish_at_created"');
    await queryRunner.query('CREATE INDEX "IDX_posts_id_published_created" ON "posts" ("id", "published", "createdAt") ');
    await queryRunner.query('ALTER TABLE "post_search" DROP COLUMN "head"');
  }
}
