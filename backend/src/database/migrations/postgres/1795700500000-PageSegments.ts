import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stored pages become gzip streams cut where the site-wide footer goes (site/footer-places.ts), so serving composes
 * compressed pieces instead of inflating, filling and deflating a page per request. Pages stored before are in the
 * old form and are dropped: the store is a cache of renders, refilled in the background at start (readers get
 * their page rendered meanwhile).
 */
export class PageSegments1795700500000 implements MigrationInterface {
  name = 'PageSegments1795700500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM "site_page_tags"');
    await queryRunner.query('DELETE FROM "site_pages"');
    await queryRunner.query(`ALTER TABLE "site_pages" ADD COLUMN "segments" text NOT NULL DEFAULT ''`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM "site_page_tags"');
    await queryRunner.query('DELETE FROM "site_pages"');
    await queryRunner.query('ALTER TABLE "site_pages" DROP COLUMN "segments"');
  }
}
