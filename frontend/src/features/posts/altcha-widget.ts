/**
 * The ALTCHA widget (the `<altcha-widget>` element) and its proof-of-work worker, as a chunk of its own: loaded only
 * when a reader starts writing a comment (comment-proof.ts), never by a page that is only read.
 *
 * The worker is a file of this site: the widget's default worker is a blob: URL, which the Content-Security-Policy
 * (worker-src falls back to script-src 'self') refuses, as it refuses a data: URL (`no-inline`: the worker is smaller
 * than Vite's limit for inlining assets).
 */
import 'altcha';
import workerUrl from 'altcha/worker?url&no-inline';

export const altchaWorkerUrl: string = workerUrl;
