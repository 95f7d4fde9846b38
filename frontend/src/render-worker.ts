/// <reference types="node" />
/**
 * The server renderer, run in a worker thread of the backend (backend/src/site/render-worker.ts). Turning data into
 * HTML is most of a render's time and all of it is CPU: here it never holds up the thread that serves readers. The
 * data stays with the backend's main thread: every read the render makes is asked of it by message and answered by
 * its loader table (backend/src/site/loaders.ts), with the content tags of what it read (api/server-reads.ts).
 */
import type { FromRenderWorker, RenderReadAnswer, ToRenderWorker } from '@mudawwana/rules';
import { parentPort } from 'node:worker_threads';
import { readThrough, type ServerReader } from './api/server-reads';
import { render, renderFragment } from './entry-server';

const port = parentPort;
if (!port) throw new Error('render-worker runs in a worker thread');
const send = (message: FromRenderWorker) => port.postMessage(message);

const reads = new Map<number, { resolve: (answer: RenderReadAnswer) => void; reject: (error: Error) => void }>();
let nextRead = 0;

const askMainThread: ServerReader = (url, params) =>
  new Promise((resolve, reject) => {
    const id = nextRead++;
    reads.set(id, { resolve, reject });
    send({ type: 'read', id, url, params });
  });
readThrough(askMainThread);

function run(job: Exclude<ToRenderWorker, { type: 'answer' }>) {
  return job.type === 'render' ? render(job.url, job.options) : renderFragment(job.name);
}

port.on('message', (message: ToRenderWorker) => {
  if (message.type === 'answer') {
    const read = reads.get(message.id);
    reads.delete(message.id);
    if (message.answer) read?.resolve(message.answer);
    else read?.reject(new Error(message.error ?? 'the main thread gave no answer'));
    return;
  }
  run(message).then(
    (result) => send({ type: 'done', id: message.id, result }),
    (error: unknown) =>
      send({ type: 'done', id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
