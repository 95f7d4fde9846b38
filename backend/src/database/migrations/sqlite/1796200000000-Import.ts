import { MigrationInterface, QueryRunner } from 'typeorm';

export class Import1796200000000 implements MigrationInterface {
  name = 'Import1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "import_jobs" ("id" varchar(36) PRIMARY KEY NOT NULL, "state" varchar(20) NOT NULL, "dryRun" boolean NOT NULL DEFAULT (0), "fileName" varchar(255) NOT NULL, "total" integer NOT NULL DEFAULT (0), "processed" integer NOT NULL DEFAULT (0), "current" varchar(500), "report" text, "error" varchar(1000), "startedAt" datetime NOT NULL, "heartbeatAt" datetime NOT NULL)',
    );
    await queryRunner.query(
      'CREATE TABLE "imported_items" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "source" varchar(300) NOT NULL, "kind" varchar(20) NOT NULL, "sourceId" varchar(200) NOT NULL, "target" varchar(1000) NOT NULL, "digest" varchar(64))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "UQ_imported_items_source_kind_source_id" ON "imported_items" ("source", "kind", "sourceId") ',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "UQ_imported_items_source_kind_source_id"');
    await queryRunner.query('DROP TABLE "imported_items"');
    await queryRunner.query('DROP TABLE "import_jobs"');
  }
}
