import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each newsletter mail keeps its Message-ID, so a mail sent again after a crash carries the same one and a receiver
 * can drop a copy it already has (docs/decisions/019). The same SQL on both drivers.
 */
export class NewsletterMessageIds1795900200000 implements MigrationInterface {
  name = 'NewsletterMessageIds1795900200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "newsletter_mails" ADD COLUMN "messageId" varchar(255)');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "newsletter_mails" DROP COLUMN "messageId"');
  }
}
