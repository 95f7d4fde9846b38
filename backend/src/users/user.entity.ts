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

  /** SHA-256 of the emailed token, so a leaked database cannot be used to reset passwords. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  resetToken: string | null;

  @Column({ type: dateColumnType(), nullable: true })
  resetTokenExpiry: Date | null;
}
