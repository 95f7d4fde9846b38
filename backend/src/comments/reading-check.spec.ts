import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReadingCheck, type ReadingCheckOptions } from './reading-check';

const KEY = 'test-hmac-key';
const T0 = 1_750_000_000_000;
const DIGEST = createHash('sha256').update('name\ntext of the comment').digest('hex');
const OTHER_DIGEST = createHash('sha256').update('name\nanother comment').digest('hex');

const WORDS = ['واحد', 'اثنين', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة'];
const QUESTION = /^كم يساوي (\S+) زائد (\S+)؟ اكتب الناتج بالأرقام$/;

/** A clock the test moves by hand. */
function clock(start = T0) {
  let time = start;
  return { now: () => time, set: (ms: number) => (time = ms) };
}

function readingCheck(options: Partial<ReadingCheckOptions> = {}) {
  const time = clock();
  return { check: new ReadingCheck({ hmacKey: KEY, now: time.now, ...options }), time };
}

/** Reads the question as a reader would. */
function sumOf(question: string): number {
  const match = QUESTION.exec(question);
  if (!match) throw new Error(`not a question: ${question}`);
  const valueOf = (word: string) => WORDS.indexOf(word === 'اثنان' ? 'اثنين' : word) + 1; // two, nominative or not
  const [a, b] = [valueOf(match[1]), valueOf(match[2])];
  if (a === 0 || b === 0) throw new Error(`unknown number word in: ${question}`);
  return a + b;
}

const toArabicIndic = (n: number) => String(n).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const toEasternArabic = (n: number) => String(n).replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

/** Rewrites a token's claims and signs them with a key (the test knows the token format). */
function forge(token: string, change: Record<string, unknown>, key = KEY): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as Record<string, unknown>;
  const body = Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url');
  return signed(body, key);
}

function signed(body: string, key = KEY): string {
  const signature = createHmac('sha256', key)
    .update('mudawwana/reading-check/token\n' + body)
    .digest('base64url');
  return `${body}.${signature}`;
}

describe('ReadingCheck.issue', () => {
  it('asks a sum of two numbers from 1 to 9, in Arabic words (two in the case its place takes), and gives a base64url token', () => {
    const { check } = readingCheck();
    const seen = new Set<string>();
    for (let i = 0; i < 300; i += 1) {
      const { token, question } = check.issue(DIGEST);
      const match = QUESTION.exec(question);
      expect(match, question).not.toBeNull();
      seen.add(match![1]).add(match![2]);
      expect(sumOf(question)).toBeGreaterThanOrEqual(2);
      expect(sumOf(question)).toBeLessThanOrEqual(18);
      expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    }
    expect([...seen].sort()).toEqual([...WORDS, 'اثنان'].sort());
  });

  it('does not give the answer away: the token holds neither the sum nor the same hash twice', () => {
    const { check } = readingCheck();
    const hashes = new Set<string>();
    for (let i = 0; i < 50; i += 1) {
      const { token } = check.issue(DIGEST);
      const claims = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as Record<string, unknown>;
      expect(Object.keys(claims).sort()).toEqual(['a', 'd', 'iat', 'n', 'v']);
      expect(claims.a).toMatch(/^[A-Za-z0-9_-]{43}$/);
      hashes.add(claims.a as string);
    }
    expect(hashes.size).toBe(50);
  });

  it('refuses a configuration without a key, and a missing form digest', () => {
    expect(() => new ReadingCheck({ hmacKey: '' })).toThrow(TypeError);
    expect(() => new ReadingCheck({ hmacKey: KEY, ttlSeconds: 3, minSeconds: 3 })).toThrow(RangeError);
    expect(() => new ReadingCheck({ hmacKey: KEY }).issue('')).toThrow(TypeError);
  });
});

