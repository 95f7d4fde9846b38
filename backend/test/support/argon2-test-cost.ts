import { vi } from 'vitest';

/**
 * The API and hard tests hash passwords at argon2id's lowest cost instead of the production one (password.ts: 7 MiB,
 * five passes, one lane). The tests of sign-in limits need hundreds of checked sign-ins, and at the library's default
 * cost (64 MiB, three passes, four lanes, the production cost before issue 23) those hashes were a quarter of the
 * whole backend suite.
 *
 * Everything else is the production path: password.ts calls the real argon2 with its own options, the hashes are real
 * argon2id hashes (verify reads the cost from the stored hash), one at a time through the same bounded queue. Only the
 * cost parameters differ; src/auth/password.spec.ts (the unit project, which does not load this file) checks that
 * production hashes use the production cost, and servers started as processes (test/support/server-process.ts) and
 * the browser tests hash at that cost too.
 */
export const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

vi.mock('argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('argon2')>();
  const hash = ((password: string | Buffer, options?: Parameters<typeof argon2.hash>[1]) =>
    argon2.hash(password, { ...options, ...TEST_COST })) as typeof argon2.hash;
  return { ...argon2, hash, default: { ...argon2, hash } };
});
