import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The address of `database` on the PostgreSQL server of `serverUrl` (the same user, host and options). */
export function postgresDatabaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The rows of one statement run on the PostgreSQL server of `serverUrl`: in `database`, or in the URL's own. */
export async function queryPostgres<T = Record<string, any>>(serverUrl: string, sql: string, database?: string): Promise<T[]> {
  const client = new Client({ connectionString: database ? postgresDatabaseUrl(serverUrl, database) : serverUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A new database of its own on the PostgreSQL server of `serverUrl` (for apps or processes that outlive one app). */
export async function scratchPostgres(serverUrl: string, prefix = 'mudawwana_scratch'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await queryPostgres(serverUrl, `CREATE DATABASE ${name}`);
  return {
    url: postgresDatabaseUrl(serverUrl, name),
    drop: async () => void (await queryPostgres(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
