import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadAltchaV1, ProofOfWork, type ProofOfWorkChallenge, type ProofOfWorkOptions } from './proof-of-work';

const KEY = 'test-hmac-key';
const T0 = 1_750_000_000_000;

/** A clock the test moves by hand. */
function clock(start = T0) {
  let time = start;
  return { now: () => time, set: (ms: number) => (time = ms) };
}

/** Small challenges: altcha-lib's solver runs on one thread here (about 30 µs a hash), the browser's on several. */
function pow(options: Partial<ProofOfWorkOptions> = {}) {
  return new ProofOfWork({ hmacKey: KEY, maxNumber: 1_000, ...options });
}

/** Solves with altcha-lib's own solver and builds the payload exactly as the widget 2.x does. */
async function solve(challenge: ProofOfWorkChallenge): Promise<{ payload: string; number: number }> {
  const { solveChallenge } = await loadAltchaV1();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('no solution found');
  const payload = widgetPayload({ ...challenge, number: solution.number, took: solution.took });
  return { payload, number: solution.number };
}

function widgetPayload(fields: Record<string, unknown>): string {
  const { algorithm, challenge, number, salt, signature, took } = fields;
  return btoa(JSON.stringify({ algorithm, challenge, number, salt, signature, took }));
}

function decoded(payload: string): Record<string, unknown> {
  return JSON.parse(atob(payload)) as Record<string, unknown>;
}

