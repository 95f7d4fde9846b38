import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What an import wrote for a thing of the old blog: a post, a page, a comment, or an image fetched from it. */
export type ImportedKind = 'post' | 'page' | 'comment' | 'image';

/**
 * An import's memory of what it wrote (docs/decisions/026-import.md): by the old blog (`source`: its platform and
 * address) and the thing's id there, this blog's row or upload. Running the same import again finds everything here
 * and changes nothing; an entry changed on the old blog since is updated in place.
 */
@Entity('imported_items')
@Index('UQ_imported_items_source_kind_source_id', ['source', 'kind', 'sourceId'], { unique: true })
export class ImportedItem {
  @PrimaryGeneratedColumn()
  id: number;

  /** `wordpress:https://old.example` (the platform and the old blog's address). */
  @Column({ type: 'varchar', length: 300 })
  source: string;

  @Column({ type: 'varchar', length: 20 })
  kind: ImportedKind;

  /** The old blog's id (an image: the SHA-256 of its address, which may be longer than an index entry allows). */
  @Column({ type: 'varchar', length: 200 })
  sourceId: string;

  /** This blog's id (post, page, comment) or upload URL (image). */
  @Column({ type: 'varchar', length: 1000 })
  target: string;

  /** A digest of the entry as the file had it: the same digest on a second run means nothing to do. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  digest: string | null;
}
