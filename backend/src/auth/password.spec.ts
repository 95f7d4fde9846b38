import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

/**
 * The stored hash at the production cost. The API and hard tests hash at the lowest cost instead
 * (test/support/argon2-test-cost.ts, not loaded here), so this is where the production cost is checked.
 */
describe('password hashing', () => {
  it("stores argon2id at OWASP's 7 MiB cost (five passes, one lane), and verifies only the password", async () => {
    const hash = await hashPassword('secret-pass-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=7168,p=1,t=5\$/);
    expect(await verifyPassword(hash, 'secret-pass-1')).toBe(true);
    expect(await verifyPassword(hash, 'secret-pass-2')).toBe(false);
  });
});
