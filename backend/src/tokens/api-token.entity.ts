import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';
import { User } from '../users/user.entity';

/**
 * A personal access token for scripts (`Authorization: Bearer mdw_…`). Only the SHA-256 of the token is kept:
 * the token itself is shown once, when it is created, and a leaked database cannot be used to call the API.
 * Revoking a token deletes its row.
 */
@Entity('api_tokens')
export class ApiToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_api_tokens_user')
  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** SHA-256 of the token, hex. */
  @Index('UQ_api_tokens_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;

  /** Updated at most once a minute per token (not a write per request). */
  @Column({ type: dateColumnType(), nullable: true })
  lastUsedAt: Date | null;

  /** None: the token lasts until it is revoked. */
  @Column({ type: dateColumnType(), nullable: true })
  expiresAt: Date | null;
}
