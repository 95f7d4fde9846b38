import { MigrationInterface, QueryRunner } from 'typeorm';

/** A language per post (BCP 47, Arabic by default) and the post a translation translates (issue 26). */
export class PostLanguage1796320000000 implements MigrationInterface {
  name = 'PostLanguage1796320000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "posts" ADD "language" character varying(35) NOT NULL DEFAULT \'ar\'');
    await queryRunner.query('ALTER TABLE "posts" ADD "translationOfId" integer');
    await queryRunner.query('CREATE INDEX "IDX_posts_translation_of" ON "posts" ("translationOfId") ');
    await queryRunner.query(
      'ALTER TABLE "posts" ADD CONSTRAINT "FK_7fa11f0d13abd35c5d173e93b4c" FOREIGN KEY ("translationOfId") REFERENCES "posts"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "posts" DROP CONSTRAINT "FK_7fa11f0d13abd35c5d173e93b4c"');
    await queryRunner.query('DROP INDEX "public"."IDX_posts_translation_of"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "translationOfId"');
    await queryRunner.query('ALTER TABLE "posts" DROP COLUMN "language"');
  }
}
