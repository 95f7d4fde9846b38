import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795304099904 implements MigrationInterface {
  name = 'Initial1795304099904';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "sessions" ("sid" varchar(255) PRIMARY KEY NOT NULL, "data" text NOT NULL, "expiresAt" bigint NOT NULL)',
    );
    await queryRunner.query('CREATE INDEX "IDX_sessions_expires" ON "sessions" ("expiresAt") ');
    await queryRunner.query(
      'CREATE TABLE "categories" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(200) NOT NULL, CONSTRAINT "UQ_8b0be371d28245da6e4f4b61878" UNIQUE ("name"), CONSTRAINT "UQ_420d9f679d41281f282f5bc7d09" UNIQUE ("slug"))',
    );
    await queryRunner.query(
      'CREATE TABLE "newsletter_subscribers" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(255) NOT NULL, "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "UQ_0dc48416511f011f7de7b2a8f83" UNIQUE ("email"))',
    );
    await queryRunner.query(
      'CREATE TABLE "pages" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "title" varchar(300) NOT NULL, "slug" varchar(300) NOT NULL, "content" text NOT NULL, "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "UQ_fe66ca6a86dc94233e5d7789535" UNIQUE ("slug"))',
    );
    await queryRunner.query(
      'CREATE TABLE "users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" varchar(100) NOT NULL, "email" varchar(255) NOT NULL, "password" varchar(255) NOT NULL, "name" varchar(200) NOT NULL, "bio" text, "avatarUrl" varchar(500), "resetToken" varchar(64), "resetTokenExpiry" datetime, CONSTRAINT "UQ_fe0bb3f6520ee0469504521e710" UNIQUE ("username"), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"))',
    );
    await queryRunner.query(
      'CREATE TABLE "posts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "title" varchar(300) NOT NULL, "slug" varchar(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "featuredImage" varchar(1000), "categoryId" integer, "authorId" integer, "published" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "readTime" integer, "tags" text NOT NULL DEFAULT (\'[]\'), "metaTitle" varchar(300), "metaDescription" varchar(500), CONSTRAINT "UQ_54ddf9075260407dcfdd7248577" UNIQUE ("slug"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_posts_published_created" ON "posts" ("published", "createdAt") ');
    await queryRunner.query(
      'CREATE TABLE "settings" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "key" varchar(100) NOT NULL, "value" text NOT NULL, "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), CONSTRAINT "UQ_c8639b7626fa94ba8265628f214" UNIQUE ("key"))',
    );
    await queryRunner.query('DROP INDEX "IDX_posts_published_created"');
    await queryRunner.query(
      'CREATE TABLE "temporary_posts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "title" varchar(300) NOT NULL, "slug" varchar(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "featuredImage" varchar(1000), "categoryId" integer, "authorId" integer, "published" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "readTime" integer, "tags" text NOT NULL DEFAULT (\'[]\'), "metaTitle" varchar(300), "metaDescription" varchar(500), CONSTRAINT "UQ_54ddf9075260407dcfdd7248577" UNIQUE ("slug"), CONSTRAINT "FK_168bf21b341e2ae340748e2541d" FOREIGN KEY ("categoryId") REFERENCES "categories" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_c5a322ad12a7bf95460c958e80e" FOREIGN KEY ("authorId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)',
    );
    await queryRunner.query(
      'INSERT INTO "temporary_posts"("id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription") SELECT "id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription" FROM "posts"',
    );
    await queryRunner.query('DROP TABLE "posts"');
    await queryRunner.query('ALTER TABLE "temporary_posts" RENAME TO "posts"');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_created" ON "posts" ("published", "createdAt") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_posts_published_created"');
    await queryRunner.query('ALTER TABLE "posts" RENAME TO "temporary_posts"');
    await queryRunner.query(
      'CREATE TABLE "posts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "title" varchar(300) NOT NULL, "slug" varchar(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "featuredImage" varchar(1000), "categoryId" integer, "authorId" integer, "published" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "createdAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "updatedAt" datetime NOT NULL DEFAULT (datetime(\'now\')), "readTime" integer, "tags" text NOT NULL DEFAULT (\'[]\'), "metaTitle" varchar(300), "metaDescription" varchar(500), CONSTRAINT "UQ_54ddf9075260407dcfdd7248577" UNIQUE ("slug"))',
    );
    await queryRunner.query(
      'INSERT INTO "posts"("id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription") SELECT "id", "title", "slug", "content", "excerpt", "featuredImage", "categoryId", "authorId", "published", "featured", "createdAt", "updatedAt", "readTime", "tags", "metaTitle", "metaDescription" FROM "temporary_posts"',
    );
    await queryRunner.query('DROP TABLE "temporary_posts"');
    await queryRunner.query('CREATE INDEX "IDX_posts_published_created" ON "posts" ("published", "createdAt") ');
    await queryRunner.query('DROP TABLE "settings"');
    await queryRunner.query('DROP INDEX "IDX_posts_published_created"');
    await queryRunner.query('DROP TABLE "posts"');
    await queryRunner.query('DROP TABLE "users"');
    await queryRunner.query('DROP TABLE "pages"');
    await queryRunner.query('DROP TABLE "newsletter_subscribers"');
    await queryRunner.query('DROP TABLE "categories"');
    await queryRunner.query('DROP INDEX "IDX_sessions_expires"');
    await queryRunner.query('DROP TABLE "sessions"');
  }
}
