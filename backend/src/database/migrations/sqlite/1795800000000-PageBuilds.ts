import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stored page names what rendered it (site_pages.build: the build of the frontend and the site code, and the
 * content version), and content_version counts the writes made behind the app's back (seed, restore, imports,
 * migrations): pages of another build or an earlier version are never served (docs/decisions/018).
 */
export class PageBuilds1795800000000 implements MigrationInterface {
  name = 'PageBuilds1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "site_pages" ADD COLUMN "build" varchar NOT NULL DEFAULT ''`);
    await queryRunner.query('CREATE TABLE "content_version" ("id" integer PRIMARY KEY NOT NULL, "version" integer NOT NULL)');
    await queryRunner.query('INSERT INTO "content_version" ("id", "version") VALUES (1, 0)');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "content_version"');
    await queryRunner.query('ALTER TABLE "site_pages" DROP COLUMN "build"');
  }
}
