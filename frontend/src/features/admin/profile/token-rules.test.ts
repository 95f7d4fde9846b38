import { describe, expect, it } from 'vitest';
import { isTokenExpired, tokenExpiresAt } from './token-rules';

describe('API token rules', () => {
  const now = Date.UTC(2026, 10, 23, 10, 0, 0);

  it('turns an expiry choice into a date, or none for "never"', () => {
    expect(tokenExpiresAt(30, now)).toBe('2026-12-23T10:00:00.000Z');
    expect(tokenExpiresAt(null, now)).toBeNull();
  });

  it('knows an expired token', () => {
    expect(isTokenExpired('2026-11-23T09:59:59.000Z', now)).toBe(true);
    expect(isTokenExpired('2026-11-23T10:00:01.000Z', now)).toBe(false);
    expect(isTokenExpired(null, now)).toBe(false);
  });
});
