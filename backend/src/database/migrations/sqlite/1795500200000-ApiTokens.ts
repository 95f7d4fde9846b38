import { MigrationInterface, QueryRunner } from 'typeorm';

/** Personal access tokens for scripts: only a hash of each token is stored. */
export class ApiTokens1795500200000 implements MigrationInterface {
  name = 'ApiTokens1795500200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "api_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "userId" integer NOT NULL, "name" varchar(100) NOT NULL, "tokenHash" varchar(64) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "lastUsedAt" datetime, "expiresAt" datetime, CONSTRAINT "FK_2a2ce819bd75cc0193bfb2692bd" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    );
    await queryRunner.query('CREATE INDEX "IDX_api_tokens_user" ON "api_tokens" ("userId") ');
    await queryRunner.query('CREATE UNIQUE INDEX "UQ_api_tokens_hash" ON "api_tokens" ("tokenHash") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "UQ_api_tokens_hash"');
    await queryRunner.query('DROP INDEX "IDX_api_tokens_user"');
    await queryRunner.query('DROP TABLE "api_tokens"');
  }
}
