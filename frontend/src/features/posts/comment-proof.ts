import { api } from '@/lib/api';

/** A solved ALTCHA challenge: the payload the API takes as `altcha`, and when its challenge arrived. */
export interface CommentProof {
  payload: string;
  fetchedAt: number;
}

/**
 * The server refuses a solution sent less than 3 s after its challenge was fetched (a person reads and types for
 * longer); the margin covers the time between the server issuing the challenge and its arrival here.
 */
export const PROOF_MIN_AGE_MS = 3_300;
/** A challenge is valid 10 minutes: an older proof is replaced before it is sent. */
export const PROOF_MAX_AGE_MS = 9 * 60_000;
/** A widget that never answers (a worker the browser refused) fails instead of holding the form for ever. */
const SOLVE_TIMEOUT_MS = 60_000;

/** How long a proof must still wait before it may be sent (0 when it may go now). */
export const proofWait = (proof: CommentProof, now = Date.now()): number => Math.max(0, proof.fetchedAt + PROOF_MIN_AGE_MS - now);

/** Whether a proof started at `startedAt` is too old to send. */
export const proofExpired = (startedAt: number, now = Date.now()): boolean => now - startedAt > PROOF_MAX_AGE_MS;

/**
 * Fetches a challenge and has the ALTCHA widget solve it (in its workers) inside `host`, a hidden element outside the
 * form (inside a form, the widget would take over its submit). The widget and the challenge load side by side; the
 * widget's own UI stays hidden: the form says what is happening in Arabic.
 */
export async function solveCommentChallenge(host: HTMLElement): Promise<CommentProof> {
  const [{ altchaWorkerUrl }, challenge] = await Promise.all([import('./altcha-widget'), api.commentChallenge()]);
  const fetchedAt = Date.now();
  const widget = document.createElement('altcha-widget');
  const attributes: Record<string, string> = {
    challengejson: JSON.stringify(challenge),
    auto: 'onload',
    workerurl: new URL(altchaWorkerUrl, window.location.href).href,
    hidelogo: '',
    hidefooter: '',
    disableautofocus: '',
    disablerefetchonexpire: '',
  };
  for (const [name, value] of Object.entries(attributes)) widget.setAttribute(name, value);
  try {
    return await new Promise<CommentProof>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('ALTCHA: no solution')), SOLVE_TIMEOUT_MS);
      widget.addEventListener('statechange', (event) => {
        const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
        if (state === 'verified' && payload) {
          clearTimeout(timer);
          resolve({ payload, fetchedAt });
        } else if (state === 'error' || state === 'expired') {
          clearTimeout(timer);
          reject(new Error(`ALTCHA: ${state}`));
        }
      });
      host.replaceChildren(widget);
    });
  } finally {
    widget.remove();
  }
}
