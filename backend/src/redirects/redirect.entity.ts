import { REDIRECT_LIMITS, type RedirectStatus } from '@mudawwana/rules';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';

/**
 * An old address answered with a redirect where the blog has no page of its own (docs/decisions/025-redirects.md):
 * written by the author in the admin, or by an importer for every address of the blog it moved here.
 */
@Entity('redirects')
export class Redirect {
  @PrimaryGeneratedColumn()
  id: number;

  /** The address as a request names it, normalised (@mudawwana/rules redirectKey): one row per address. */
  @Index('UQ_redirects_from_path', { unique: true })
  @Column({ type: 'varchar', length: REDIRECT_LIMITS.fromMaxLength })
  fromPath: string;

  /** A path on this blog or an absolute http(s) URL (@mudawwana/rules redirectTarget). */
  @Column({ type: 'varchar', length: REDIRECT_LIMITS.toMaxLength })
  toPath: string;

  /** 301 (moved for good, the default) or 302 (for now). */
  @Column({ type: 'integer', default: 301 })
  status: RedirectStatus;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}
