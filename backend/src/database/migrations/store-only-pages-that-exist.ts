import { MigrationInterface, QueryRunner } from 'typeorm';

/** The shared not-found renders (site/page-key.ts NOT_FOUND_KEYS), the only 404s the store keeps. */
const SHARED_NOT_FOUND = ['/post/~', '/category/~', '/tag/~', '/~', '/~/~'];

/**
 * The store keeps only pages that exist (docs/decisions/020-bounded-work-per-url.md): the 404s stored before under
 * keys anyone can make up (/sitemap-N.xml, ?page=N past the last page) are removed, with their tags. Nothing to undo:
 * a page removed here is rendered again when asked for.
 */
export class StoreOnlyPagesThatExist1795900300000 implements MigrationInterface {
  name = 'StoreOnlyPagesThatExist1795900300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const kept = SHARED_NOT_FOUND.map((key) => `'${key}'`).join(', ');
    await queryRunner.query(
      `DELETE FROM "site_page_tags" WHERE "key" IN (SELECT "key" FROM "site_pages" WHERE "status" = 404 AND "key" NOT IN (${kept}))`,
    );
    await queryRunner.query(`DELETE FROM "site_pages" WHERE "status" = 404 AND "key" NOT IN (${kept})`);
  }

  public async down(): Promise<void> {}
}
