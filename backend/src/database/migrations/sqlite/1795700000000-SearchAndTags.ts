import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search and tags (docs/decisions/013-arabic-search-and-tags.md): two indexes derived from the posts, written by the
 * app in the transaction that saves a post (backend/src/search/post-indexes.ts), and filled for the posts already
 * there when the app starts (a row that is missing or older than its post is rebuilt).
 *  - post_search: the post's title, tags and text normalised for Arabic search; the FTS5 table post_search_fts reads
 *    it as external content, kept in step by the triggers below;
 *  - post_tags: one row per tag of a post (slug and name), for the tag pages and counts.
 * Both go with their post (ON DELETE CASCADE).
 */
export class SearchAndTags1795700000000 implements MigrationInterface {
  name = 'SearchAndTags1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "post_search" ("post_id" integer PRIMARY KEY NOT NULL REFERENCES "posts" ("id") ON DELETE CASCADE, "version" integer NOT NULL, "rules" integer NOT NULL, "title" text NOT NULL, "tags" text NOT NULL, "body" text NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "post_search_fts" USING fts5("title", "tags", "body", content='post_search', content_rowid='post_id', tokenize='unicode61 remove_diacritics 0')`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "post_search_ai" AFTER INSERT ON "post_search" BEGIN INSERT INTO "post_search_fts" ("rowid", "title", "tags", "body") VALUES (new."post_id", new."title", new."tags", new."body"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "post_search_ad" AFTER DELETE ON "post_search" BEGIN INSERT INTO "post_search_fts" ("post_search_fts", "rowid", "title", "tags", "body") VALUES ('delete', old."post_id", old."title", old."tags", old."body"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "post_search_au" AFTER UPDATE ON "post_search" BEGIN INSERT INTO "post_search_fts" ("post_search_fts", "rowid", "title", "tags", "body") VALUES ('delete', old."post_id", old."title", old."tags", old."body"); INSERT INTO "post_search_fts" ("rowid", "title", "tags", "body") VALUES (new."post_id", new."title", new."tags", new."body"); END`,
    );
    await queryRunner.query(
      `CREATE TABLE "post_tags" ("post_id" integer NOT NULL REFERENCES "posts" ("id") ON DELETE CASCADE, "slug" varchar(200) NOT NULL, "name" varchar(100) NOT NULL, PRIMARY KEY ("post_id", "slug"))`,
    );
    await queryRunner.query('CREATE INDEX "IDX_post_tags_slug_post" ON "post_tags" ("slug", "post_id")');
    // Search reads a match's visibility and date from this index instead of the post's row (see Post).
    await queryRunner.query('CREATE INDEX "IDX_posts_id_published_created" ON "posts" ("id", "published", "createdAt")');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_id_published_created"');
    await queryRunner.query('DROP TABLE "post_tags"');
    await queryRunner.query('DROP TABLE "post_search_fts"');
    await queryRunner.query('DROP TABLE "post_search"');
  }
}
