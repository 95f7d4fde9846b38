import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ActivityPub (issue 27, docs/decisions/031): followers, outgoing activities and their deliveries, blocks, reaction
 * counts, Fedify's key-value store and message queue, the actor's keys, and the remote author of a comment from the fediverse.
 */
export class Federation1796340000000 implements MigrationInterface {
  name = 'Federation1796340000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "federation_activities" ("id" SERIAL NOT NULL, "activityId" character varying(2000) NOT NULL, "type" character varying(20) NOT NULL, "postId" integer, "json" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ee66dbb91aaee8cdfdfafbf6f05" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_activities_post" ON "federation_activities" ("postId") ');
    await queryRunner.query(
      'CREATE TABLE "federation_deliveries" ("id" SERIAL NOT NULL, "activityRowId" integer NOT NULL, "inboxUrl" character varying(2000) NOT NULL, "status" character varying(20) NOT NULL DEFAULT \'pending\', "attempts" integer NOT NULL DEFAULT \'0\', "nextAttemptAt" TIMESTAMP WITH TIME ZONE NOT NULL, "leaseOwner" character varying(64), "leaseUntil" TIMESTAMP WITH TIME ZONE, "lastError" character varying(500), "lastStatusCode" integer, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deliveredAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_3c3d98085bee3510130dc6131b5" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_deliveries_activity" ON "federation_deliveries" ("activityRowId") ');
    await queryRunner.query('CREATE INDEX "IDX_federation_deliveries_status_next" ON "federation_deliveries" ("status", "nextAttemptAt") ');
    await queryRunner.query(
      'CREATE TABLE "federation_blocks" ("id" SERIAL NOT NULL, "kind" character varying(20) NOT NULL, "value" character varying(2000) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_8cda732580397f6f1cdda5ce10a" UNIQUE ("value"), CONSTRAINT "PK_cde60cc615022e8dba7378579c9" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "federation_reactions" ("id" SERIAL NOT NULL, "postId" integer NOT NULL, "kind" character varying(20) NOT NULL, "actorKey" character varying(64) NOT NULL, "activityKey" character varying(64) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f5f0f4231763d673b2bf0e8b778" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_reactions_activity" ON "federation_reactions" ("activityKey") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "UQ_federation_reactions_post_kind_actor" ON "federation_reactions" ("postId", "kind", "actorKey") ',
    );
    await queryRunner.query(
      'CREATE TABLE "federation_kv" ("keyHash" character varying(64) NOT NULL, "key" text NOT NULL, "value" text NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_1e2e8df8b967f409f9819c8ee26" PRIMARY KEY ("keyHash"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_kv_expires" ON "federation_kv" ("expiresAt") ');
    await queryRunner.query(
      'CREATE TABLE "federation_queue" ("id" SERIAL NOT NULL, "message" text NOT NULL, "deliverAt" TIMESTAMP WITH TIME ZONE NOT NULL, "leaseOwner" character varying(64), "leaseUntil" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2e2b2ea36eaedfacf288f09bcce" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_queue_due" ON "federation_queue" ("deliverAt", "id") ');
    await queryRunner.query(
      'CREATE TABLE "federation_keys" ("algorithm" character varying(40) NOT NULL, "privateJwk" text NOT NULL, "publicJwk" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5260907e493735f50b13503d69c" PRIMARY KEY ("algorithm"))',
    );
    await queryRunner.query(
      'CREATE TABLE "federation_followers" ("id" SERIAL NOT NULL, "actorUrl" character varying(2000) NOT NULL, "handle" character varying(300) NOT NULL, "name" character varying(200) NOT NULL, "inboxUrl" character varying(2000) NOT NULL, "sharedInboxUrl" character varying(2000), "avatarUrl" character varying(2000), "profileUrl" character varying(2000), "status" character varying(20) NOT NULL DEFAULT \'accepted\', "followActivityId" character varying(2000), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_ee3938f8896e814a82da693a990" UNIQUE ("actorUrl"), CONSTRAINT "PK_d0758fb12f8b5aca9266314d617" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_federation_followers_status_id" ON "federation_followers" ("status", "id") ');
    await queryRunner.query('ALTER TABLE "comments" ADD "remoteObjectId" character varying(2000)');
    await queryRunner.query('ALTER TABLE "comments" ADD CONSTRAINT "UQ_e70095a560afa5d51c91fbca6ff" UNIQUE ("remoteObjectId")');
    await queryRunner.query('ALTER TABLE "comments" ADD "remoteActorUrl" character varying(2000)');
    await queryRunner.query('ALTER TABLE "comments" ADD "remoteHandle" character varying(300)');
    await queryRunner.query('ALTER TABLE "comments" ADD "remoteAvatarUrl" character varying(2000)');
    await queryRunner.query('ALTER TABLE "comments" ADD "remoteProfileUrl" character varying(2000)');
    await queryRunner.query(
      'ALTER TABLE "federation_deliveries" ADD CONSTRAINT "FK_ecd07041312ab3575f017be68f0" FOREIGN KEY ("activityRowId") REFERENCES "federation_activities"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "federation_reactions" ADD CONSTRAINT "FK_d886e7f81bad3ae98ddc3bd625b" FOREIGN KEY ("postId") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "federation_reactions" DROP CONSTRAINT "FK_d886e7f81bad3ae98ddc3bd625b"');
    await queryRunner.query('ALTER TABLE "federation_deliveries" DROP CONSTRAINT "FK_ecd07041312ab3575f017be68f0"');
    await queryRunner.query('ALTER TABLE "comments" DROP COLUMN "remoteProfileUrl"');
    await queryRunner.query('ALTER TABLE "comments" DROP COLUMN "remoteAvatarUrl"');
    await queryRunner.query('ALTER TABLE "comments" DROP COLUMN "remoteHandle"');
    await queryRunner.query('ALTER TABLE "comments" DROP COLUMN "remoteActorUrl"');
    await queryRunner.query('ALTER TABLE "comments" DROP CONSTRAINT "UQ_e70095a560afa5d51c91fbca6ff"');
    await queryRunner.query('ALTER TABLE "comments" DROP COLUMN "remoteObjectId"');
    await queryRunner.query('DROP INDEX "public"."IDX_federation_followers_status_id"');
    await queryRunner.query('DROP TABLE "federation_followers"');
    await queryRunner.query('DROP TABLE "federation_keys"');
    await queryRunner.query('DROP INDEX "public"."IDX_federation_queue_due"');
    await queryRunner.query('DROP TABLE "federation_queue"');
    await queryRunner.query('DROP INDEX "public"."IDX_federation_kv_expires"');
    await queryRunner.query('DROP TABLE "federation_kv"');
    await queryRunner.query('DROP INDEX "public"."UQ_federation_reactions_post_kind_actor"');
    await queryRunner.query('DROP INDEX "public"."IDX_federation_reactions_activity"');
    await queryRunner.query('DROP TABLE "federation_reactions"');
    await queryRunner.query('DROP TABLE "federation_blocks"');
    await queryRunner.query('DROP INDEX "public"."IDX_federation_deliveries_status_next"');
    await queryRunner.query('DROP INDEX "public"."IDX_federation_deliveries_activity"');
    await queryRunner.query('DROP TABLE "federation_deliveries"');
    await queryRunner.query('DROP INDEX "public"."IDX_federation_activities_post"');
    await queryRunner.query('DROP TABLE "federation_activities"');
  }
}
