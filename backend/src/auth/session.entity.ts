import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A server-side session (express-session), kept in the database so it survives restarts and is shared by instances. */
@Entity('sessions')
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sid: string;

  @Column({ type: 'text' })
  data: string;

  /** Milliseconds since the epoch; a number (not a date) so comparisons are the same on both drivers. */
  @Index('IDX_sessions_expires')
  @Column({ type: 'bigint', transformer: { to: (value: number) => value, from: (value: string | number) => Number(value) } })
  expiresAt: number;
}
