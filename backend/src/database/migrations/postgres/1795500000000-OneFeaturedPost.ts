import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "At most one featured post" becomes the database's rule: a partial unique index over the featured rows
 * (declared on the entity with synchronize: false, since TypeORM cannot compare partial index conditions).
 * Rows left over from the race this closes are first reduced to the newest featured post.
 */
export class OneFeaturedPost1795500000000 implements MigrationInterface {
  name = 'OneFeaturedPost1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'UPDATE "posts" SET "featured" = false WHERE "featured" = true AND "id" <> ' +
        '(SELECT "id" FROM "posts" WHERE "featured" = true ORDER BY "createdAt" DESC, "id" DESC LIMIT 1)',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "UQ_posts_one_featured" ON "posts" ("featured") WHERE "featured" = true');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "UQ_posts_one_featured"');
  }
}
