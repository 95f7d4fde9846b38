import { MigrationInterface, QueryRunner } from 'typeorm';

/** Reader comments (issue 24): the comments, the solved challenges kept against replay, and posts' comment policy and count. */
export class Comments1796000000000 implements MigrationInterface {
  name = 'Comments1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "comments" ("id" SERIAL NOT NULL, "postId" integer NOT NULL, "parentId" integer, "authorName" character varying(80) NOT NULL, "authorEmail" character varying(255), "byAuthor" boolean NOT NULL DEFAULT false, "content" text NOT NULL, "status" character varying(20) NOT NULL DEFAULT \'pending\', "holdReason" character varying(20), "addressKey" character varying(64), "replyNotice" character varying(20) NOT NULL DEFAULT \'none\', "replyTokenHash" character varying(64), "moderationTokenHash" character varying(64), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_a134ae7ff60c0616a0db98e3a27" UNIQUE ("replyTokenHash"), CONSTRAINT "UQ_75a9c63251766501ad8f59ef52a" UNIQUE ("moderationTokenHash"), CONSTRAINT "PK_8bf68bc960f2b69e818bdb90dcb" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_comments_address_created" ON "comments" ("addressKey", "createdAt") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_email_status" ON "comments" ("authorEmail", "status") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_status_id" ON "comments" ("status", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_post_status_id" ON "comments" ("postId", "status", "id") ');
    await queryRunner.query(
      'CREATE TABLE "comment_challenges" ("signature" character varying(128) NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_4773bfe47e905cddd9ff0a9bf46" PRIMARY KEY ("signature"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_comment_challenges_expires" ON "comment_challenges" ("expiresAt") ');
    await queryRunner.query('ALTER TABLE "posts" ADD "commentsOpen" boolean NOT NULL DEFAULT true');
    await queryRunner.query('ALTER TABLE "posts" ADD "commentsCloseAfterDays" integer');
    await queryRunner.query('ALTER TABLE "posts" ADD "commentCount" integer NOT NULL DEFAULT \'0\'');
    await queryRunner.query('ALTER TABLE "posts" ADD "commentsCloseAt" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('CREATE INDEX "IDX_posts_comments_close_at" ON "posts" ("commentsCloseAt") ');
    await queryRunner.query(
      'ALTER TABLE "comments" ADD CONSTRAINT "FK_e44ddaaa6d058cb4092f83ad61f" FOREIGN KEY ("postId") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "comments" ADD CONSTRAINT "FK_8770bd9030a3d13c5f79a7d2e81" FOREIGN KEY ("parentId") REFERENCES "comments"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "comments" DROP CONSTRAINT "FK_8770bd9030a3d13c5f79a7d2e81"');
    await queryRunner.query('ALTER TABLE "comments" DROP CONSTRAINT "FK_e44ddaaa6d058cb4092f83ad61f"');
    await queryRunner.query('DROP INDEX "public"."IDX_posts_comments_close_at"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "commentsCloseAt"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "commentCount"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "commentsCloseAfterDays"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "commentsOpen"');
    await queryRunner.query('DROP INDEX "public"."IDX_comment_challenges_expires"');
    await queryRunner.query('DROP TABLE "comment_challenges"');
    await queryRunner.query('DROP INDEX "public"."IDX_comments_post_status_id"');
    await queryRunner.query('DROP INDEX "public"."IDX_comments_status_id"');
    await queryRunner.query('DROP INDEX "public"."IDX_comments_email_status"');
    await queryRunner.query('DROP INDEX "public"."IDX_comments_address_created"');
    await queryRunner.query('DROP TABLE "comments"');
  }
}
