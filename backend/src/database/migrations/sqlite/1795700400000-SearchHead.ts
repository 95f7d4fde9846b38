import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search reads "public now" (published, publishAt) and the date of its matches from one index on posts, not from
 * their rows (the index made by SearchAndTags predates publishAt; search names it: INDEXED BY). PostgreSQL's
 * migration of the same name also adds post_search.head; FTS5 ranks by column weights and needs nothing of the kind.
 */
export class SearchHead1795700400000 implements MigrationInterface {
  name = 'SearchHead1795700400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_id_published_created"');
    await queryRunner.query(
      'CREATE INDEX "IDX_posts_id_published_publish_at_created" ON "posts" ("id", "published", "publishAt", "createdAt") ',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_id_published_publish_at_created"');
    await queryRunner.query('CREATE INDEX "IDX_posts_id_published_created" ON "posts" ("id", "published", "createdAt") ');
  }
}
