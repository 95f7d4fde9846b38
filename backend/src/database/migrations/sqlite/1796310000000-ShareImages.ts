import { MigrationInterface, QueryRunner } from 'typeorm';

/** Share images (docs/decisions/027-share-images.md): one PNG per post, page and the home page, with its version. */
export class ShareImages1796310000000 implements MigrationInterface {
  name = 'ShareImages1796310000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "share_images" ("key" varchar PRIMARY KEY NOT NULL, "version" varchar NOT NULL, "png" blob NOT NULL, "built_at" datetime NOT NULL DEFAULT CURRENT_TIMESTAMP)',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "share_images"');
  }
}
