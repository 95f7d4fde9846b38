import { plainError } from '@/api/http';

export function isUnauthorized(error: unknown): boolean {
  const e = plainError(error);
  return e.status === 401 || /^401\b/.test(e.message);
}
