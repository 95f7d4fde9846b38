import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';

/** domain: every account of a server (and its subdomains); actor: one account, by its actor id. */
export const BLOCK_KINDS = ['domain', 'actor'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** A server or an account the blog refuses: its activities are answered 403 and it gets nothing from the blog. */
@Entity('federation_blocks')
export class FederationBlock {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  kind: BlockKind;

  /** A lower-cased host name (domain), or an actor id (actor); unique. */
  @Column({ type: 'varchar', length: 2000, unique: true })
  value: string;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}
