import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';
import { User } from '../users/user.entity';

/**
 * A password reset link that was mailed: only the SHA-256 of its token is kept, so a leaked database cannot be used
 * to reset passwords. An account may have several at once (a new request does not cancel a link already sent);
 * each expires after an hour, and using one deletes them all.
 */
@Entity('password_reset_tokens')
export class PasswordResetToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_password_reset_tokens_user')
  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Index('UQ_password_reset_tokens_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ type: dateColumnType() })
  expiresAt: Date;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}
