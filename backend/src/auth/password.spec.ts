import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

/**
 * The stored hash at the recommended cost. The API and hard tests hash at the lowest cost instead
 * (test/support/argon2-test-cost.ts, not loaded here), so this is where the production cost is checked.
 */
describe('password hashing', () => {
  it('stores argon2id at the recommended cost (64 MiB, three passes, four lanes), and verifies only the password', async () => {
    const hash = await hashPassword('secret-pass-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(hash, 'secret-pass-1')).toBe(true);
    expect(await verifyPassword(hash, 'secret-pass-2')).toBe(false);
  });
});
