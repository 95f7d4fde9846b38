import { MigrationInterface, QueryRunner } from 'typeorm';

export class Revisions1795700050000 implements MigrationInterface {
  name = 'Revisions1795700050000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "revisions" ("id" SERIAL NOT NULL, "postId" integer, "pageId" integer, "kind" character varying(20) NOT NULL, "title" character varying(300) NOT NULL, "content" text NOT NULL, "excerpt" text, "metaTitle" character varying(300), "metaDescription" character varying(500), "authorId" integer, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4aa9ee2c71c50508c3c501573c9" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_revisions_page_created_id" ON "revisions" ("pageId", "createdAt", "id") ');
    await queryRunner.query('CREATE INDEX "IDX_revisions_post_created_id" ON "revisions" ("postId", "createdAt", "id") ');
    await queryRunner.query(
      'ALTER TABLE "revisions" ADD CONSTRAINT "FK_7127efea549218d9f60d44fc401" FOREIGN KEY ("postId") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "revisions" ADD CONSTRAINT "FK_c33a79551a99d7f35e3952ca937" FOREIGN KEY ("pageId") REFERENCES "pages"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "revisions" ADD CONSTRAINT "FK_6b0b4b0a078123faa4b4d18d32c" FOREIGN KEY ("authorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "revisions" DROP CONSTRAINT "FK_6b0b4b0a078123faa4b4d18d32c"');
    await queryRunner.query('ALTER TABLE "revisions" DROP CONSTRAINT "FK_c33a79551a99d7f35e3952ca937"');
    await queryRunner.query('ALTER TABLE "revisions" DROP CONSTRAINT "FK_7127efea549218d9f60d44fc401"');
    await queryRunner.query('DROP INDEX "public"."IDX_revisions_post_created_id"');
    await queryRunner.query('DROP INDEX "public"."IDX_revisions_page_created_id"');
    await queryRunner.query('DROP TABLE "revisions"');
  }
}
