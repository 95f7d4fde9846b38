import { MigrationInterface, QueryRunner } from 'typeorm';

export class NewsletterDoubleOptIn1795700300000 implements MigrationInterface {
  name = 'NewsletterDoubleOptIn1795700300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "newsletter_sends" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'sending\'), "leaseOwner" varchar(64), "leaseUntil" datetime, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "finishedAt" datetime, CONSTRAINT "UQ_87be284c80625a1e74916dcad4f" UNIQUE ("postId"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_newsletter_sends_status_lease" ON "newsletter_sends" ("status", "leaseUntil") ');
    await queryRunner.query(
      'CREATE TABLE "newsletter_mails" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "sendId" integer, "subscriberId" integer NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'pending\'), "error" varchar(500), "unsubscribeTokenHash" varchar(64), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "sentAt" datetime, CONSTRAINT "UQ_622ea28fd3407326b6294895689" UNIQUE ("unsubscribeTokenHash"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_newsletter_mails_subscriber" ON "newsletter_mails" ("subscriberId") ');
    await queryRunner.query('CREATE INDEX "IDX_newsletter_mails_send_status" ON "newsletter_mails" ("sendId", "status", "id") ');
    await queryRunner.query(
      'CREATE TABLE "temporary_newsletter_subscribers" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(255) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "status" varchar(20) NOT NULL DEFAULT (\'pending\'), "confirmTokenHash" varchar(64), "confirmTokenExpiresAt" datetime, "confirmedAt" datetime, "unsubscribedAt" datetime, CONSTRAINT "UQ_0dc48416511f011f7de7b2a8f83" UNIQUE ("email"), CONSTRAINT "UQ_6461c41075f00cec13c6850b3f3" UNIQUE ("confirmTokenHash"))',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_newsletter_subscribers"("id", "email", "createdAt") SELECT "id", "email", "createdAt" FROM "newsletter_subscribers"',
    );
    await queryRunner.query('DROP TABLE "newsletter_subscribers"');
    await queryRunner.query('ALTER TABLE "temporary_newsletter_subscribers" RENAME TO "newsletter_subscribers"');
    await queryRunner.query('DROP INDEX "IDX_newsletter_sends_status_lease"');
    await queryRunner.query(
      'CREATE TABLE "temporary_newsletter_sends" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'sending\'), "leaseOwner" varchar(64), "leaseUntil" datetime, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "finishedAt" datetime, CONSTRAINT "UQ_87be284c80625a1e74916dcad4f" UNIQUE ("postId"), CONSTRAINT "FK_87be284c80625a1e74916dcad4f" FOREIGN KEY ("postId") REFERENCES "posts" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_newsletter_sends"("id", "postId", "status", "leaseOwner", "leaseUntil", "createdAt", "finishedAt") SELECT "id", "postId", "status", "leaseOwner", "leaseUntil", "createdAt", "finishedAt" FROM "newsletter_sends"',
    );
    await queryRunner.query('DROP TABLE "newsletter_sends"');
    await queryRunner.query('ALTER TABLE "temporary_newsletter_sends" RENAME TO "newsletter_sends"');
    await queryRunner.query('CREATE INDEX "IDX_newsletter_sends_status_lease" ON "newsletter_sends" ("status", "leaseUntil") ');
    await queryRunner.query('DROP INDEX "IDX_newsletter_mails_subscriber"');
    await queryRunner.query('DROP INDEX "IDX_newsletter_mails_send_status"');
    await queryRunner.query(
      'CREATE TABLE "temporary_newsletter_mails" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "sendId" integer, "subscriberId" integer NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'pending\'), "error" varchar(500), "unsubscribeTokenHash" varchar(64), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "sentAt" datetime, CONSTRAINT "UQ_622ea28fd3407326b6294895689" UNIQUE ("unsubscribeTokenHash"), CONSTRAINT "FK_88c86a89d23bba0c23589ea8a2d" FOREIGN KEY ("sendId") REFERENCES "newsletter_sends" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_fd49e051d80e6655a57f1b9c16f" FOREIGN KEY ("subscriberId") REFERENCES "newsletter_subscribers" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_newsletter_mails"("id", "sendId", "subscriberId", "status", "error", "unsubscribeTokenHash", "createdAt", "sentAt") SELECT "id", "sendId", "subscriberId", "status", "error", "unsubscribeTokenHash", "createdAt", "sentAt" FROM "newsletter_mails"',
    );
    await queryRunner.query('DROP TABLE "newsletter_mails"');
    await queryRunner.query('ALTER TABLE "temporary_newsletter_mails" RENAME TO "newsletter_mails"');
    await queryRunner.query('CREATE INDEX "IDX_newsletter_mails_subscriber" ON "newsletter_mails" ("subscriberId") ');
    await queryRunner.query('CREATE INDEX "IDX_newsletter_mails_send_status" ON "newsletter_mails" ("sendId", "status", "id") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_newsletter_mails_send_status"');
    await queryRunner.query('DROP INDEX "IDX_newsletter_mails_subscriber"');
    await queryRunner.query('ALTER TABLE "newsletter_mails" RENAME TO "temporary_newsletter_mails"');
    await queryRunner.query(
      'CREATE TABLE "newsletter_mails" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "sendId" integer, "subscriberId" integer NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'pending\'), "error" varchar(500), "unsubscribeTokenHash" varchar(64), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "sentAt" datetime, CONSTRAINT "UQ_622ea28fd3407326b6294895689" UNIQUE ("unsubscribeTokenHash"))',
    );
    await queryRunner.query(
      'INSERT INTO "newsletter_mails"("id", "sendId", "subscriberId", "status", "error", "unsubscribeTokenHash", "createdAt", "sentAt") SELECT "id", "sendId", "subscriberId", "status", "error", "unsubscribeTokenHash", "createdAt", "sentAt" FROM "temporary_newsletter_mails"',
    );
    await queryRunner.query('DROP TABLE "temporary_newsletter_mails"');
    await queryRunner.query('CREATE INDEX "IDX_newsletter_mails_send_status" ON "newsletter_mails" ("sendId", "status", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_newsletter_mails_subscriber" ON "newsletter_mails" ("subscriberId") ');
    await queryRunner.query('DROP INDEX "IDX_newsletter_sends_status_lease"');
    await queryRunner.query('ALTER TABLE "newsletter_sends" RENAME TO "temporary_newsletter_sends"');
    await queryRunner.query(
      'CREATE TABLE "newsletter_sends" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer NOT NULL, "status" varchar(20) NOT NULL DEFAULT (\'sending\'), "leaseOwner" varchar(64), "leaseUntil" datetime, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "finishedAt" datetime, CONSTRAINT "UQ_87be284c80625a1e74916dcad4f" UNIQUE ("postId"))',
    );
    await queryRunner.query(
      'INSERT INTO "newsletter_sends"("id", "postId", "status", "leaseOwner", "leaseUntil", "createdAt", "finishedAt") SELECT "id", "postId", "status", "leaseOwner", "leaseUntil", "createdAt", "finishedAt" FROM "temporary_newsletter_sends"',
    );
    await queryRunner.query('DROP TABLE "temporary_newsletter_sends"');
    await queryRunner.query('CREATE INDEX "IDX_newsletter_sends_status_lease" ON "newsletter_sends" ("status", "leaseUntil") ');
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" RENAME TO "temporary_newsletter_subscribers"');
    await queryRunner.query(
      'CREATE TABLE "newsletter_subscribers" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(255) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "UQ_0dc48416511f011f7de7b2a8f83" UNIQUE ("email"))',
    );
    await queryRunner.query(
      'INSERT INTO "newsletter_subscribers"("id", "email", "createdAt") SELECT "id", "email", "createdAt" FROM "temporary_newsletter_subscribers"',
    );
    await queryRunner.query('DROP TABLE "temporary_newsletter_subscribers"');
    await queryRunner.query('DROP INDEX "IDX_newsletter_mails_send_status"');
    await queryRunner.query('DROP INDEX "IDX_newsletter_mails_subscriber"');
    await queryRunner.query('DROP TABLE "newsletter_mails"');
    await queryRunner.query('DROP INDEX "IDX_newsletter_sends_status_lease"');
    await queryRunner.query('DROP TABLE "newsletter_sends"');
  }
}