describe('ReadingCheck.check', () => {
  it('accepts the right sum after the minimum time, and gives the token signature for the replay check', () => {
    const { check, time } = readingCheck();
    const { token, question } = check.issue(DIGEST);
    time.set(T0 + 3_000);
    expect(check.check(token, String(sumOf(question)), DIGEST)).toEqual({ ok: true, signature: token.split('.')[1] });
  });

  it('accepts Arabic-Indic and Eastern Arabic digits, surrounding spaces, direction marks and a leading zero', () => {
    const { check, time } = readingCheck();
    const { token, question } = check.issue(DIGEST);
    time.set(T0 + 10_000);
    const sum = sumOf(question);
    for (const answer of [
      toArabicIndic(sum),
      toEasternArabic(sum),
      `  ${sum} `,
      `\u00a0${toArabicIndic(sum)}\n`,
      `\u200f${sum}\u200e`,
      `0${sum}`,
    ]) {
      expect(check.check(token, answer, DIGEST), JSON.stringify(answer)).toMatchObject({ ok: true });
    }
  });

  it('accepts every sum from 2 to 18 in each script (so every digit, 0 included)', () => {
    const { check, time } = readingCheck();
    const sums = new Set<number>();
    // Questions are random: ask until every sum has come up (the rarest, 2 and 18, come once in 81).
    for (let i = 0; i < 5_000 && sums.size < 17; i += 1) {
      time.set(T0);
      const { token, question } = check.issue(DIGEST);
      time.set(T0 + 10_000);
      const sum = sumOf(question);
      sums.add(sum);
      for (const answer of [String(sum), toArabicIndic(sum), toEasternArabic(sum)]) {
        expect(check.check(token, answer, DIGEST), `${question} ${answer}`).toMatchObject({ ok: true });
      }
    }
    expect(sums.size).toBe(17);
  });

  it('refuses a wrong sum, or an answer in words, with the signature so that the token can be burnt', () => {
    const { check, time } = readingCheck();
    const { token, question } = check.issue(DIGEST);
    time.set(T0 + 10_000);
    const sum = sumOf(question);
    const signature = token.split('.')[1];
    for (const answer of [
      String(sum + 1),
      toArabicIndic(sum - 1),
      'اثنا عشر',
      `${sum}.0`,
      `${sum}${sum}`,
      '-1',
      `${sum} 1`,
      'x'.repeat(10_000),
    ]) {
      expect(check.check(token, answer, DIGEST), answer.slice(0, 20)).toEqual({ ok: false, reason: 'wrong-answer', signature });
    }
  });

  it('treats a blank answer as missing and a non-text answer as invalid', () => {
    const { check, time } = readingCheck();
    const { token } = check.issue(DIGEST);
    time.set(T0 + 10_000);
    for (const answer of [undefined, null, '', '   ', '\u200f']) {
      expect(check.check(token, answer, DIGEST)).toEqual({ ok: false, reason: 'missing' });
    }
    for (const answer of [12, ['1', '2'], {}, true]) {
      expect(check.check(token, answer, DIGEST)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses an answer given less than minSeconds after the question, before looking at it', () => {
    const { check, time } = readingCheck();
    const { token, question } = check.issue(DIGEST);
    time.set(T0 + 2_999);
    expect(check.check(token, String(sumOf(question)), DIGEST)).toEqual({ ok: false, reason: 'too-fast' });
    expect(check.check(token, 'wrong', DIGEST)).toEqual({ ok: false, reason: 'too-fast' });
    time.set(T0 - 1_000); // a clock that went back
    expect(check.check(token, String(sumOf(question)), DIGEST)).toEqual({ ok: false, reason: 'too-fast' });
  });

  it('refuses a token older than ttlSeconds (30 minutes by default)', () => {
    const { check, time } = readingCheck();
    const { token, question } = check.issue(DIGEST);
    time.set(T0 + 1_800_000);
    expect(check.check(token, String(sumOf(question)), DIGEST)).toMatchObject({ ok: true });
    time.set(T0 + 1_800_001);
    expect(check.check(token, String(sumOf(question)), DIGEST)).toEqual({ ok: false, reason: 'expired' });

    const short = readingCheck({ ttlSeconds: 60, minSeconds: 5 });
    const issued = short.check.issue(DIGEST);
    short.time.set(T0 + 4_999);
    expect(short.check.check(issued.token, String(sumOf(issued.question)), DIGEST)).toEqual({ ok: false, reason: 'too-fast' });
    short.time.set(T0 + 61_000);
    expect(short.check.check(issued.token, String(sumOf(issued.question)), DIGEST)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token issued for another comment', () => {
    const { check, time } = readingCheck();
    const { token, question } = check.issue(DIGEST);
    time.set(T0 + 10_000);
    expect(check.check(token, String(sumOf(question)), OTHER_DIGEST)).toEqual({ ok: false, reason: 'invalid' });
    expect(check.check(token, String(sumOf(question)), '')).toEqual({ ok: false, reason: 'invalid' });
  });

  describe('refuses a tampered token as invalid', () => {
    function answered() {
      const { check, time } = readingCheck();
      const { token, question } = check.issue(DIGEST);
      time.set(T0 + 10_000);
      return { check, token, answer: String(sumOf(question)), time };
    }

    it('changed claims under the old signature', () => {
      const { check, token, answer } = answered();
      const [, signature] = token.split('.');
      const older = forge(token, { iat: T0 - 60_000 }).split('.')[0];
      const otherDigest = forge(token, { d: OTHER_DIGEST }).split('.')[0];
      expect(check.check(`${older}.${signature}`, answer, DIGEST)).toEqual({ ok: false, reason: 'invalid' });
      expect(check.check(`${otherDigest}.${signature}`, answer, OTHER_DIGEST)).toEqual({ ok: false, reason: 'invalid' });
    });

    it('a changed signature, or the same signature bytes spelt differently', () => {
      const { check, token, answer } = answered();
      const [body, signature] = token.split('.');
      const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
      expect(check.check(`${body}.${flipped}`, answer, DIGEST)).toEqual({ ok: false, reason: 'invalid' });
      // 32 bytes are 43 base64url characters; the last one carries 4 bits and 2 unused ones, so it has respellings.
      const last = signature.at(-1)!;
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const respelt = signature.slice(0, -1) + alphabet[alphabet.indexOf(last) ^ 1];
      expect(Buffer.from(respelt, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
      expect(check.check(`${body}.${respelt}`, answer, DIGEST)).toEqual({ ok: false, reason: 'invalid' });
      expect(check.check(`${body}.${signature}.`, answer, DIGEST)).toEqual({ ok: false, reason: 'invalid' });
      expect(check.check(`${body}.`, answer, DIGEST)).toEqual({ ok: false, reason: 'invalid' });
    });

    it('a token signed with another key', () => {
      const { token, answer, time } = answered();
      const other = new ReadingCheck({ hmacKey: 'another key', now: time.now });
      expect(other.check(token, answer, DIGEST)).toEqual({ ok: false, reason: 'invalid' });
    });

    it('signed claims that are not the right shape (as if the key had leaked to another use)', () => {
      const { check, token, answer } = answered();
      for (const body of ['not json', 'null', '[]', '{}', '"text"', '42']) {
        expect(check.check(signed(Buffer.from(body).toString('base64url')), answer, DIGEST), body).toEqual({
          ok: false,
          reason: 'invalid',
        });
      }
      for (const change of [{ v: 2 }, { iat: String(T0) }, { iat: 1.5 }, { n: 1 }, { a: null }, { d: undefined }]) {
        expect(check.check(forge(token, change), answer, DIGEST), JSON.stringify(change)).toEqual({ ok: false, reason: 'invalid' });
      }
    });
  });

  it('answers garbage tokens with missing or invalid, without throwing', () => {
    const { check, time } = readingCheck();
    time.set(T0 + 10_000);
    for (const token of [undefined, null, '']) expect(check.check(token, '5', DIGEST)).toEqual({ ok: false, reason: 'missing' });
    const garbage: unknown[] = [
      'x',
      '.',
      '..',
      'a.b',
      'a.b.c',
      '!!!.???',
      Buffer.from('{}').toString('base64url'),
      `${'A'.repeat(1_000_000)}.${'B'.repeat(43)}`,
      0,
      42,
      true,
      {},
      [],
      ['a.b'],
      Symbol('token'),
      10n,
    ];
    for (const token of garbage) {
      expect(check.check(token, '5', DIGEST), String(token).slice(0, 30)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('never throws and never accepts, whatever it is given (fuzzed)', () => {
    const { check, time } = readingCheck();
    const { token } = check.issue(DIGEST);
    time.set(T0 + 10_000);
    const [body, signature] = token.split('.');
    const tokens = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.tuple(fc.base64String(), fc.base64String()).map(([a, b]) => `${a}.${b}`),
      fc.string().map((s) => `${body}.${s}`),
      fc.string().map((s) => `${s}.${signature}`),
    );
    // Answers that are never the right one: anything but a string of digits.
    const answers = fc.anything().filter((answer) => typeof answer !== 'string' || !/[0-9\u0660-\u0669\u06f0-\u06f9]/.test(answer));
    fc.assert(
      fc.property(tokens, answers, fc.string(), (t, answer, digest) => {
        expect(check.check(t, answer, digest).ok).toBe(false);
        expect(check.check(token, answer, DIGEST).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
