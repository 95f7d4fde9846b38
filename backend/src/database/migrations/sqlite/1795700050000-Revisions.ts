import { MigrationInterface, QueryRunner } from 'typeorm';

export class Revisions1795700050000 implements MigrationInterface {
  name = 'Revisions1795700050000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "revisions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer, "pageId" integer, "kind" varchar(20) NOT NULL, "title" varchar(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "metaTitle" varchar(300), "metaDescription" varchar(500), "authorId" integer, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
    );
    await queryRunner.query('CREATE INDEX "IDX_revisions_page_created_id" ON "revisions" ("pageId", "createdAt", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_revisions_post_created_id" ON "revisions" ("postId", "createdAt", "id") ');
    await queryRunner.query('DROP INDEX "IDX_revisions_page_created_id"');
    await queryRunner.query('DROP INDEX "IDX_revisions_post_created_id"');
    await queryRunner.query(
      'CREATE TABLE "temporary_revisions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer, "pageId" integer, "kind" varchar(20) NOT NULL, "title" varchar(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "metaTitle" varchar(300), "metaDescription" varchar(500), "authorId" integer, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "FK_7127efea549218d9f60d44fc401" FOREIGN KEY ("postId") REFERENCES "posts" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_c33a79551a99d7f35e3952ca937" FOREIGN KEY ("pageId") REFERENCES "pages" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_6b0b4b0a078123faa4b4d18d32c" FOREIGN KEY ("authorId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_revisions"("id", "postId", "pageId", "kind", "title", "content", "excerpt", "metaTitle", "metaDescription", "authorId", "createdAt") SELECT "id", "postId", "pageId", "kind", "title", "content", "excerpt", "metaTitle", "metaDescription", "authorId", "createdAt" FROM "revisions"',
    );
    await queryRunner.query('DROP TABLE "revisions"');
    await queryRunner.query('ALTER TABLE "temporary_revisions" RENAME TO "revisions"');
    await queryRunner.query('CREATE INDEX "IDX_revisions_page_created_id" ON "revisions" ("pageId", "createdAt", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_revisions_post_created_id" ON "revisions" ("postId", "createdAt", "id") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_revisions_post_created_id"');
    await queryRunner.query('DROP INDEX "IDX_revisions_page_created_id"');
    await queryRunner.query('ALTER TABLE "revisions" RENAME TO "temporary_revisions"');
    await queryRunner.query(
      'CREATE TABLE "revisions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "postId" integer, "pageId" integer, "kind" varchar(20) NOT NULL, "title" varchar(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "metaTitle" varchar(300), "metaDescription" varchar(500), "authorId" integer, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')))',
    );
    await queryRunner.query(
      'INSERT INTO "revisions"("id", "postId", "pageId", "kind", "title", "content", "excerpt", "metaTitle", "metaDescription", "authorId", "createdAt") SELECT "id", "postId", "pageId", "kind", "title", "content", "excerpt", "metaTitle", "metaDescription", "authorId", "createdAt" FROM "temporary_revisions"',
    );
    await queryRunner.query('DROP TABLE "temporary_revisions"');
    await queryRunner.query('CREATE INDEX "IDX_revisions_post_created_id" ON "revisions" ("postId", "createdAt", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_revisions_page_created_id" ON "revisions" ("pageId", "createdAt", "id") ');
    await queryRunner.query('DROP INDEX "IDX_revisions_post_created_id"');
    await queryRunner.query('DROP INDEX "IDX_revisions_page_created_id"');
    await queryRunner.query('DROP TABLE "revisions"');
  }
}
