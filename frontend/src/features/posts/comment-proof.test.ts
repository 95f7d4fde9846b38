import { describe, expect, it } from 'vitest';
import { PROOF_MAX_AGE_MS, PROOF_MIN_AGE_MS, proofExpired, proofWait } from './comment-proof';

describe('the proof of work’s timing', () => {
  it('waits until more than 3 s have passed since the challenge arrived (the server refuses sooner)', () => {
    expect(PROOF_MIN_AGE_MS).toBeGreaterThan(3_000);
    const proof = { payload: 'x', fetchedAt: 10_000 };
    expect(proofWait(proof, 10_000)).toBe(PROOF_MIN_AGE_MS);
    expect(proofWait(proof, 11_000)).toBe(PROOF_MIN_AGE_MS - 1_000);
    expect(proofWait(proof, 10_000 + PROOF_MIN_AGE_MS + 5)).toBe(0);
  });

  it('replaces a proof before its challenge expires (10 minutes)', () => {
    expect(PROOF_MAX_AGE_MS).toBeLessThan(10 * 60_000);
    expect(proofExpired(0, PROOF_MAX_AGE_MS)).toBe(false);
    expect(proofExpired(0, PROOF_MAX_AGE_MS + 1)).toBe(true);
  });
});
