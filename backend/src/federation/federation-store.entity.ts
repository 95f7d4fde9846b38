import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';

/** Fedify's key–value store (caches, idempotence), in the blog's database: see typeorm-kv-store.ts. */
@Entity('federation_kv')
export class FederationKvEntry {
  /** SHA-256 of the key (JSON of its parts): keys can be long URLs, past what an index holds. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  keyHash: string;

  /** The key as JSON text (`["_fedify","remoteDocument","https://…"]`): a prefix of it lists a namespace. */
  @Column({ type: 'text' })
  key: string;

  @Column({ type: 'text' })
  value: string;

  @Index('IDX_federation_kv_expires')
  @Column({ type: dateColumnType(), nullable: true })
  expiresAt: Date | null;
}

/** Fedify's message queue (incoming activities waiting to be processed), in the blog's database: see typeorm-message-queue.ts. */
@Entity('federation_queue')
@Index('IDX_federation_queue_due', ['deliverAt', 'id'])
export class FederationQueueMessage {
  @PrimaryGeneratedColumn()
  id: number;

  /** The message as JSON text. */
  @Column({ type: 'text' })
  message: string;

  @Column({ type: dateColumnType() })
  deliverAt: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  leaseOwner: string | null;

  @Column({ type: dateColumnType(), nullable: true })
  leaseUntil: Date | null;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}

export const KEY_ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;
export type KeyAlgorithm = (typeof KEY_ALGORITHMS)[number];

/**
 * The blog actor's key pairs (RSA for HTTP signatures, Ed25519 for object integrity proofs), made once on first use:
 * the unique algorithm makes two instances starting together keep one pair each.
 */
@Entity('federation_keys')
export class FederationKey {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  algorithm: KeyAlgorithm;

  /** JWK as JSON text. Like the session secret, the database's backups hold it: whoever has them can sign as the blog. */
  @Column({ type: 'text' })
  privateJwk: string;

  @Column({ type: 'text' })
  publicJwk: string;

  @CreateDateColumn({ type: dateColumnType() })
  createdAt: Date;
}
