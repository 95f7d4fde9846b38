import type { APIRequestContext } from '@playwright/test';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as AltchaV1 from 'altcha-lib/dist/cjs/v1/index';

/**
 * Reader comments as a reader's browser sends them, through the real API: a challenge of GET /api/comments/challenge
 * solved with altcha-lib's own solver (the protocol of the ALTCHA widget 2.x, which altcha-lib 2.x keeps under
 * 'altcha-lib/v1'), then POST /api/posts/{id}/comments with the widget's payload.
 */

/** The server refuses a solution sent sooner than 3 s after its challenge was fetched (a bot's pace). */
const SERVER_MIN_MS = 3_000;
const MARGIN_MS = 100;

/**
 * altcha-lib's v1 API, as the backend workspace resolves it. The e2e tsconfig resolves modules the old way ("node"),
 * which does not read package.json "exports", so the subpath is resolved by Node at run time (the types come from the
 * file it points at).
 */
let altchaV1: typeof AltchaV1 | undefined;
function loadAltchaV1(): typeof AltchaV1 {
  altchaV1 ??= createRequire(join(__dirname, '../../backend/package.json'))('altcha-lib/v1') as typeof AltchaV1;
  return altchaV1;
}

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** A solved challenge: the `altcha` field of a comment, and when its challenge had arrived. */
export interface SolvedChallenge {
  altcha: string;
  fetchedAt: number;
}

/** Fetches a challenge and solves it as the widget does (a few hundred milliseconds to a few seconds in one thread). */
export async function solvedChallenge(api: APIRequestContext): Promise<SolvedChallenge> {
  const response = await api.get('/api/comments/challenge');
  if (!response.ok()) throw new Error(`challenge: ${response.status()} ${await response.text()}`);
  // the server issued it before it answered: from here on, the 3 s are surely counted
  const fetchedAt = Date.now();
  const challenge = (await response.json()) as Challenge;
  const solution = await loadAltchaV1().solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('altcha-lib found no solution to the challenge');
  const { algorithm, salt, signature } = challenge;
  const payload = { algorithm, challenge: challenge.challenge, number: solution.number, salt, signature };
  return { altcha: Buffer.from(JSON.stringify(payload)).toString('base64'), fetchedAt };
}

/** What a reader writes. */
export interface ReaderComment {
  name: string;
  email?: string | null;
  content: string;
  /** An approved comment of the same post to answer. */
  parentId?: number;
}

/** The API's answer: shown at once (approved, with the comment as readers see it) or held for the author (pending). */
export interface PostedComment {
  status: 'approved' | 'pending';
  message: string;
  comment: { id: number; authorName: string; content: string } | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts reader comments on a post, in order. Their challenges are fetched and solved first, one after another; each
 * comment then goes once its challenge is old enough for the server (3 s and a margin), so several comments share
 * the wait. Throws with the server's answer when one is refused. Mind the server's rate limit: 5 comments per address
 * in 10 minutes (every test reader is 127.0.0.1), 30 per post.
 */
export async function postReaderComments(api: APIRequestContext, postId: number, comments: ReaderComment[]): Promise<PostedComment[]> {
  const solved: SolvedChallenge[] = [];
  for (let i = 0; i < comments.length; i += 1) solved.push(await solvedChallenge(api));
  const posted: PostedComment[] = [];
  for (const [i, comment] of comments.entries()) {
    const wait = solved[i]!.fetchedAt + SERVER_MIN_MS + MARGIN_MS - Date.now();
    if (wait > 0) await sleep(wait);
    const response = await api.post(`/api/posts/${postId}/comments`, { data: { ...comment, altcha: solved[i]!.altcha } });
    if (!response.ok()) throw new Error(`comment by ${comment.name}: ${response.status()} ${await response.text()}`);
    posted.push((await response.json()) as PostedComment);
  }
  return posted;
}

/** One reader comment (see postReaderComments). */
export async function postReaderComment(api: APIRequestContext, postId: number, comment: ReaderComment): Promise<PostedComment> {
  const [posted] = await postReaderComments(api, postId, [comment]);
  return posted!;
}
