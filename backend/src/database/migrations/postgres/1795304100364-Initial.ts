import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795304100364 implements MigrationInterface {
  name = 'Initial1795304100364';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "sessions" ("sid" character varying(255) NOT NULL, "data" text NOT NULL, "expiresAt" bigint NOT NULL, CONSTRAINT "PK_e2d6172ca19b8ebef797c362b05" PRIMARY KEY ("sid"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_sessions_expires" ON "sessions" ("expiresAt") ');
    await queryRunner.query(
      'CREATE TABLE "categories" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "slug" character varying(200) NOT NULL, CONSTRAINT "UQ_8b0be371d28245da6e4f4b61878" UNIQUE ("name"), CONSTRAINT "UQ_420d9f679d41281f282f5bc7d09" UNIQUE ("slug"), CONSTRAINT "PK_24dbc6126a28ff948da33e97d3b" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "newsletter_subscribers" ("id" SERIAL NOT NULL, "email" character varying(255) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_0dc48416511f011f7de7b2a8f83" UNIQUE ("email"), CONSTRAINT "PK_38f9333e9961b2fdb589128d19b" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "pages" ("id" SERIAL NOT NULL, "title" character varying(300) NOT NULL, "slug" character varying(300) NOT NULL, "content" text NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_fe66ca6a86dc94233e5d7789535" UNIQUE ("slug"), CONSTRAINT "PK_8f21ed625aa34c8391d636b7d3b" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "users" ("id" SERIAL NOT NULL, "username" character varying(100) NOT NULL, "email" character varying(255) NOT NULL, "password" character varying(255) NOT NULL, "name" character varying(200) NOT NULL, "bio" text, "avatarUrl" character varying(500), "resetToken" character varying(64), "resetTokenExpiry" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_fe0bb3f6520ee0469504521e710" UNIQUE ("username"), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "posts" ("id" SERIAL NOT NULL, "title" character varying(300) NOT NULL, "slug" character varying(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "featuredImage" character varying(1000), "categoryId" integer, "authorId" integer, "published" boolean NOT NULL DEFAULT false, "featured" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "readTime" integer, "tags" text NOT NULL DEFAULT \'[]\', "metaTitle" character varying(300), "metaDescription" character varying(500), CONSTRAINT "UQ_54ddf9075260407dcfdd7248577" UNIQUE ("slug"), CONSTRAINT "PK_2829ac61eff60fcec60d7274b9e" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_posts_published_created" ON "posts" ("published", "createdAt") ');
    await queryRunner.query(
      'CREATE TABLE "settings" ("id" SERIAL NOT NULL, "key" character varying(100) NOT NULL, "value" text NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_c8639b7626fa94ba8265628f214" UNIQUE ("key"), CONSTRAINT "PK_0669fe20e252eb692bf4d344975" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'ALTER TABLE "posts" ADD CONSTRAINT "FK_168bf21b341e2ae340748e2541d" FOREIGN KEY ("categoryId") REFERENCES "categories"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "posts" ADD CONSTRAINT "FK_c5a322ad12a7bf95460c958e80e" FOREIGN KEY ("authorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "posts" DROP CONSTRAINT "FK_c5a322ad12a7bf95460c958e80e"');
    await queryRunner.query('ALTER TABLE "posts" DROP CONSTRAINT "FK_168bf21b341e2ae340748e2541d"');
    await queryRunner.query('DROP TABLE "settings"');
    await queryRunner.query('DROP INDEX "public"."IDX_posts_published_created"');
    await queryRunner.query('DROP TABLE "posts"');
    await queryRunner.query('DROP TABLE "users"');
    await queryRunner.query('DROP TABLE "pages"');
    await queryRunner.query('DROP TABLE "newsletter_subscribers"');
    await queryRunner.query('DROP TABLE "categories"');
    await queryRunner.query('DROP INDEX "public"."IDX_sessions_expires"');
    await queryRunner.query('DROP TABLE "sessions"');
  }
}
