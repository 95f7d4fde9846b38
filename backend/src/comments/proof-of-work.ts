import { createHash, timingSafeEqual } from 'node:crypto';
import type * as AltchaV1 from 'altcha-lib/dist/cjs/v1/index';
import type { Challenge } from 'altcha-lib/dist/cjs/v1/types';

/*
 * The anti-spam proof-of-work of the reader comment form, made with altcha-lib and solved in the browser by the
 * `altcha` widget.
 *
 * Which altcha protocol: the widget `altcha` 2.x solves altcha's first proof-of-work (a SHA-256 preimage below
 * `maxnumber`, parameters carried in the salt). altcha-lib 2.x keeps that protocol under 'altcha-lib/v1'; its main
 * entry point ('altcha-lib') is the newer protocol of widget 3.x, which widget 2.x cannot solve.
 *
 * Why it is loaded that way: the backend's tsconfig uses "moduleResolution": "node", which predates package.json
 * "exports", so TypeScript cannot find the subpath 'altcha-lib/v1' by name. The types are taken from the file that
 * subpath points at (a type-only import, erased from the output), and the module is loaded with a specifier held in
 * a variable, which TypeScript leaves alone and which Node (`require`, after tsc) and Vitest resolve through "exports".
 */
const ALTCHA_V1: string = 'altcha-lib/v1';
let altchaV1: Promise<typeof AltchaV1> | undefined;

/** altcha-lib's v1 API (the widget 2.x protocol), loaded once. */
export function loadAltchaV1(): Promise<typeof AltchaV1> {
  altchaV1 ??= import(ALTCHA_V1) as Promise<typeof AltchaV1>;
  return altchaV1;
}

/** What the widget fetches (its `challengeurl`) or is given (`challengejson`): algorithm, challenge, maxnumber, salt, signature. */
export type ProofOfWorkChallenge = Challenge;

export type ProofOfWorkResult = { ok: true; signature: string } | { ok: false; reason: 'missing' | 'invalid' | 'expired' | 'too-fast' };

export interface ProofOfWorkOptions {
  /** Signs the challenges. A secret of the server: whoever knows it can mint solved challenges. */
  hmacKey: string;
  /** The range the secret number is drawn from (1..maxNumber); the browser tries 0, 1, 2, … until it finds it. */
  maxNumber?: number;
  /** How long a challenge can be solved and submitted. */
  ttlSeconds?: number;
  /** The least time between fetching a challenge and submitting the comment (see verify()). */
  minSeconds?: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
}

/*
 * Cost. The widget hashes `salt + n` with WebCrypto SHA-256 for n = 0, 1, 2, … (split over one web worker per core)
 * until it finds the number; the number is uniform in 1..maxNumber, so a solve costs maxNumber / 2 hashes on average
 * and maxNumber at worst. One WebCrypto digest call costs tens of microseconds on a phone (the call, not the hashing,
 * dominates), so 100 000 is about 50 000 calls, on four workers a few tenths of a second on average and under a second
 * at worst on a modest phone. altcha's own default is 1 000 000, ten times that: seconds on an old phone, for a comment
 * form. The cost only has to make bulk posting expensive: the minimum time, the single use of each challenge
 * (the caller stores `signature`) and the server's rate limits do the rest.
 */
const DEFAULT_MAX_NUMBER = 100_000;
const DEFAULT_TTL_SECONDS = 10 * 60;
const DEFAULT_MIN_SECONDS = 3;

/** The widget's payload is about 300 characters; anything much longer is not one, and is refused before decoding. */
const MAX_PAYLOAD_LENGTH = 2_000;
const MAX_SALT_LENGTH = 500;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The parts of the widget's payload that are checked (it also sends `took`, the solving time it claims, and `test`). */
interface SolvedChallenge {
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/**
 * Issues and verifies the comment form's proof-of-work. Stateless: the issue time and the expiry travel in the
 * challenge's salt, which the signature covers, so nothing is stored until a solved challenge is accepted.
 */
export class ProofOfWork {
  private readonly hmacKey: string;
  private readonly maxNumber: number;
  private readonly ttlMs: number;
  private readonly minMs: number;
  private readonly now: () => number;

  constructor(options: ProofOfWorkOptions) {
    const { hmacKey, maxNumber = DEFAULT_MAX_NUMBER, ttlSeconds = DEFAULT_TTL_SECONDS, minSeconds = DEFAULT_MIN_SECONDS } = options;
    // Configuration mistakes fail at start-up, not as refused comments.
    if (typeof hmacKey !== 'string' || hmacKey.length === 0) throw new TypeError('ProofOfWork: hmacKey must be a non-empty string');
    if (!Number.isSafeInteger(maxNumber) || maxNumber < 1) throw new RangeError('ProofOfWork: maxNumber must be a positive integer');
    if (!(ttlSeconds > 0) || !(minSeconds >= 0) || minSeconds >= ttlSeconds) {
      throw new RangeError('ProofOfWork: need 0 <= minSeconds < ttlSeconds');
    }
    this.hmacKey = hmacKey;
    this.maxNumber = maxNumber;
    this.ttlMs = ttlSeconds * 1000;
    this.minMs = minSeconds * 1000;
    this.now = options.now ?? Date.now;
  }

