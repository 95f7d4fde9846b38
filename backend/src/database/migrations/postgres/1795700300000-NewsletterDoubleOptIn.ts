import { MigrationInterface, QueryRunner } from 'typeorm';

export class NewsletterDoubleOptIn1795700300000 implements MigrationInterface {
  name = 'NewsletterDoubleOptIn1795700300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "newsletter_sends" ("id" SERIAL NOT NULL, "postId" integer NOT NULL, "status" character varying(20) NOT NULL DEFAULT \'sending\', "leaseOwner" character varying(64), "leaseUntil" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_87be284c80625a1e74916dcad4f" UNIQUE ("postId"), CONSTRAINT "PK_f6912940535f099ee3676eb3a0c" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_newsletter_sends_status_lease" ON "newsletter_sends" ("status", "leaseUntil") ');
    await queryRunner.query(
      'CREATE TABLE "newsletter_mails" ("id" SERIAL NOT NULL, "sendId" integer, "subscriberId" integer NOT NULL, "status" character varying(20) NOT NULL DEFAULT \'pending\', "error" character varying(500), "unsubscribeTokenHash" character varying(64), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sentAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_622ea28fd3407326b6294895689" UNIQUE ("unsubscribeTokenHash"), CONSTRAINT "PK_ac548872f4215e3981f7bf05647" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_newsletter_mails_subscriber" ON "newsletter_mails" ("subscriberId") ');
    await queryRunner.query('CREATE INDEX "IDX_newsletter_mails_send_status" ON "newsletter_mails" ("sendId", "status", "id") ');
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" ADD "status" character varying(20) NOT NULL DEFAULT \'pending\'');
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" ADD "confirmTokenHash" character varying(64)');
    await queryRunner.query(
      'ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "UQ_c4c31466f5e29f5232c83948dc9" UNIQUE ("confirmTokenHash")',
    );
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" ADD "confirmTokenExpiresAt" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" ADD "confirmedAt" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" ADD "unsubscribedAt" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query(
      'ALTER TABLE "newsletter_sends" ADD CONSTRAINT "FK_87be284c80625a1e74916dcad4f" FOREIGN KEY ("postId") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "newsletter_mails" ADD CONSTRAINT "FK_88c86a89d23bba0c23589ea8a2d" FOREIGN KEY ("sendId") REFERENCES "newsletter_sends"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "newsletter_mails" ADD CONSTRAINT "FK_fd49e051d80e6655a57f1b9c16f" FOREIGN KEY ("subscriberId") REFERENCES "newsletter_subscribers"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "newsletter_mails" DROP CONSTRAINT "FK_fd49e051d80e6655a57f1b9c16f"');
    await queryRunner.query('ALTER TABLE "newsletter_mails" DROP CONSTRAINT "FK_88c86a89d23bba0c23589ea8a2d"');
    await queryRunner.query('ALTER TABLE "newsletter_sends" DROP CONSTRAINT "FK_87be284c80625a1e74916dcad4f"');
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" DROP COLUMN "unsubscribedAt"');
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" DROP COLUMN "confirmedAt"');
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" DROP COLUMN "confirmTokenExpiresAt"');
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" DROP CONSTRAINT "UQ_c4c31466f5e29f5232c83948dc9"');
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" DROP COLUMN "confirmTokenHash"');
    await queryRunner.query('ALTER TABLE "newsletter_subscribers" DROP COLUMN "status"');
    await queryRunner.query('DROP INDEX "public"."IDX_newsletter_mails_send_status"');
    await queryRunner.query('DROP INDEX "public"."IDX_newsletter_mails_subscriber"');
    await queryRunner.query('DROP TABLE "newsletter_mails"');
    await queryRunner.query('DROP INDEX "public"."IDX_newsletter_sends_status_lease"');
    await queryRunner.query('DROP TABLE "newsletter_sends"');
  }
}
