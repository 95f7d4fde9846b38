import { MigrationInterface, QueryRunner } from 'typeorm';

/** Personal access tokens for scripts: only a hash of each token is stored. */
export class ApiTokens1795500200000 implements MigrationInterface {
  name = 'ApiTokens1795500200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "api_tokens" ("id" SERIAL NOT NULL, "userId" integer NOT NULL, "name" character varying(100) NOT NULL, "tokenHash" character varying(64) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastUsedAt" TIMESTAMP WITH TIME ZONE, "expiresAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_c587455266b5fa8dace7194caac" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_api_tokens_user" ON "api_tokens" ("userId") ');
    await queryRunner.query('CREATE UNIQUE INDEX "UQ_api_tokens_hash" ON "api_tokens" ("tokenHash") ');
    await queryRunner.query(
      'ALTER TABLE "api_tokens" ADD CONSTRAINT "FK_2a2ce819bd75cc0193bfb2692bd" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "api_tokens" DROP CONSTRAINT "FK_2a2ce819bd75cc0193bfb2692bd"');
    await queryRunner.query('DROP INDEX "public"."UQ_api_tokens_hash"');
    await queryRunner.query('DROP INDEX "public"."IDX_api_tokens_user"');
    await queryRunner.query('DROP TABLE "api_tokens"');
  }
}
