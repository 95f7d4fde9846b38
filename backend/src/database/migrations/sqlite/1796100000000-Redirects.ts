import { MigrationInterface, QueryRunner } from 'typeorm';

/** Redirects from old addresses (issue 25): one row per normalised from-path, found by its unique index. */
export class Redirects1796100000000 implements MigrationInterface {
  name = 'Redirects1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "redirects" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "fromPath" varchar(1000) NOT NULL, "toPath" varchar(2000) NOT NULL, "status" integer NOT NULL DEFAULT (301), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "UQ_redirects_from_path" ON "redirects" ("fromPath") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "UQ_redirects_from_path"');
    await queryRunner.query('DROP TABLE "redirects"');
  }
}
