import { MigrationInterface, QueryRunner } from 'typeorm';

/** Redirects from old addresses (issue 25): one row per normalised from-path, found by its unique index. */
export class Redirects1796100000000 implements MigrationInterface {
  name = 'Redirects1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "redirects" ("id" SERIAL NOT NULL, "fromPath" character varying(1000) NOT NULL, "toPath" character varying(2000) NOT NULL, "status" integer NOT NULL DEFAULT \'301\', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d81f0797728eb0eb92ae3c6eedd" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "UQ_redirects_from_path" ON "redirects" ("fromPath") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."UQ_redirects_from_path"');
    await queryRunner.query('DROP TABLE "redirects"');
  }
}
