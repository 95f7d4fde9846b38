import { HttpStatus } from '@nestjs/common';
import argon2 from 'argon2';
import { ConcurrencyLimit } from '../common/concurrency-limit';
import { httpError } from '../common/error-body';

/**
 * argon2 is deliberately slow and runs on libuv's thread pool: a burst of sign-ins hashing all at once takes both
 * cores (and the pool that file and zlib work share) from every reader. One hash at a time, and a bounded queue:
 * past it the server says it is busy instead of letting the queue (and everyone's wait) grow without end.
 */
const hashing = new ConcurrencyLimit(1, 64, () => {
  return httpError(HttpStatus.SERVICE_UNAVAILABLE, 'The server is busy; try again in a moment', { code: 'BUSY', retryAfter: 1 });
});

/**
 * argon2id at OWASP's cost for a small server (Password Storage Cheat Sheet: 19 MiB, two passes, one lane), not the
 * library's default (RFC 9106's 64 MiB, three passes, four lanes): that held 64 MB for each sign-in, a quarter of
 * what a 512 MB VPS gives the whole blog (issue 23). Hashes stored at the older cost still verify (the cost is in
 * the hash) and are replaced when the password changes.
 */
const COST = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => argon2.hash(password, COST));
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return hashing.run(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}
