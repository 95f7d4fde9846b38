import type { INestApplication } from '@nestjs/common';
import TestAgent from 'supertest/lib/agent';
import { CommentsService, derivedKey } from '../../src/comments/comments.service';
import { loadAltchaV1, ProofOfWork, type ProofOfWorkChallenge, type ProofOfWorkOptions } from '../../src/comments/proof-of-work';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { answerOf } from './arabic-sum';

/**
 * Comments as a reader's browser writes them: a challenge of GET /api/comments/challenge solved with altcha-lib's own
 * solver (the widget 2.x payload), and the question of the form without JavaScript answered from its Arabic words.
 */

/** The widget's payload for a solved challenge: `btoa(JSON.stringify({ algorithm, challenge, number, salt, signature, took }))`. */
export async function solve(challenge: ProofOfWorkChallenge): Promise<string> {
  const { solveChallenge } = await loadAltchaV1();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('altcha-lib found no solution');
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature, took: solution.took }));
}

/** Fetches a challenge over HTTP and solves it. */
export async function solvedChallenge(agent: TestAgent): Promise<string> {
  const response = await agent.get('/api/comments/challenge').expect(200);
  return solve(response.body as ProofOfWorkChallenge);
}

/**
 * Puts a proof of work of other options in the app (the key stays the app's own, so instances of one blog still
 * accept each other's challenges); returns a function that puts the app's own back. Everything else (signature,
 * expiry, minimum time, single use in the database) is the real thing.
 */
export function useProofOfWork(app: INestApplication, options: Omit<ProofOfWorkOptions, 'hmacKey'>): () => void {
  const service = app.get(CommentsService);
  const own = service.proofOfWork;
  const config = app.get<AppConfig>(APP_CONFIG);
  Object.assign(service, { proofOfWork: new ProofOfWork({ ...options, hmacKey: derivedKey(config.sessionSecret, 'comment-challenge') }) });
  return () => void Object.assign(service, { proofOfWork: own });
}

/**
 * Challenges quick to test: no minimum time and a small range (altcha-lib's solver runs on one thread here, about
 * 30 µs a hash: the real range of 100,000 costs 1.5 s a solve on average).
 */
export const quickChallenges = (app: INestApplication) => useProofOfWork(app, { maxNumber: 1_000, minSeconds: 0 });

/** The question of the page of the form without JavaScript, its token and its answer (in digits, as asked). */
export function readingCheckOf(html: string): { question: string; token: string; answer: string } {
  const question = /<label for="answer">([^<]+)<\/label>/.exec(html)?.[1];
  const token = /<input type="hidden" name="check" value="([^"]+)">/.exec(html)?.[1];
  if (!question || !token) throw new Error(`no question on the page:\n${html}`);
  return { question, token, answer: String(answerOf(question)) };
}
