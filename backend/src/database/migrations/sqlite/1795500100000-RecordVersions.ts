import { MigrationInterface, QueryRunner } from 'typeorm';

/** Posts and pages get a version, raised by every save, for optimistic locking (a stale save is a 409). */
export class RecordVersions1795500100000 implements MigrationInterface {
  name = 'RecordVersions1795500100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "posts" ADD COLUMN "version" integer NOT NULL DEFAULT (1)');
    await queryRunner.query('ALTER TABLE "pages" ADD COLUMN "version" integer NOT NULL DEFAULT (1)');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "pages" DROP COLUMN "version"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "version"');
  }
}
