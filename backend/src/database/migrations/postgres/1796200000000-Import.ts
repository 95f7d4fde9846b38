import { MigrationInterface, QueryRunner } from 'typeorm';

export class Import1796200000000 implements MigrationInterface {
  name = 'Import1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "import_jobs" ("id" character varying(36) NOT NULL, "state" character varying(20) NOT NULL, "dryRun" boolean NOT NULL DEFAULT false, "fileName" character varying(255) NOT NULL, "total" integer NOT NULL DEFAULT \'0\', "processed" integer NOT NULL DEFAULT \'0\', "current" character varying(500), "report" text, "error" character varying(1000), "startedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "heartbeatAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_4d206c602f173f98e4bb85819a3" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "imported_items" ("id" SERIAL NOT NULL, "source" character varying(300) NOT NULL, "kind" character varying(20) NOT NULL, "sourceId" character varying(200) NOT NULL, "target" character varying(1000) NOT NULL, "digest" character varying(64), CONSTRAINT "PK_7232fced13566db2e25703759d8" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "UQ_imported_items_source_kind_source_id" ON "imported_items" ("source", "kind", "sourceId") ',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."UQ_imported_items_source_kind_source_id"');
    await queryRunner.query('DROP TABLE "imported_items"');
    await queryRunner.query('DROP TABLE "import_jobs"');
  }
}
