import { MigrationInterface, QueryRunner } from 'typeorm';

export class ScheduledPosts1795700100000 implements MigrationInterface {
  name = 'ScheduledPosts1795700100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "posts" ADD "publishAt" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_publish_at" ON "posts" ("published", "publishAt") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."IDX_posts_published_publish_at"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "publishAt"');
  }
}
