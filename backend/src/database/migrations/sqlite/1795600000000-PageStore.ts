import { MigrationInterface, QueryRunner } from 'typeorm';

/** The page store (docs/decisions/004-page-store.md): rendered public pages, and what each of them shows. */
export class PageStore1795600000000 implements MigrationInterface {
  name = 'PageStore1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "site_pages" ("key" varchar PRIMARY KEY NOT NULL, "content_type" varchar NOT NULL, "status" integer NOT NULL, "body" blob NOT NULL, "etag" varchar NOT NULL, "location" varchar, "tags" text NOT NULL DEFAULT '', "stale" integer NOT NULL DEFAULT 0, "generation" integer NOT NULL DEFAULT 0, "built_at" datetime NOT NULL DEFAULT CURRENT_TIMESTAMP)`,
    );
    await queryRunner.query('CREATE INDEX "IDX_site_pages_stale" ON "site_pages" ("stale")');
    await queryRunner.query('CREATE TABLE "site_page_tags" ("key" varchar NOT NULL, "tag" varchar NOT NULL, PRIMARY KEY ("key", "tag"))');
    await queryRunner.query('CREATE INDEX "IDX_site_page_tags_tag" ON "site_page_tags" ("tag")');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "site_page_tags"');
    await queryRunner.query('DROP TABLE "site_pages"');
  }
}
