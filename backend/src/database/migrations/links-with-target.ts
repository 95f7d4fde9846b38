import { MigrationInterface, QueryRunner } from 'typeorm';
import { sanitizeContent } from '../../common/sanitize-html';

/**
 * Links in posts and pages saved before every link with a `target` got `rel="noopener noreferrer nofollow"` (only
 * `target="_blank"` did): their HTML goes through today's sanitiser once, so a link opening a named window no longer
 * hands it this one. Only rows with a target are read; the same for both drivers, through the query builder. Pages
 * rendered before are not served once a migration has run (data-source.ts).
 */
export class LinksWithTarget1795900400000 implements MigrationInterface {
  name = 'LinksWithTarget1795900400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['posts', 'pages']) {
      const rows = (await queryRunner.manager
        .createQueryBuilder()
        .select(['"id" AS "id"', '"content" AS "content"'])
        .from(table, table)
        .where(`LOWER("content") LIKE :target`, { target: '%target%' })
        .getRawMany()) as { id: number; content: string }[];
      for (const { id, content } of rows) {
        const sanitized = sanitizeContent(content);
        if (sanitized === content) continue;
        await queryRunner.manager.createQueryBuilder().update(table).set({ content: sanitized }).where('"id" = :id', { id }).execute();
      }
    }
  }

  public async down(): Promise<void> {
    // The rel attributes stay: they only take a handle on this window away from the pages links open.
  }
}
