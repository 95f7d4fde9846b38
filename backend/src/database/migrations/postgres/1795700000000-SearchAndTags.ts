import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search and tags (docs/decisions/013-arabic-search-and-tags.md): two indexes derived from the posts, written by the
 * app in the transaction that saves a post (backend/src/search/post-indexes.ts), and filled for the posts already
 * there when the app starts (a row that is missing or older than its post is rebuilt).
 *  - post_search: the post's title, tags and text normalised for Arabic search, and a tsvector over them (the
 *    'simple' configuration: the text is normalised already; title weighs A, tags B, text C) with a GIN index;
 *  - post_tags: one row per tag of a post (slug and name), for the tag pages and counts.
 * Both go with their post (ON DELETE CASCADE).
 */
export class SearchAndTags1795700000000 implements MigrationInterface {
  name = 'SearchAndTags1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "post_search" ("post_id" integer PRIMARY KEY REFERENCES "posts" ("id") ON DELETE CASCADE, "version" integer NOT NULL, "rules" integer NOT NULL, "title" text NOT NULL, "tags" text NOT NULL, "body" text NOT NULL, "document" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, "tags"), 'B') || setweight(to_tsvector('simple'::regconfig, "body"), 'C')) STORED)`,
    );
    await queryRunner.query('CREATE INDEX "IDX_post_search_document" ON "post_search" USING GIN ("document")');
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
    await queryRunner.query('DROP TABLE "post_search"');
  }
}
