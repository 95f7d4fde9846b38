import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStorageFull, isUniqueViolation } from './database-errors';

const queryFailed = (driverError: object) => new QueryFailedError('SELECT 1', [], Object.assign(new Error('x'), driverError));

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['an administrator shutdown (57P01)', queryFailed({ code: '57P01' })],
    ['a server still starting (57P03)', queryFailed({ code: '57P03' })],
    ['a connection failure (class 08)', queryFailed({ code: '08006' })],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', queryFailed({ code: '23505' })],
    ['a syntax error', queryFailed({ code: '42601' })],
    ['a busy SQLite file', queryFailed({ code: 'SQLITE_BUSY' })],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));

  it.each(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'])('tells a unique violation apart (%s)', (code) =>
    expect(isUniqueViolation(queryFailed({ code }))).toBe(true),
  );
});

describe('isStorageFull', () => {
  it.each([
    ['SQLite out of room', queryFailed({ code: 'SQLITE_FULL' })],
    ['PostgreSQL disk_full (53100)', queryFailed({ code: '53100' })],
    ['a bare SQLite error (a session write)', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })],
  ])('is true for %s', (_, error) => expect(isStorageFull(error)).toBe(true));

  it.each([
    ['a busy SQLite file', queryFailed({ code: 'SQLITE_BUSY' })],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => expect(isStorageFull(error)).toBe(false));
});
