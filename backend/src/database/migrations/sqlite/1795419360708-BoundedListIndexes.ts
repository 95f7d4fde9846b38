import { MigrationInterface, QueryRunner } from 'typeorm';

export class BoundedListIndexes1795419360708 implements MigrationInterface {
  name = 'BoundedListIndexes1795419360708';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_published_created"');
    await queryRunner.query('CREATE INDEX "IDX_posts_featured_published_created" ON "posts" ("featured", "published", "createdAt") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_created_id" ON "posts" ("createdAt", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_category" ON "posts" ("published", "categoryId") ');
    await queryRunner.query(
      'CREATE INDEX "IDX_posts_category_published_created_id" ON "posts" ("categoryId", "published", "createdAt", "id") ',
    );
    await queryRunner.query('CREATE INDEX "IDX_posts_published_created_id" ON "posts" ("published", "createdAt", "id") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_published_category"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_category_published_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_featured_published_created"');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_created" ON "posts" ("published", "createdAt") ');
  }
}