  /** A fresh challenge, as JSON for the widget. Its salt carries `expires` (seconds, read by the widget too) and `issued` (ms). */
  async challenge(): Promise<ProofOfWorkChallenge> {
    const { createChallenge } = await loadAltchaV1();
    const issuedAt = this.now();
    return createChallenge({
      algorithm: 'SHA-256',
      hmacKey: this.hmacKey,
      maxNumber: this.maxNumber,
      expires: new Date(issuedAt + this.ttlMs),
      params: { issued: String(issuedAt) },
    });
  }

  /**
   * Checks the widget's payload (the base64 string of its hidden `altcha` field). Never throws for what a client sends.
   *
   * - 'missing': no payload (the widget did not run, or the field was emptied).
   * - 'invalid': not a payload, or not one solved for a challenge this server signed with this key.
   * - 'expired': the challenge is older than ttlSeconds.
   * - 'too-fast': submitted less than minSeconds after the challenge was issued. The form fetches its challenge when a
   *   reader focuses it; a person then writes for more than a few seconds, a script posts at once.
   *
   * On success, `signature` identifies the challenge: the caller stores it (keeping it for ttlSeconds is enough) and refuses a
   * payload whose signature it has seen, since a solved challenge must not be replayed for a second comment. It is the
   * lowercase hex the server issued, so one challenge cannot be presented under two spellings.
   */
  async verify(payload: unknown): Promise<ProofOfWorkResult> {
    if (payload === undefined || payload === null || payload === '') return { ok: false, reason: 'missing' };
    if (typeof payload !== 'string') return { ok: false, reason: 'invalid' };
    const solved = decodePayload(payload);
    if (!solved) return { ok: false, reason: 'invalid' };

    // Recompute the challenge and its signature from the salt and the number, as altcha-lib's verifySolution does,
    // but compared in constant time (verifySolution uses ===) and with the expiry checked below against our clock
    // (verifySolution reads Date.now()). A wrong number, salt or signature, or another key, all end here.
    const { createChallenge, extractParams } = await loadAltchaV1();
    const expected = await createChallenge({ algorithm: 'SHA-256', hmacKey: this.hmacKey, number: solved.number, salt: solved.salt });
    if (!sameText(expected.challenge, solved.challenge) || !sameText(expected.signature, solved.signature)) {
      return { ok: false, reason: 'invalid' };
    }

    // From here the salt is known to be ours, so its parameters can be trusted.
    const params = extractParams(expected);
    const expiresAt = Number(params.expires) * 1000;
    const issuedAt = Number(params.issued);
    if (!Number.isSafeInteger(expiresAt) || !Number.isSafeInteger(issuedAt)) return { ok: false, reason: 'invalid' };
    const now = this.now();
    if (now > expiresAt) return { ok: false, reason: 'expired' };
    if (now - issuedAt < this.minMs) return { ok: false, reason: 'too-fast' };
    return { ok: true, signature: expected.signature };
  }
}

/** The widget's payload is `btoa(JSON.stringify({ algorithm, challenge, number, salt, signature, took }))`. */
function decodePayload(payload: string): SolvedChallenge | undefined {
  // Buffer's base64 decoder skips characters it does not know; checking the alphabet first refuses such strings.
  if (payload.length > MAX_PAYLOAD_LENGTH || payload.length % 4 !== 0 || !BASE64.test(payload)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { algorithm, challenge, number, salt, signature } = data as Record<string, unknown>;
  // Only the algorithm the server issues: the payload's algorithm is the client's word, not the server's choice.
  if (algorithm !== 'SHA-256') return undefined;
  if (typeof challenge !== 'string' || !SHA256_HEX.test(challenge)) return undefined;
  if (typeof signature !== 'string' || !SHA256_HEX.test(signature)) return undefined;
  // A safe integer prints as plain digits (not 1e+21), as it did when the challenge was made from salt + number.
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) return undefined;
  // Issued salts end with altcha's '&' delimiter. createChallenge would append a missing one, so 'x' would pass as the
  // same challenge as 'x&': one spelling only. (And an empty salt would make createChallenge draw a random one.)
  if (typeof salt !== 'string' || !salt.endsWith('&') || salt.length > MAX_SALT_LENGTH) return undefined;
  return { challenge, number, salt, signature };
}

/** Compares in constant time; hashing first gives both sides the same length, as timingSafeEqual needs. */
function sameText(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