describe('ProofOfWork.challenge', () => {
  it('is the JSON the widget expects, costs 100 000 by default, and carries its expiry and issue time in the salt', async () => {
    const time = clock();
    const challenge = await new ProofOfWork({ hmacKey: KEY, now: time.now }).challenge();
    expect(Object.keys(challenge).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    expect(challenge.algorithm).toBe('SHA-256');
    expect(challenge.maxnumber).toBe(100_000);
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const { extractParams } = await loadAltchaV1();
    expect(extractParams(challenge)).toEqual({ expires: String(Math.floor((T0 + 600_000) / 1000)), issued: String(T0) });
  });

  it('is fresh each time', async () => {
    const proof = pow();
    const [a, b] = await Promise.all([proof.challenge(), proof.challenge()]);
    expect(a.salt).not.toBe(b.salt);
    expect(a.signature).not.toBe(b.signature);
  });

  it('refuses a configuration without a key, or with a minimum time not below the lifetime', () => {
    expect(() => new ProofOfWork({ hmacKey: '' })).toThrow(TypeError);
    expect(() => new ProofOfWork({ hmacKey: KEY, maxNumber: 0 })).toThrow(RangeError);
    expect(() => new ProofOfWork({ hmacKey: KEY, ttlSeconds: 3, minSeconds: 3 })).toThrow(RangeError);
  });
});

describe('ProofOfWork.verify', () => {
  it('accepts a solved challenge submitted after the minimum time, and gives its signature for the replay check', async () => {
    const time = clock();
    const proof = pow({ now: time.now });
    const challenge = await proof.challenge();
    const { payload } = await solve(challenge);
    time.set(T0 + 3_000);
    expect(await proof.verify(payload)).toEqual({ ok: true, signature: challenge.signature });
    // The same payload verifies again: refusing the replay is the caller's job, with the signature.
    time.set(T0 + 599_000);
    expect(await proof.verify(payload)).toEqual({ ok: true, signature: challenge.signature });
  });

  it('accepts what altcha-lib itself accepts (same protocol as the widget)', async () => {
    const proof = pow();
    const { payload } = await solve(await proof.challenge());
    const { verifySolution } = await loadAltchaV1();
    expect(await verifySolution(payload, KEY, false)).toBe(true);
    expect(await verifySolution(payload, 'another key', false)).toBe(false);
  });

  it('refuses as too fast a challenge submitted less than minSeconds after it was issued', async () => {
    const time = clock();
    const proof = pow({ now: time.now });
    const { payload } = await solve(await proof.challenge());
    time.set(T0 + 2_999);
    expect(await proof.verify(payload)).toEqual({ ok: false, reason: 'too-fast' });
    // A clock that went back is not a reason to accept.
    time.set(T0 - 60_000);
    expect(await proof.verify(payload)).toEqual({ ok: false, reason: 'too-fast' });
  });

  it('honours another minimum time', async () => {
    const time = clock();
    const proof = pow({ now: time.now, minSeconds: 10 });
    const { payload } = await solve(await proof.challenge());
    time.set(T0 + 9_999);
    expect(await proof.verify(payload)).toEqual({ ok: false, reason: 'too-fast' });
    time.set(T0 + 10_000);
    expect((await proof.verify(payload)).ok).toBe(true);
  });

  it('refuses as expired a challenge older than ttlSeconds (10 minutes by default)', async () => {
    const time = clock();
    const proof = pow({ now: time.now });
    const { payload } = await solve(await proof.challenge());
    time.set(T0 + 600_001);
    expect(await proof.verify(payload)).toEqual({ ok: false, reason: 'expired' });

    const short = pow({ now: time.now, ttlSeconds: 60 });
    time.set(T0);
    const solved = await solve(await short.challenge());
    time.set(T0 + 59_000);
    expect((await short.verify(solved.payload)).ok).toBe(true);
    time.set(T0 + 61_000);
    expect(await short.verify(solved.payload)).toEqual({ ok: false, reason: 'expired' });
  });

  describe('refuses a tampered payload as invalid', () => {
    async function solved() {
      const time = clock();
      const proof = pow({ now: time.now });
      const challenge = await proof.challenge();
      const { payload } = await solve(challenge);
      time.set(T0 + 5_000);
      return { proof, challenge, payload, fields: decoded(payload), time };
    }

    it('another number', async () => {
      const { proof, fields } = await solved();
      expect(await proof.verify(widgetPayload({ ...fields, number: (fields.number as number) + 1 }))).toEqual({
        ok: false,
        reason: 'invalid',
      });
    });

    it('another signature, or the signature in capitals', async () => {
      const { proof, fields } = await solved();
      const signature = fields.signature as string;
      const flipped = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
      expect(await proof.verify(widgetPayload({ ...fields, signature: flipped }))).toEqual({ ok: false, reason: 'invalid' });
      expect(await proof.verify(widgetPayload({ ...fields, signature: signature.toUpperCase() }))).toEqual({
        ok: false,
        reason: 'invalid',
      });
    });

    it('another challenge, salt or algorithm', async () => {
      const { proof, fields } = await solved();
      const salt = fields.salt as string;
      // An older issue time, to get past the minimum time, or a later expiry.
      const olderIssue = salt.replace(/issued=\d+/, `issued=${T0 - 60_000}`);
      const laterExpiry = salt.replace(/expires=\d+/, 'expires=9999999999');
      expect(olderIssue).not.toBe(salt);
      expect(laterExpiry).not.toBe(salt);
      for (const changed of [
        { challenge: (fields.challenge as string).replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
        { salt: olderIssue },
        { salt: laterExpiry },
        { salt: salt.slice(0, -1) }, // without the closing '&'
        { algorithm: 'SHA-1' },
        { algorithm: 'SHA-512' },
      ]) {
        expect(await proof.verify(widgetPayload({ ...fields, ...changed })), JSON.stringify(changed)).toEqual({
          ok: false,
          reason: 'invalid',
        });
      }
    });

    it('a challenge signed with another key', async () => {
      const { payload, time } = await solved();
      const other = new ProofOfWork({ hmacKey: 'another key', now: time.now });
      expect(await other.verify(payload)).toEqual({ ok: false, reason: 'invalid' });
    });

    it('a challenge this key signed without an issue time (made by something else)', async () => {
      const { createChallenge } = await loadAltchaV1();
      const foreign = await createChallenge({ hmacKey: KEY, maxNumber: 1_000 });
      const { payload } = await solve(foreign);
      expect(await pow().verify(payload)).toEqual({ ok: false, reason: 'invalid' });
    });
  });

  it('answers garbage with missing or invalid, without throwing', async () => {
    const proof = pow();
    for (const nothing of [undefined, null, '']) expect(await proof.verify(nothing)).toEqual({ ok: false, reason: 'missing' });
    const garbage: unknown[] = [
      'x',
      ' ',
      '====',
      'e30', // '{}' without its padding
      btoa('not json'),
      btoa('null'),
      btoa('42'),
      btoa('"a string"'),
      btoa('[]'),
      btoa('{}'),
      btoa(JSON.stringify({ algorithm: 'SHA-256', challenge: 'a'.repeat(64), number: 1, salt: '', signature: 'b'.repeat(64) })),
      btoa(JSON.stringify({ algorithm: 'SHA-256', challenge: 'a'.repeat(64), number: -1, salt: 's&', signature: 'b'.repeat(64) })),
      btoa(JSON.stringify({ algorithm: 'SHA-256', challenge: 'a'.repeat(64), number: 1e21, salt: 's&', signature: 'b'.repeat(64) })),
      btoa(JSON.stringify({ algorithm: 'SHA-256', challenge: 'a'.repeat(64), number: '1', salt: 's&', signature: 'b'.repeat(64) })),
      btoa(JSON.stringify({ algorithm: 'MD5', challenge: 'a'.repeat(64), number: 1, salt: 's&', signature: 'b'.repeat(64) })),
      'A'.repeat(1_000_000),
      btoa(JSON.stringify({ salt: 'x'.repeat(100_000) })),
      0,
      42,
      Number.NaN,
      true,
      {},
      [],
      ['a', 'b'],
      { algorithm: 'SHA-256', challenge: 'a'.repeat(64), number: 1, salt: 's&', signature: 'b'.repeat(64) },
      () => 'payload',
      Symbol('payload'),
      10n,
    ];
    for (const payload of garbage) {
      expect(await proof.verify(payload), String(payload).slice(0, 40)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('never throws and never accepts, whatever it is given (fuzzed)', async () => {
    const proof = pow();
    const challenge = await proof.challenge();
    const fieldsLike = fc.record(
      {
        algorithm: fc.oneof(fc.constant('SHA-256'), fc.string()),
        challenge: fc.oneof(fc.constant(challenge.challenge), fc.stringMatching(/^[0-9a-f]{64}$/), fc.string()),
        number: fc.oneof(fc.integer(), fc.double(), fc.string()),
        salt: fc.oneof(fc.constant(challenge.salt), fc.string()),
        signature: fc.oneof(fc.constant(challenge.signature), fc.stringMatching(/^[0-9a-f]{64}$/), fc.string()),
      },
      { requiredKeys: [] },
    );
    const inputs = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.base64String(),
      fc.json().map((json) => Buffer.from(json).toString('base64')),
      fieldsLike.map((fields) => Buffer.from(JSON.stringify(fields)).toString('base64')),
    );
    await fc.assert(
      fc.asyncProperty(inputs, async (input) => {
        const result = await proof.verify(input);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
