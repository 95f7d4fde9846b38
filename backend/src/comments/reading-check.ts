import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/*
 * The comment form's fallback for readers without JavaScript, who cannot run the proof-of-work: a small sum written in
 * Arabic words, answered in digits. The flow: the form is posted without a proof-of-work payload; the server answers
 * with a page that asks the question and carries the token (and the comment's fields, unchanged); the reader answers
 * and posts again; check() decides.
 *
 * Stateless like the proof-of-work: the token carries its issue time, the expected answer (as an HMAC, so the page does
 * not give it away) and the digest of the form it was issued for, all signed with the server's key.
 */

export type ReadingCheckResult =
  | { ok: true; signature: string }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' | 'too-fast' }
  /** With the signature: the caller must burn the token on a wrong answer too (see check()). */
  | { ok: false; reason: 'wrong-answer'; signature: string };

export interface ReadingCheckOptions {
  /** Signs the tokens and hides the answers. A secret of the server. */
  hmacKey: string;
  /** How long a question can be answered: long enough to read it again and think. */
  ttlSeconds?: number;
  /** The least time between the question and its answer: a person reads the question first. */
  minSeconds?: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
}

/** 1 to 9 as they are said in a sum («سبعة زائد اثنين»). */
const NUMBER_WORDS = ['واحد', 'اثنين', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة'];
/** The first number is the subject of «يساوي», so two is nominative there («كم يساوي اثنان زائد ثلاثة؟»). */
const FIRST_NUMBER_WORDS = NUMBER_WORDS.map((word) => (word === 'اثنين' ? 'اثنان' : word));

const TOKEN_VERSION = 1;
/** Labels that keep the two uses of the key apart: a token signature can never pass for an answer hash, nor the reverse. */
const TOKEN_LABEL = 'mudawwana/reading-check/token\n';
const ANSWER_LABEL = 'mudawwana/reading-check/answer\n';

/** A token is about 350 characters, an answer one or two digits; longer input is refused before any work. */
const MAX_TOKEN_LENGTH = 1_000;
const MAX_ANSWER_LENGTH = 50;
const MAX_DIGEST_LENGTH = 200;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** What the token carries. Short names: it travels in a hidden form field. */
interface Claims {
  v: number;
  /** Issue time, ms since the epoch. */
  iat: number;
  /** Random per token, so the same sum gives a different answer hash each time. */
  n: string;
  /** HMAC of the expected answer. */
  a: string;
  /** The form digest the caller passed to issue(). */
  d: string;
}

export class ReadingCheck {
  private readonly hmacKey: string;
  private readonly ttlMs: number;
  private readonly minMs: number;
  private readonly now: () => number;

  constructor(options: ReadingCheckOptions) {
    const { hmacKey, ttlSeconds = 1800, minSeconds = 3 } = options;
    // Configuration mistakes fail at start-up, not as refused comments.
    if (typeof hmacKey !== 'string' || hmacKey.length === 0) throw new TypeError('ReadingCheck: hmacKey must be a non-empty string');
    if (!(ttlSeconds > 0) || !(minSeconds >= 0) || minSeconds >= ttlSeconds) {
      throw new RangeError('ReadingCheck: need 0 <= minSeconds < ttlSeconds');
    }
    this.hmacKey = hmacKey;
    this.ttlMs = ttlSeconds * 1000;
    this.minMs = minSeconds * 1000;
    this.now = options.now ?? Date.now;
  }

  /**
   * A new question and its token. `formDigest` is the caller's sha256 of the comment's fields: the token is only good
   * for that comment, so an answered question cannot be reused to post another one.
   */
  issue(formDigest: string): { token: string; question: string } {
    if (typeof formDigest !== 'string' || formDigest.length === 0 || formDigest.length > MAX_DIGEST_LENGTH) {
      throw new TypeError('ReadingCheck.issue: formDigest must be a digest string');
    }
    const a = randomInt(1, 10);
    const b = randomInt(1, 10);
    const nonce = randomBytes(16).toString('base64url');
    const claims: Claims = { v: TOKEN_VERSION, iat: this.now(), n: nonce, a: this.answerHash(nonce, String(a + b)), d: formDigest };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return {
      token: `${body}.${this.sign(body)}`,
      question: `كم يساوي ${FIRST_NUMBER_WORDS[a - 1]} زائد ${NUMBER_WORDS[b - 1]}؟ اكتب الناتج بالأرقام`,
    };
  }

  /**
   * Checks an answer. `token` and `answer` are what the client posted (anything); `formDigest` is the caller's digest of
   * the fields posted with them. Never throws.
   *
   * - 'missing': no token, or an empty answer.
   * - 'invalid': not a token this server signed, a token issued for another comment, or an answer that is not text.
   * - 'expired': older than ttlSeconds. 'too-fast': answered less than minSeconds after the question was issued.
   * - 'wrong-answer': the sum is wrong (or not a number).
   *
   * On success, `signature` identifies the token: the caller stores it (for ttlSeconds) and refuses a token it has
   * seen. On 'wrong-answer' too, or a script could try all seventeen sums on one token; the reader gets a new question.
   */
  check(token: unknown, answer: unknown, formDigest: string): ReadingCheckResult {
    if (token === undefined || token === null || token === '') return { ok: false, reason: 'missing' };
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'invalid' };
    const parts = token.split('.');
    if (parts.length !== 2 || !BASE64URL.test(parts[0]) || !BASE64URL.test(parts[1])) return { ok: false, reason: 'invalid' };
    const [body, signature] = parts;
    // The signature is compared as the text the server wrote, not as decoded bytes: base64url has several spellings of
    // the same bytes, and the replay check stores this text.
    if (!sameText(signature, this.sign(body))) return { ok: false, reason: 'invalid' };

    // From here the claims are the server's own; they are still checked, in case of a bug or a key shared by mistake.
    const claims = parseClaims(body);
    if (!claims) return { ok: false, reason: 'invalid' };
    if (typeof formDigest !== 'string' || !sameText(claims.d, formDigest)) return { ok: false, reason: 'invalid' };
    const elapsed = this.now() - claims.iat;
    if (elapsed > this.ttlMs) return { ok: false, reason: 'expired' };
    // Before looking at the answer: a script that answers at once learns nothing about it.
    if (elapsed < this.minMs) return { ok: false, reason: 'too-fast' };

    if (answer === undefined || answer === null) return { ok: false, reason: 'missing' };
    // An array is what a form with two `answer` fields gives.
    if (typeof answer !== 'string') return { ok: false, reason: 'invalid' };
    const normalized = normalizeAnswer(answer);
    if (normalized === '') return { ok: false, reason: 'missing' };
    if (normalized === undefined || !sameText(this.answerHash(claims.n, normalized), claims.a)) {
      return { ok: false, reason: 'wrong-answer', signature };
    }
    return { ok: true, signature };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.hmacKey)
      .update(TOKEN_LABEL + body)
      .digest('base64url');
  }

  private answerHash(nonce: string, answer: string): string {
    return createHmac('sha256', this.hmacKey).update(`${ANSWER_LABEL}${nonce}\n${answer}`).digest('base64url');
  }
}

function parseClaims(body: string): Claims | undefined {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { v, iat, n, a, d } = data as Record<string, unknown>;
  if (v !== TOKEN_VERSION || !Number.isSafeInteger(iat)) return undefined;
  if (typeof n !== 'string' || typeof a !== 'string' || typeof d !== 'string') return undefined;
  return { v, iat: iat as number, n, a, d };
}

/**
 * The answer as canonical Latin digits ('12'), '' for a blank answer, undefined for one that is not a number.
 * Readers type Arabic-Indic digits (١٢) or Eastern ones (۱۲, Persian and Urdu keyboards) as often as Latin ones, and
 * an Arabic keyboard or a copy-paste can add direction marks around them.
 */
function normalizeAnswer(answer: string): string | undefined {
  if (answer.length > MAX_ANSWER_LENGTH) return undefined;
  const digits = answer
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0));
  if (digits === '') return '';
  if (!/^[0-9]{1,3}$/.test(digits)) return undefined;
  return String(Number(digits)); // '09' is 9
}

/** Compares in constant time; hashing first gives both sides the same length, as timingSafeEqual needs. */
function sameText(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
