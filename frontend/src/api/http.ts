import axios, { AxiosError, AxiosRequestConfig } from 'axios';
import { ERROR_TEXT, retryAfterText } from '@/i18n/errors';
import { ErrorCode } from './generated/model';

/**
 * The one HTTP client of the app (the orval mutator). It sends cookies, and turns any non-OK response into
 * an ApiError whose message is "<status>: <body text>" (SPEC §8), keeping the server's own message for toasts.
 */
export const http = axios.create({ withCredentials: true, headers: { Accept: 'application/json' } });

/** A request as the server render answers it (api/server-reads.ts): method, URL and query parameters. */
export interface AnsweredRequest {
  method?: string;
  url?: string;
  params?: Record<string, unknown>;
}

/**
 * On the server only (api/server-reads.ts): every request of `http` is answered by `answer` instead of the network, as
 * a response axios got (a status outside 2xx is the same error), so the generated functions, query keys and error
 * handling stay the ones the browser uses.
 */
export function answerRequestsWith(answer: (request: AnsweredRequest) => Promise<{ status: number; data: unknown }>): void {
  http.defaults.adapter = async (config) => {
    const { status, data } = await answer({ method: config.method, url: config.url, params: config.params as Record<string, unknown> });
    const response = { data, status, statusText: '', headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    statusText: string,
  ) {
    const text = typeof body === 'string' ? body : body === undefined || body === null || body === '' ? '' : JSON.stringify(body);
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's human-readable message (the first one, when validation lists several). */
  get serverMessage(): string | undefined {
    const message = (this.body as { message?: unknown } | null)?.message;
    if (Array.isArray(message)) return message.map(String).join('، ');
    return typeof message === 'string' ? message : undefined;
  }

  /** The stable error code (ErrorDto.code in the OpenAPI document), e.g. POST_SLUG_TAKEN: what screens branch on. */
  get code(): ErrorCode | undefined {
    const code = (this.body as { code?: unknown } | null)?.code;
    return typeof code === 'string' && (Object.values(ErrorCode) as string[]).includes(code) ? (code as ErrorCode) : undefined;
  }
}

/**
 * The one error reader of the screens: what a toast says about a failed call (SPEC §8). The Arabic sentence of the
 * server's error code (with how long to wait when the server said so), else the server's own message (a validation
 * list, which names the fields), else the caller's fallback text, else the error's "<status>: <body>" text.
 */
export function errorMessage(error: unknown, fallback?: string): string | undefined {
  if (!(error instanceof ApiError)) return fallback || (error instanceof Error && error.message ? error.message : undefined);
  const code = error.code;
  if (code) {
    const retryAfter = (error.body as { retryAfter?: unknown }).retryAfter;
    return typeof retryAfter === 'number' ? `${ERROR_TEXT[code]}: ${retryAfterText(retryAfter)}` : ERROR_TEXT[code];
  }
  return error.serverMessage || fallback || error.message || undefined;
}

/** A plain, serialisable copy of a query error (status and message survive JSON). */
export function plainError(error: unknown): { status?: number; message: string } {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; message?: unknown; response?: { status?: unknown } };
    const status = typeof e.status === 'number' ? e.status : typeof e.response?.status === 'number' ? e.response.status : undefined;
    return { status, message: typeof e.message === 'string' ? e.message : String(error) };
  }
  return { message: String(error) };
}

/** True when a query failed because the resource does not exist (HTTP 404). */
export function isNotFound(error: unknown): boolean {
  return plainError(error).status === 404 || /^404\b/.test(plainError(error).message);
}

/**
 * The option that makes a call outlive its page (pass it as the generated function's last argument, e.g. the editor's
 * last autosave when the tab is hidden or closed): the browser keeps delivering a `keepalive` fetch after the page is
 * gone, which an ordinary request (axios' XMLHttpRequest) is not.
 */
export const OUTLIVES_PAGE: AxiosRequestConfig = { fetchOptions: { keepalive: true } };

/** The most a keepalive request may carry (64 KiB for all of a page's keepalive requests in flight, per the Fetch standard). */
const KEEPALIVE_MAX_BYTES = 64 * 1024;

/**
 * Sends a JSON call with fetch `keepalive`, with the cookies and headers `http` would send. Its fetch starts before
 * this returns (no await comes first), which is what a `pagehide` handler needs: nothing started later goes out.
 * A body over the keepalive limit goes as an ordinary fetch (delivered if the page stays, as when it is only hidden).
 */
async function keepaliveRequest<T>(config: AxiosRequestConfig): Promise<T> {
  const body = config.data === undefined ? undefined : JSON.stringify(config.data);
  const response = await fetch(http.getUri(config), {
    method: (config.method ?? 'GET').toUpperCase(),
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body,
    credentials: 'include',
    keepalive: body === undefined || new TextEncoder().encode(body).byteLength <= KEEPALIVE_MAX_BYTES,
    signal: config.signal as AbortSignal | undefined,
  });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (a proxy's error page): kept as text, as axios would
  }
  if (!response.ok) throw new ApiError(response.status, data, response.statusText);
  return data as T;
}

export async function customInstance<T>(config: AxiosRequestConfig, options?: AxiosRequestConfig): Promise<T> {
  if ((options?.fetchOptions as RequestInit | undefined)?.keepalive) return keepaliveRequest<T>({ ...config, ...options });
  try {
    const response = await http.request<T>({ ...config, ...options });
    return response.data;
  } catch (error) {
    if (error instanceof AxiosError && error.response) {
      throw new ApiError(error.response.status, error.response.data, error.response.statusText);
    }
    throw error;
  }
}

export type ErrorType<E> = ApiError & { body: E };
export type BodyType<B> = B;
