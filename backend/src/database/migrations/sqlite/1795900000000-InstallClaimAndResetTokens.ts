import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The install's claim (one row, written with the first account, so parallel first registrations make one account),
 * the first account's setup code, and password reset links as rows of their own (several may be outstanding).
 */
export class InstallClaimAndResetTokens1795900000000 implements MigrationInterface {
  name = 'InstallClaimAndResetTokens1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "install_claim" ("id" integer PRIMARY KEY NOT NULL, "userId" integer NOT NULL, "claimedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "REL_install_claim_user" UNIQUE ("userId"), CONSTRAINT "CHK_install_claim_single" CHECK ("id" = 1), CONSTRAINT "FK_a89b21a4c5a9a3416154dd1c62b" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'CREATE TABLE "setup_code" ("id" integer PRIMARY KEY NOT NULL, "code" varchar(32) NOT NULL, CONSTRAINT "CHK_setup_code_single" CHECK ("id" = 1))',
    );
    await queryRunner.query(
      'CREATE TABLE "password_reset_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "tokenHash" varchar(64) NOT NULL, "expiresAt" datetime NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_d6a19d4b4f6c62dcd29daa497e2" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query('CREATE INDEX "IDX_password_reset_tokens_user" ON "password_reset_tokens" ("userId") ');
    await queryRunner.query('CREATE UNIQUE INDEX "UQ_password_reset_tokens_hash" ON "password_reset_tokens" ("tokenHash") ');
    // A blog that already has its author is claimed by it; a link already mailed keeps working until it expires.
    await queryRunner.query('INSERT INTO "install_claim" ("id", "userId") SELECT 1, MIN("id") FROM "users" HAVING COUNT(*) > 0');
    await queryRunner.query(
      'INSERT INTO "password_reset_tokens" ("userId", "tokenHash", "expiresAt") SELECT "id", "resetToken", "resetTokenExpiry" FROM "users" WHERE "resetToken" IS NOT NULL AND "resetTokenExpiry" IS NOT NULL',
    );
    await queryRunner.query('UPDATE "users" SET "resetToken" = NULL, "resetTokenExpiry" = NULL');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "UQ_password_reset_tokens_hash"');
    await queryRunner.query('DROP INDEX "IDX_password_reset_tokens_user"');
    await queryRunner.query('DROP TABLE "password_reset_tokens"');
    await queryRunner.query('DROP TABLE "setup_code"');
    await queryRunner.query('DROP TABLE "install_claim"');
  }
}
