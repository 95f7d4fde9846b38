import { QueryFailedError } from 'typeorm';

const driverCode = (error: unknown) =>
  error instanceof QueryFailedError ? (error.driverError as { code?: string } | undefined)?.code : undefined;

/** A unique-constraint violation (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE): usually a lost race. */
export function isUniqueViolation(error: unknown): boolean {
  const code = driverCode(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** PostgreSQL gave up on the transaction to resolve a conflict (deadlock 40P01, serialization 40001): run it again. */
export function isRetryableConflict(error: unknown): boolean {
  const code = driverCode(error);
  return code === '40P01' || code === '40001';
}
