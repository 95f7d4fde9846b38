import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { createHash } from 'node:crypto';
import { DataSource, LessThan, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors';
import { FederationKvEntry } from './federation-store.entity';

const keyText = (key: KvKey) => JSON.stringify(key);
const keyHash = (text: string) => createHash('sha256').update(text).digest('hex');
/** How many expired entries one sweep deletes (a sweep runs with writes, so it never holds the table long). */
const SWEEP_BATCH = 100;

/**
 * Fedify's KvStore over TypeORM (SQLite or PostgreSQL): its caches (remote documents, keys) and idempotence records
 * live in the blog's database, shared by every instance, without Redis or a second database (docs/decisions/031).
 * Values are JSON; an entry past its expiry reads as absent and is deleted by later writes.
 */
export class TypeormKvStore implements KvStore {
  private readonly entries: Repository<FederationKvEntry>;
  private writes = 0;

  constructor(private readonly dataSource: DataSource) {
    this.entries = dataSource.getRepository(FederationKvEntry);
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const entry = await this.entries.findOneBy({ keyHash: keyHash(keyText(key)) });
    if (!entry || (entry.expiresAt && entry.expiresAt.getTime() <= Date.now())) return undefined;
    return JSON.parse(entry.value) as T;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const text = keyText(key);
    const expiresAt = options?.ttl ? new Date(Date.now() + options.ttl.total({ unit: 'millisecond' })) : null;
    await this.entries.upsert({ keyHash: keyHash(text), key: text, value: JSON.stringify(value), expiresAt }, ['keyHash']);
    if (++this.writes % 50 === 0) await this.sweep();
  }

  async delete(key: KvKey): Promise<void> {
    await this.entries.delete({ keyHash: keyHash(keyText(key)) });
  }

  /**
   * Compare and swap, in a transaction: the row is read and written under the database's write lock (SQLite's one
   * writer; on PostgreSQL a `FOR UPDATE` row lock, or the unique key when the entry is new).
   */
  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const text = keyText(key);
    const hash = keyHash(text);
    const expiresAt = options?.ttl ? new Date(Date.now() + options.ttl.total({ unit: 'millisecond' })) : null;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const postgres = manager.connection.options.type === 'postgres';
        const entry = await manager.findOne(FederationKvEntry, {
          where: { keyHash: hash },
          ...(postgres ? { lock: { mode: 'pessimistic_write' } } : {}),
        });
        const live =
          entry && !(entry.expiresAt && entry.expiresAt.getTime() <= Date.now()) ? (JSON.parse(entry.value) as unknown) : undefined;
        if (JSON.stringify(live) !== JSON.stringify(expectedValue)) return false;
        const row = { keyHash: hash, key: text, value: JSON.stringify(newValue), expiresAt };
        if (entry) await manager.update(FederationKvEntry, { keyHash: hash }, row);
        else await manager.insert(FederationKvEntry, row);
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false; // another writer created it first
      throw error;
    }
  }

  /** Every live entry whose key starts with `prefix`, in key order, read 100 at a time. */
  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const start = prefix?.length ? `${keyText(prefix).slice(0, -1)},` : '[';
    const exact = prefix?.length ? keyText(prefix) : null;
    let after = '';
    for (;;) {
      const rows = await this.entries
        .createQueryBuilder('entry')
        .where('entry.key > :after', { after })
        .andWhere('(entry.key LIKE :pattern ESCAPE :escape OR entry.key = :exact)', {
          pattern: `${start.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
          escape: '\\',
          exact: exact ?? '',
        })
        .orderBy('entry.key', 'ASC')
        .limit(100)
        .getMany();
      if (rows.length === 0) return;
      after = rows[rows.length - 1].key;
      const now = Date.now();
      for (const row of rows) {
        if (row.expiresAt && row.expiresAt.getTime() <= now) continue;
        yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
      }
    }
  }

  /** Deletes some expired entries (the cache would otherwise only grow). */
  private async sweep(): Promise<void> {
    const expired = await this.entries.find({
      select: { keyHash: true },
      where: { expiresAt: LessThan(new Date()) },
      take: SWEEP_BATCH,
    });
    if (expired.length > 0) await this.entries.delete(expired.map((entry) => entry.keyHash));
  }
}
