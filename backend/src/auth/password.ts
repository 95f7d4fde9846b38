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
 * argon2id at the least memory of OWASP's five equivalent costs (Password Storage Cheat Sheet: 7 MiB and five passes
 * "provide an equal level of defense" as 19 MiB and two, trading memory for CPU), with one lane. A sign-in holds its
 * hash's memory on top of everything the server keeps: at 19 MiB it was the last 19 MB of a 10,000-post blog's peak
 * (issue 23: 286 MB before a sign-in, 305 MB during it, against a 300 MB bound); the library's default (RFC 9106's
 * 64 MiB, three passes, four lanes) was a quarter of a 512 MB VPS. Hashes stored at an older cost still verify (the
 * cost is in the hash) and are replaced when the password changes; a sign-in does not rehash, which would change the
 * password's stamp and sign out the author's other devices.
 */
const COST = { type: argon2.argon2id, memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;

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
