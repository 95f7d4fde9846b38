import { errorMessage } from './api';
import { toaster } from './shell';

export function notifySuccess(title: string, description?: string) {
  toaster.create({ type: 'success', title, description });
}

/** A failure toast with the server's message when there is one, else the fallback text (SPEC §8). */
export function notifyError(title: string, error: unknown, fallback?: string) {
  const description = errorMessage(error, fallback);
  toaster.create({ type: 'error', title, description });
}

/**
 * A mutation's options that tell the author how it went: the `done` toast and then `after` (close a dialog, leave
 * the screen) on success; on failure the `failed` title with the server's reason (else its fallback text).
 */
export function withToasts<Data>({
  done: [title, body],
  failed: [failedTitle, fallback],
  after,
}: {
  done: [title: string, body?: string];
  failed: [title: string, fallback?: string];
  after?: (data: Data) => void;
}) {
  return {
    mutation: {
      onSuccess: (data: Data) => {
        notifySuccess(title, body);
        after?.(data);
      },
      onError: (error: unknown) => notifyError(failedTitle, error, fallback),
    },
  };
}
