import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ActivityPub (issue 27, docs/decisions/031): followers, outgoing activities and their deliveries, blocks, reaction
 * counts, Fedify's key-value store and message queue, the actor's keys, and the remote author of a comment from the fediverse.
 */
export class Federation1796340000000 implements MigrationInterface {
  name = 'Federation1796340000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "federation_activities" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "activityId" varchar(2000) NOT NULL, "type" varchar(20) NOT NULL, "postId" integer, "json" text NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_activities_post" ON "federation_activities" ("postId") ');
    await queryRunner.query(
      'CREATE TABLE "federation_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "activityRowId" integer NOT NULL, "inboxUrl" varchar(2000) NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'pending\'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime NOT NULL, "leaseOwner" varchar(64), "leaseUntil" datetime, "lastError" varchar(500), "lastStatusCode" integer, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "deliveredAt" datetime)',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_deliveries_activity" ON "federation_deliveries" ("activityRowId") ');
    await queryRunner.query('CREATE INDEX "IDX_federation_deliveries_status_next" ON "federation_deliveries" ("status", "nextAttemptAt") ');
    await queryRunner.query(
      'CREATE TABLE "federation_blocks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar(20) NOT NULL, "value" varchar(2000) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "UQ_8cda732580397f6f1cdda5ce10a" UNIQUE ("value"))',
    );
    await queryRunner.query(
      'CREATE TABLE "federation_reactions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer NOT NULL, "kind" varchar(20) NOT NULL, "actorKey" varchar(64) NOT NULL, "activityKey" varchar(64) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_reactions_activity" ON "federation_reactions" ("activityKey") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "UQ_federation_reactions_post_kind_actor" ON "federation_reactions" ("postId", "kind", "actorKey") ',
    );
    await queryRunner.query(
      'CREATE TABLE "federation_kv" ("keyHash" varchar(64) PRIMARY KEY NOT NULL, "key" text NOT NULL, "value" text NOT NULL, "expiresAt" datetime)',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_kv_expires" ON "federation_kv" ("expiresAt") ');
    await queryRunner.query(
      'CREATE TABLE "federation_queue" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "message" text NOT NULL, "deliverAt" datetime NOT NULL, "leaseOwner" varchar(64), "leaseUntil" datetime, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_queue_due" ON "federation_queue" ("deliverAt", "id") ');
    await queryRunner.query(
      'CREATE TABLE "federation_keys" ("algorithm" varchar(40) PRIMARY KEY NOT NULL, "privateJwk" text NOT NULL, "publicJwk" text NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
    );
    await queryRunner.query(
      'CREATE TABLE "federation_followers" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "actorUrl" varchar(2000) NOT NULL, "handle" varchar(300) NOT NULL, "name" varchar(200) NOT NULL, "inboxUrl" varchar(2000) NOT NULL, "sharedInboxUrl" varchar(2000), "avatarUrl" varchar(2000), "profileUrl" varchar(2000), "status" varchar(20) NOT NULL DEFAULT (\'accepted\'), "followActivityId" varchar(2000), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "UQ_ee3938f8896e814a82da693a990" UNIQUE ("actorUrl"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_followers_status_id" ON "federation_followers" ("status", "id") ');
    await queryRunner.query('DROP INDEX "IDX_comments_post_status_id"');
    await queryRunner.query('DROP INDEX "IDX_comments_status_id"');
    await queryRunner.query('DROP INDEX "IDX_comments_email_status"');
    await queryRunner.query('DROP INDEX "IDX_comments_address_created"');
    await queryRunner.query(
      'CREATE TABLE "temporary_comments" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer NOT NULL, "parentId" integer, "authorName" varchar(80) NOT NULL, "authorEmail" varchar(255), "byAuthor" boolean NOT NULL DEFAULT (0), "content" text NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'pending\'), "holdReason" varchar(20), "addressKey" varchar(64), "replyNotice" varchar(20) NOT NULL DEFAULT (\'none\'), "replyTokenHash" varchar(64), "moderationTokenHash" varchar(64), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "remoteObjectId" varchar(2000), "remoteActorUrl" varchar(2000), "remoteHandle" varchar(300), "remoteAvatarUrl" varchar(2000), "remoteProfileUrl" varchar(2000), CONSTRAINT "UQ_75a9c63251766501ad8f59ef52a" UNIQUE ("moderationTokenHash"), CONSTRAINT "UQ_a134ae7ff60c0616a0db98e3a27" UNIQUE ("replyTokenHash"), CONSTRAINT "UQ_4dbcd64ab6863ed8b0ca4c57ddc" UNIQUE ("remoteObjectId"), CONSTRAINT "FK_8770bd9030a3d13c5f79a7d2e81" FOREIGN KEY ("parentId") REFERENCES "comments" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_e44ddaaa6d058cb4092f83ad61f" FOREIGN KEY ("postId") REFERENCES "posts" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_comments"("id", "postId", "parentId", "authorName", "authorEmail", "byAuthor", "content", "status", "holdReason", "addressKey", "replyNotice", "replyTokenHash", "moderationTokenHash", "createdAt") SELECT "id", "postId", "parentId", "authorName", "authorEmail", "byAuthor", "content", "status", "holdReason", "addressKey", "replyNotice", "replyTokenHash", "moderationTokenHash", "createdAt" FROM "comments"',
    );
    await queryRunner.query('DROP TABLE "comments"');
    await queryRunner.query('ALTER TABLE "temporary_comments" RENAME TO "comments"');
    await queryRunner.query('CREATE INDEX "IDX_comments_post_status_id" ON "comments" ("postId", "status", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_status_id" ON "comments" ("status", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_email_status" ON "comments" ("authorEmail", "status") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_address_created" ON "comments" ("addressKey", "createdAt") ');
    await queryRunner.query('DROP INDEX "IDX_federation_deliveries_activity"');
    await queryRunner.query('DROP INDEX "IDX_federation_deliveries_status_next"');
    await queryRunner.query(
      'CREATE TABLE "temporary_federation_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "activityRowId" integer NOT NULL, "inboxUrl" varchar(2000) NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'pending\'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime NOT NULL, "leaseOwner" varchar(64), "leaseUntil" datetime, "lastError" varchar(500), "lastStatusCode" integer, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "deliveredAt" datetime, CONSTRAINT "FK_ecd07041312ab3575f017be68f0" FOREIGN KEY ("activityRowId") REFERENCES "federation_activities" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_federation_deliveries"("id", "activityRowId", "inboxUrl", "status", "attempts", "nextAttemptAt", "leaseOwner", "leaseUntil", "lastError", "lastStatusCode", "createdAt", "deliveredAt") SELECT "id", "activityRowId", "inboxUrl", "status", "attempts", "nextAttemptAt", "leaseOwner", "leaseUntil", "lastError", "lastStatusCode", "createdAt", "deliveredAt" FROM "federation_deliveries"',
    );
    await queryRunner.query('DROP TABLE "federation_deliveries"');
    await queryRunner.query('ALTER TABLE "temporary_federation_deliveries" RENAME TO "federation_deliveries"');
    await queryRunner.query('CREATE INDEX "IDX_federation_deliveries_activity" ON "federation_deliveries" ("activityRowId") ');
    await queryRunner.query('CREATE INDEX "IDX_federation_deliveries_status_next" ON "federation_deliveries" ("status", "nextAttemptAt") ');
    await queryRunner.query('DROP INDEX "IDX_federation_reactions_activity"');
    await queryRunner.query('DROP INDEX "UQ_federation_reactions_post_kind_actor"');
    await queryRunner.query(
      'CREATE TABLE "temporary_federation_reactions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer NOT NULL, "kind" varchar(20) NOT NULL, "actorKey" varchar(64) NOT NULL, "activityKey" varchar(64) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_d886e7f81bad3ae98ddc3bd625b" FOREIGN KEY ("postId") REFERENCES "posts" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_federation_reactions"("id", "postId", "kind", "actorKey", "activityKey", "createdAt") SELECT "id", "postId", "kind", "actorKey", "activityKey", "createdAt" FROM "federation_reactions"',
    );
    await queryRunner.query('DROP TABLE "federation_reactions"');
    await queryRunner.query('ALTER TABLE "temporary_federation_reactions" RENAME TO "federation_reactions"');
    await queryRunner.query('CREATE INDEX "IDX_federation_reactions_activity" ON "federation_reactions" ("activityKey") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "UQ_federation_reactions_post_kind_actor" ON "federation_reactions" ("postId", "kind", "actorKey") ',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "UQ_federation_reactions_post_kind_actor"');
    await queryRunner.query('DROP INDEX "IDX_federation_reactions_activity"');
    await queryRunner.query('ALTER TABLE "federation_reactions" RENAME TO "temporary_federation_reactions"');
    await queryRunner.query(
      'CREATE TABLE "federation_reactions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer NOT NULL, "kind" varchar(20) NOT NULL, "actorKey" varchar(64) NOT NULL, "activityKey" varchar(64) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
    );
    await queryRunner.query(
      'INSERT INTO "federation_reactions"("id", "postId", "kind", "actorKey", "activityKey", "createdAt") SELECT "id", "postId", "kind", "actorKey", "activityKey", "createdAt" FROM "temporary_federation_reactions"',
    );
    await queryRunner.query('DROP TABLE "temporary_federation_reactions"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "UQ_federation_reactions_post_kind_actor" ON "federation_reactions" ("postId", "kind", "actorKey") ',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_reactions_activity" ON "federation_reactions" ("activityKey") ');
    await queryRunner.query('DROP INDEX "IDX_federation_deliveries_status_next"');
    await queryRunner.query('DROP INDEX "IDX_federation_deliveries_activity"');
    await queryRunner.query('ALTER TABLE "federation_deliveries" RENAME TO "temporary_federation_deliveries"');
    await queryRunner.query(
      'CREATE TABLE "federation_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "activityRowId" integer NOT NULL, "inboxUrl" varchar(2000) NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'pending\'), "attempts" integer NOT NULL DEFAULT (0), "nextAttemptAt" datetime NOT NULL, "leaseOwner" varchar(64), "leaseUntil" datetime, "lastError" varchar(500), "lastStatusCode" integer, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "deliveredAt" datetime)',
    );
    await queryRunner.query(
      'INSERT INTO "federation_deliveries"("id", "activityRowId", "inboxUrl", "status", "attempts", "nextAttemptAt", "leaseOwner", "leaseUntil", "lastError", "lastStatusCode", "createdAt", "deliveredAt") SELECT "id", "activityRowId", "inboxUrl", "status", "attempts", "nextAttemptAt", "leaseOwner", "leaseUntil", "lastError", "lastStatusCode", "createdAt", "deliveredAt" FROM "temporary_federation_deliveries"',
    );
    await queryRunner.query('DROP TABLE "temporary_federation_deliveries"');
    await queryRunner.query('CREATE INDEX "IDX_federation_deliveries_status_next" ON "federation_deliveries" ("status", "nextAttemptAt") ');
    await queryRunner.query('CREATE INDEX "IDX_federation_deliveries_activity" ON "federation_deliveries" ("activityRowId") ');
    await queryRunner.query('DROP INDEX "IDX_comments_address_created"');
    await queryRunner.query('DROP INDEX "IDX_comments_email_status"');
    await queryRunner.query('DROP INDEX "IDX_comments_status_id"');
    await queryRunner.query('DROP INDEX "IDX_comments_post_status_id"');
    await queryRunner.query('ALTER TABLE "comments" RENAME TO "temporary_comments"');
    await queryRunner.query(
      'CREATE TABLE "comments" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer NOT NULL, "parentId" integer, "authorName" varchar(80) NOT NULL, "authorEmail" varchar(255), "byAuthor" boolean NOT NULL DEFAULT (0), "content" text NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'pending\'), "holdReason" varchar(20), "addressKey" varchar(64), "replyNotice" varchar(20) NOT NULL DEFAULT (\'none\'), "replyTokenHash" varchar(64), "moderationTokenHash" varchar(64), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "UQ_75a9c63251766501ad8f59ef52a" UNIQUE ("moderationTokenHash"), CONSTRAINT "UQ_a134ae7ff60c0616a0db98e3a27" UNIQUE ("replyTokenHash"), CONSTRAINT "FK_8770bd9030a3d13c5f79a7d2e81" FOREIGN KEY ("parentId") REFERENCES "comments" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_e44ddaaa6d058cb4092f83ad61f" FOREIGN KEY ("postId") REFERENCES "posts" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "comments"("id", "postId", "parentId", "authorName", "authorEmail", "byAuthor", "content", "status", "holdReason", "addressKey", "replyNotice", "replyTokenHash", "moderationTokenHash", "createdAt") SELECT "id", "postId", "parentId", "authorName", "authorEmail", "byAuthor", "content", "status", "holdReason", "addressKey", "replyNotice", "replyTokenHash", "moderationTokenHash", "createdAt" FROM "temporary_comments"',
    );
    await queryRunner.query('DROP TABLE "temporary_comments"');
    await queryRunner.query('CREATE INDEX "IDX_comments_address_created" ON "comments" ("addressKey", "createdAt") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_email_status" ON "comments" ("authorEmail", "status") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_status_id" ON "comments" ("status", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_comments_post_status_id" ON "comments" ("postId", "status", "id") ');
    await queryRunner.query('DROP INDEX "IDX_federation_followers_status_id"');
    await queryRunner.query('DROP TABLE "federation_followers"');
    await queryRunner.query('DROP TABLE "federation_keys"');
    await queryRunner.query('DROP INDEX "IDX_federation_queue_due"');
    await queryRunner.query('DROP TABLE "federation_queue"');
    await queryRunner.query('DROP INDEX "IDX_federation_kv_expires"');
    await queryRunner.query('DROP TABLE "federation_kv"');
    await queryRunner.query('DROP INDEX "UQ_federation_reactions_post_kind_actor"');
    await queryRunner.query('DROP INDEX "IDX_federation_reactions_activity"');
    await queryRunner.query('DROP TABLE "federation_reactions"');
    await queryRunner.query('DROP TABLE "federation_blocks"');
    await queryRunner.query('DROP INDEX "IDX_federation_deliveries_status_next"');
    await queryRunner.query('DROP INDEX "IDX_federation_deliveries_activity"');
    await queryRunner.query('DROP TABLE "federation_deliveries"');
    await queryRunner.query('DROP INDEX "IDX_federation_activities_post"');
    await queryRunner.query('DROP TABLE "federation_activities"');
  }
}
