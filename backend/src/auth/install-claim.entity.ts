import { Check, Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';
import { User } from '../users/user.entity';

/**
 * Which account claimed this blog: at most one row, ever (its key can only be 1). It is written in the same
 * transaction as the first account, so when several first registrations race, the database lets exactly one of
 * them commit and the others fail on this key, however many instances serve the blog.
 */
@Entity('install_claim')
@Check('CHK_install_claim_single', '"id" = 1')
export class InstallClaim {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @CreateDateColumn({ type: dateColumnType() })
  claimedAt: Date;
}

/**
 * The one-time code that the first account needs on a blog reachable from outside (setup-code.ts): kept in the
 * database so that every instance on one PostgreSQL prints and accepts the same one; removed when the blog is claimed.
 */
@Entity('setup_code')
@Check('CHK_setup_code_single', '"id" = 1')
export class SetupCodeRow {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 32 })
  code: string;
}
