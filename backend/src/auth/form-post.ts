import { HttpException } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Response } from 'express';
import { ERROR_CODES, type ErrorCode } from '../common/error-codes';

/**
 * The sign-in and register forms without JavaScript (the reader script hydrates only on interaction, and some readers
 * have none): a plain HTML form post (application/x-www-form-urlencoded), answered with a redirect. On success the
 * browser goes where the page with JavaScript goes (/, signed in); on failure back to /auth, whose server render
 * shows what failed in Arabic: `invalid` names the fields that fail the form's rules (the screen shows the same
 * message as its own check), `error` is the API's error code (the screen shows its sentence). Nothing typed is sent
 * back in the address (no password, no email in history or logs).
 */
interface FormFailure {
  tab: 'login' | 'register';
  invalid?: readonly string[];
  error?: ErrorCode;
}

/** Where the form's failure is shown: /auth?tab=…&invalid=a,b or &error=CODE. */
function authPathFor({ tab, invalid, error }: FormFailure): string {
  const query = new URLSearchParams({ tab });
  if (invalid?.length) query.set('invalid', invalid.join(','));
  if (error) query.set('error', error);
  return `/auth?${query.toString()}`;
}

/** 303 See Other: the browser follows with a GET, and a reload does not post the form again. */
export function redirectAfterPost(response: Response, location: string): void {
  response.redirect(303, location);
}

/**
 * The posted fields validated and transformed by the same DTO as the JSON API (trimmed, limits), or the fields that
 * fail it. A field the form does not have, or a value of another shape (a repeated field), is `INVALID_INPUT`.
 */
export async function readForm<T extends object>(
  type: new () => T,
  body: unknown,
): Promise<{ value: T } | { invalid: string[] } | { error: ErrorCode }> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { error: 'INVALID_INPUT' };
  try {
    const value = plainToInstance(type, body);
    const errors = await validate(value, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length === 0) return { value };
    if (errors.some((error) => error.constraints?.whitelistValidation !== undefined)) return { error: 'INVALID_INPUT' };
    return { invalid: errors.map((error) => error.property) };
  } catch {
    return { error: 'INVALID_INPUT' };
  }
}

/** The error code of a failed call (the API's code, else the given one for its kind of failure). */
function codeOf(error: HttpException, fallback: ErrorCode): ErrorCode {
  const body = error.getResponse();
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code) ? (code as ErrorCode) : fallback;
}

/**
 * A sign-in or register form posted without JavaScript, answered as the browser expects: the fields read with `type`,
 * then `signIn` (which opens the session), then 303 to `/` (signed in, SPEC §auth), or back to the form's tab with
 * what was refused. A refusal of the API (limits, closed registration) comes back as its code, else `fallback`.
 */
export async function answerSignInForm<T extends object>(
  response: Response,
  form: { tab: FormFailure['tab']; type: new () => T; body: unknown; fallback: ErrorCode },
  signIn: (value: T) => Promise<void>,
): Promise<void> {
  const back = (failure: Omit<FormFailure, 'tab'>) => redirectAfterPost(response, authPathFor({ tab: form.tab, ...failure }));
  const read = await readForm(form.type, form.body);
  if (!('value' in read)) return back(read);
  try {
    await signIn(read.value);
  } catch (error) {
    if (error instanceof HttpException) return back({ error: codeOf(error, form.fallback) });
    throw error;
  }
  redirectAfterPost(response, '/');
}
