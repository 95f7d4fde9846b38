import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reader comments (issue 24): the comments, the solved challenges kept against replay, and on posts their own
 * comment policy and count of approved comments. Written by hand: SQLite adds the post columns in place, where the
 * generated migration rebuilt the whole posts table.
 */
export class Comments1796000000000 implements MigrationInterface {
  name = 'Comments1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "comments" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer NOT NULL, "parentId" integer, "authorName" varchar(80) NOT NULL, "authorEmail" varchar(255), "byAuthor" boolean NOT NULL DEFAULT (0), "content" text NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'pending\'), "holdReason" varchar(20), "addressKey" varchar(64), "replyNotice" varchar(20) NOT NULL DEFAULT (\'none\'), "replyTokenHash" varchar(64), "moderationTokenHash" varchar(64), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "UQ_a134ae7ff60c0616a0db98e3a27" UNIQUE ("replyTokenHash"), CONSTRAINT "UQ_75a9c63251766501ad8f59ef52a" UNIQUE ("moderationTokenHash"), CONSTRAINT "FK_e44ddaaa6d058cb4092f83ad61f" FOREIGN KEY ("postId") REFERENCES "posts" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_8770bd9030a3d13c5f79a7d2e81" FOREIGN KEY ("parentId") REFERENCES "comments" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query('CREATE INDEX "IDX_comments_address_created" ON "comments" ("addressKey", "createdAt") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_email_status" ON "comments" ("authorEmail", "status") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_status_id" ON "comments" ("status", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_post_status_id" ON "comments" ("postId", "status", "id") ');
    await queryRunner.query(
      'CREATE TABLE "comment_challenges" ("signature" varchar(128) PRIMARY KEY NOT NULL, "expiresAt" datetime NOT NULL)',
    );
    await queryRunner.query('CREATE INDEX "IDX_comment_challenges_expires" ON "comment_challenges" ("expiresAt") ');
    await queryRunner.query('ALTER TABLE "posts" ADD COLUMN "commentsOpen" boolean NOT NULL DEFAULT (1)');
    await queryRunner.query('ALTER TABLE "posts" ADD COLUMN "commentsCloseAfterDays" integer');
    await queryRunner.query('ALTER TABLE "posts" ADD COLUMN "commentCount" integer NOT NULL DEFAULT (0)');
    await queryRunner.query('ALTER TABLE "posts" ADD COLUMN "commentsCloseAt" datetime');
    await queryRunner.query('CREATE INDEX "IDX_posts_comments_close_at" ON "posts" ("commentsCloseAt") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_comments_close_at"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "commentsCloseAt"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "commentCount"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "commentsCloseAfterDays"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "commentsOpen"');
    await queryRunner.query('DROP TABLE "comment_challenges"');
    await queryRunner.query('DROP TABLE "comments"');
  }
}
