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
