import { QueryFailedError } from 'typeorm';
import { errorBody } from './error-body';

const driverCode = (error: unknown) =>
  error instanceof QueryFailedError ? (error.driverError as { code?: string } | undefined)?.code : undefined;

/**
 * A unique-constraint violation, primary keys included (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE and
 * SQLITE_CONSTRAINT_PRIMARYKEY): usually a lost race.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = driverCode(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** PostgreSQL gave up on the transaction to resolve a conflict (deadlock 40P01, serialization 40001): run it again. */
export function isRetryableConflict(error: unknown): boolean {
  const code = driverCode(error);
  return code === '40P01' || code === '40001';
}

/** Network failures and PostgreSQL's connection (class 08) and shutdown (57P01-57P03) errors. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect)/;

/**
 * The database cannot be reached (down, restarting, network cut). The pool drops broken connections and opens new
 * ones by itself, so this is temporary: the client is told to come back (503) instead of seeing a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const cause = error instanceof QueryFailedError ? error.driverError : error;
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/** The 503 body for a database that cannot be reached. */
export const DATABASE_UNAVAILABLE = errorBody(503, 'The database cannot be reached; try again shortly', {
  code: 'DATABASE_UNAVAILABLE',
  retryAfter: 5,
});

/**
 * The disk under the database is full: SQLite's SQLITE_FULL (its file, journal or WAL cannot grow), PostgreSQL's
 * disk_full (53100). The write was refused whole (SQLite rolls the transaction back), what was committed before stays,
 * reads go on, and writes work again once there is room, without a restart: 503, come back later.
 */
export function isStorageFull(error: unknown): boolean {
  const cause = error instanceof QueryFailedError ? error.driverError : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return code === 'SQLITE_FULL' || code === '53100';
}

/** The 503 body for a write refused because the database's disk is full. */
export const STORAGE_FULL = errorBody(503, 'The server has no room left to store this; nothing was saved, try again later', {
  code: 'STORAGE_FULL',
  retryAfter: 60,
});
