import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100, unique: true })
  username: string;

  @Column({ type: 'varchar', length: 255, unique: true })
  email: string;

  /** argon2id hash, never the password itself. */
  @Column({ type: 'varchar', length: 255 })
  password: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  bio: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  avatarUrl: string | null;

  /**
   * No longer written: reset links live in password_reset_tokens (several may be outstanding). The two columns stay
   * (always null) so that archives made before keep their shape.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  resetToken: string | null;

  @Column({ type: dateColumnType(), nullable: true })
  resetTokenExpiry: Date | null;
}
