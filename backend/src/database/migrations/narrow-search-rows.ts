import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PostgreSQL: a post's search row keeps on its own page only what every search reads, its id and its "head" (the
 * title's and tags' tsvector, ranked for every match); the body and the whole post's tsvector move out of line to
 * the TOAST table, where ts_rank reads the latter for at most TEXT_RANKED_MATCHES posts (search.repository.ts).
 *
 * Before, a row held its compressed body inline (~1.6 KB a row; 10,000 posts: 1,968 pages of 8 KB), and a search
 * for a common word visited every page of the table twice (the count, then the ranking). A connection's first visit
 * to a page of PostgreSQL's shared memory costs it a page fault, and the pool closes a connection idle for 10 s, so
 * on a quiet blog most searches come on a connection that has not searched yet. With the body out of line the same
 * rows take ~480 pages. `node scripts/bench-search.mjs` at 10,000 posts, side by side (issue 23, session 30): a word
 * in nearly every post on such a connection 78-92 → 44-59 ms, on a warm one 25 → 19 ms.
 *
 * toast_tuple_target asks PostgreSQL to move values out of line until a row is under 256 bytes; "head" is MAIN, so
 * it is the last to go (compressed in place first), and stays on the row it is read from. Rows written before keep
 * their old shape until their post is indexed again (a save, or new search rules); nothing is rewritten here, since
 * rewriting every row recomputes every tsvector (~3.5 s at 10,000 posts) while the app waits to start.
 * Nothing on SQLite: FTS5 keeps its own index.
 */
export class NarrowSearchRows1796370000000 implements MigrationInterface {
  name = 'NarrowSearchRows1796370000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.query('ALTER TABLE "post_search" SET (toast_tuple_target = 256)');
    await queryRunner.query('ALTER TABLE "post_search" ALTER COLUMN "head" SET STORAGE MAIN');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.query('ALTER TABLE "post_search" ALTER COLUMN "head" SET STORAGE EXTENDED');
    await queryRunner.query('ALTER TABLE "post_search" RESET (toast_tuple_target)');
  }
}
