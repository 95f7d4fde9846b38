import { MigrationInterface, QueryRunner } from 'typeorm';

/** A language per post (BCP 47, Arabic by default) and the post a translation translates (issue 26). */
export class PostLanguage1796320000000 implements MigrationInterface {
  name = 'PostLanguage1796320000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_comments_close_at"');
    await queryRunner.query('DROP INDEX "IDX_posts_id_published_publish_at_created"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_publish_at"');
    await queryRunner.query('DROP INDEX "UQ_posts_one_featured"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_category_published_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_category"');
    await queryRunner.query('DROP INDEX "IDX_posts_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_featured_published_created"');
    await queryRunner.query(
      'CREATE TABLE "temporary_posts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "title" varchar(300) NOT NULL, "slug" varchar(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "featuredImage" varchar(1000), "categoryId" integer, "authorId" integer, "published" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "readTime" integer, "tags" text NOT NULL DEFAULT (\'[]\'), "metaTitle" varchar(300), "metaDescription" varchar(500), "version" integer NOT NULL DEFAULT (1), "publishAt" datetime, "commentsOpen" boolean NOT NULL DEFAULT (1), "commentsCloseAfterDays" integer, "commentCount" integer NOT NULL DEFAULT (0), "commentsCloseAt" datetime, "language" varchar(35) NOT NULL DEFAULT (\'ar\'), "translationOfId" integer, CONSTRAINT "UQ_54ddf9075260407dcfdd7248577" UNIQUE ("slug"), CONSTRAINT "FK_c5a322ad12a7bf95460c958e80e" FOREIGN KEY ("authorId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_168bf21b341e2ae340748e2541d" FOREIGN KEY ("categoryId") REFERENCES "categories" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_posts"("id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription", "version", "publishAt", "commentsOpen", "commentsCloseAfterDays", "commentCount", "commentsCloseAt") SELECT "id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription", "version", "publishAt", "commentsOpen", "commentsCloseAfterDays", "commentCount", "commentsCloseAt" FROM "posts"',
    );
    await queryRunner.query('DROP TABLE "posts"');
    await queryRunner.query('ALTER TABLE "temporary_posts" RENAME TO "posts"');
    await queryRunner.query('CREATE INDEX "IDX_posts_comments_close_at" ON "posts" ("commentsCloseAt") ');
    await queryRunner.query(
      'CREATE INDEX "IDX_posts_id_published_publish_at_created" ON "posts" ("id", "published", "publishAt", "createdAt") ',
    );
    await queryRunner.query('CREATE INDEX "IDX_posts_published_publish_at" ON "posts" ("published", "publishAt") ');
    await queryRunner.query('CREATE UNIQUE INDEX "UQ_posts_one_featured" ON "posts" ("featured") WHERE "featured" = 1');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_created_id" ON "posts" ("published", "createdAt", "id") ');
    await queryRunner.query(
      'CREATE INDEX "IDX_posts_category_published_created_id" ON "posts" ("categoryId", "published", "createdAt", "id") ',
    );
    await queryRunner.query('CREATE INDEX "IDX_posts_published_category" ON "posts" ("published", "categoryId") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_created_id" ON "posts" ("createdAt", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_featured_published_created" ON "posts" ("featured", "published", "createdAt") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_translation_of" ON "posts" ("translationOfId") ');
    await queryRunner.query('DROP INDEX "IDX_posts_comments_close_at"');
    await queryRunner.query('DROP INDEX "IDX_posts_id_published_publish_at_created"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_publish_at"');
    await queryRunner.query('DROP INDEX "UQ_posts_one_featured"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_category_published_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_category"');
    await queryRunner.query('DROP INDEX "IDX_posts_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_featured_published_created"');
    await queryRunner.query('DROP INDEX "IDX_posts_translation_of"');
    await queryRunner.query(
      'CREATE TABLE "temporary_posts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "title" varchar(300) NOT NULL, "slug" varchar(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "featuredImage" varchar(1000), "categoryId" integer, "authorId" integer, "published" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "readTime" integer, "tags" text NOT NULL DEFAULT (\'[]\'), "metaTitle" varchar(300), "metaDescription" varchar(500), "version" integer NOT NULL DEFAULT (1), "publishAt" datetime, "commentsOpen" boolean NOT NULL DEFAULT (1), "commentsCloseAfterDays" integer, "commentCount" integer NOT NULL DEFAULT (0), "commentsCloseAt" datetime, "language" varchar(35) NOT NULL DEFAULT (\'ar\'), "translationOfId" integer, CONSTRAINT "UQ_54ddf9075260407dcfdd7248577" UNIQUE ("slug"), CONSTRAINT "FK_c5a322ad12a7bf95460c958e80e" FOREIGN KEY ("authorId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_168bf21b341e2ae340748e2541d" FOREIGN KEY ("categoryId") REFERENCES "categories" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_7fa11f0d13abd35c5d173e93b4c" FOREIGN KEY ("translationOfId") REFERENCES "posts" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_posts"("id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription", "version", "publishAt", "commentsOpen", "commentsCloseAfterDays", "commentCount", "commentsCloseAt", "language", "translationOfId") SELECT "id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription", "version", "publishAt", "commentsOpen", "commentsCloseAfterDays", "commentCount", "commentsCloseAt", "language", "translationOfId" FROM "posts"',
    );
    await queryRunner.query('DROP TABLE "posts"');
    await queryRunner.query('ALTER TABLE "temporary_posts" RENAME TO "posts"');
    await queryRunner.query('CREATE INDEX "IDX_posts_comments_close_at" ON "posts" ("commentsCloseAt") ');
    await queryRunner.query(
      'CREATE INDEX "IDX_posts_id_published_publish_at_created" ON "posts" ("id", "published", "publishAt", "createdAt") ',
    );
    await queryRunner.query('CREATE INDEX "IDX_posts_published_publish_at" ON "posts" ("published", "publishAt") ');
    await queryRunner.query('CREATE UNIQUE INDEX "UQ_posts_one_featured" ON "posts" ("featured") WHERE "featured" = 1');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_created_id" ON "posts" ("published", "createdAt", "id") ');
    await queryRunner.query(
      'CREATE INDEX "IDX_posts_category_published_created_id" ON "posts" ("categoryId", "published", "createdAt", "id") ',
    );
    await queryRunner.query('CREATE INDEX "IDX_posts_published_category" ON "posts" ("published", "categoryId") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_created_id" ON "posts" ("createdAt", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_featured_published_created" ON "posts" ("featured", "published", "createdAt") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_translation_of" ON "posts" ("translationOfId") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_translation_of"');
    await queryRunner.query('DROP INDEX "IDX_posts_featured_published_created"');
    await queryRunner.query('DROP INDEX "IDX_posts_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_category"');
    await queryRunner.query('DROP INDEX "IDX_posts_category_published_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_created_id"');
    await queryRunner.query('DROP INDEX "UQ_posts_one_featured"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_publish_at"');
    await queryRunner.query('DROP INDEX "IDX_posts_id_published_publish_at_created"');
    await queryRunner.query('DROP INDEX "IDX_posts_comments_close_at"');
    await queryRunner.query('ALTER TABLE "posts" RENAME TO "temporary_posts"');
    await queryRunner.query(
      'CREATE TABLE "posts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "title" varchar(300) NOT NULL, "slug" varchar(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "featuredImage" varchar(1000), "categoryId" integer, "authorId" integer, "published" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "readTime" integer, "tags" text NOT NULL DEFAULT (\'[]\'), "metaTitle" varchar(300), "metaDescription" varchar(500), "version" integer NOT NULL DEFAULT (1), "publishAt" datetime, "commentsOpen" boolean NOT NULL DEFAULT (1), "commentsCloseAfterDays" integer, "commentCount" integer NOT NULL DEFAULT (0), "commentsCloseAt" datetime, "language" varchar(35) NOT NULL DEFAULT (\'ar\'), "translationOfId" integer, CONSTRAINT "UQ_54ddf9075260407dcfdd7248577" UNIQUE ("slug"), CONSTRAINT "FK_c5a322ad12a7bf95460c958e80e" FOREIGN KEY ("authorId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_168bf21b341e2ae340748e2541d" FOREIGN KEY ("categoryId") REFERENCES "categories" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "posts"("id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription", "version", "publishAt", "commentsOpen", "commentsCloseAfterDays", "commentCount", "commentsCloseAt", "language", "translationOfId") SELECT "id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription", "version", "publishAt", "commentsOpen", "commentsCloseAfterDays", "commentCount", "commentsCloseAt", "language", "translationOfId" FROM "temporary_posts"',
    );
    await queryRunner.query('DROP TABLE "temporary_posts"');
    await queryRunner.query('CREATE INDEX "IDX_posts_translation_of" ON "posts" ("translationOfId") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_featured_published_created" ON "posts" ("featured", "published", "createdAt") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_created_id" ON "posts" ("createdAt", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_category" ON "posts" ("published", "categoryId") ');
    await queryRunner.query(
      'CREATE INDEX "IDX_posts_category_published_created_id" ON "posts" ("categoryId", "published", "createdAt", "id") ',
    );
    await queryRunner.query('CREATE INDEX "IDX_posts_published_created_id" ON "posts" ("published", "createdAt", "id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "UQ_posts_one_featured" ON "posts" ("featured") WHERE "featured" = 1');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_publish_at" ON "posts" ("published", "publishAt") ');
    await queryRunner.query(
      'CREATE INDEX "IDX_posts_id_published_publish_at_created" ON "posts" ("id", "published", "publishAt", "createdAt") ',
    );
    await queryRunner.query('CREATE INDEX "IDX_posts_comments_close_at" ON "posts" ("commentsCloseAt") ');
    await queryRunner.query('DROP INDEX "IDX_posts_translation_of"');
    await queryRunner.query('DROP INDEX "IDX_posts_featured_published_created"');
    await queryRunner.query('DROP INDEX "IDX_posts_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_category"');
    await queryRunner.query('DROP INDEX "IDX_posts_category_published_created_id"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_created_id"');
    await queryRunner.query('DROP INDEX "UQ_posts_one_featured"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_publish_at"');
    await queryRunner.query('DROP INDEX "IDX_posts_id_published_publish_at_created"');
    await queryRunner.query('DROP INDEX "IDX_posts_comments_close_at"');
    await queryRunner.query('ALTER TABLE "posts" RENAME TO "temporary_posts"');
    await queryRunner.query(
      'CREATE TABLE "posts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "title" varchar(300) NOT NULL, "slug" varchar(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "featuredImage" varchar(1000), "categoryId" integer, "authorId" integer, "published" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "readTime" integer, "tags" text NOT NULL DEFAULT (\'[]\'), "metaTitle" varchar(300), "metaDescription" varchar(500), "version" integer NOT NULL DEFAULT (1), "publishAt" datetime, "commentsOpen" boolean NOT NULL DEFAULT (1), "commentsCloseAfterDays" integer, "commentCount" integer NOT NULL DEFAULT (0), "commentsCloseAt" datetime, CONSTRAINT "UQ_54ddf9075260407dcfdd7248577" UNIQUE ("slug"), CONSTRAINT "FK_c5a322ad12a7bf95460c958e80e" FOREIGN KEY ("authorId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_168bf21b341e2ae340748e2541d" FOREIGN KEY ("categoryId") REFERENCES "categories" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "posts"("id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription", "version", "publishAt", "commentsOpen", "commentsCloseAfterDays", "commentCount", "commentsCloseAt") SELECT "id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription", "version", "publishAt", "commentsOpen", "commentsCloseAfterDays", "commentCount", "commentsCloseAt" FROM "temporary_posts"',
    );
    await queryRunner.query('DROP TABLE "temporary_posts"');
    await queryRunner.query('CREATE INDEX "IDX_posts_featured_published_created" ON "posts" ("featured", "published", "createdAt") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_created_id" ON "posts" ("createdAt", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_category" ON "posts" ("published", "categoryId") ');
    await queryRunner.query(
      'CREATE INDEX "IDX_posts_category_published_created_id" ON "posts" ("categoryId", "published", "createdAt", "id") ',
    );
    await queryRunner.query('CREATE INDEX "IDX_posts_published_created_id" ON "posts" ("published", "createdAt", "id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "UQ_posts_one_featured" ON "posts" ("featured") WHERE "featured" = 1');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_publish_at" ON "posts" ("published", "publishAt") ');
    await queryRunner.query(
      'CREATE INDEX "IDX_posts_id_published_publish_at_created" ON "posts" ("id", "published", "publishAt", "createdAt") ',
    );
    await queryRunner.query('CREATE INDEX "IDX_posts_comments_close_at" ON "posts" ("commentsCloseAt") ');
  }
}
