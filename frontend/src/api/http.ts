import axios, { AxiosError, AxiosRequestConfig } from 'axios';

/**
 * The one HTTP client of the app (the orval mutator). It sends cookies, and turns any non-OK response into
 * an ApiError whose message is "<status>: <body text>" (SPEC §8), keeping the server's own message for toasts.
 */
export const http = axios.create({ withCredentials: true, headers: { Accept: 'application/json' } });

/** Where the API lives: same origin in the browser; the server renderer points it at itself. */
export function setApiBaseUrl(baseURL: string): void {
  http.defaults.baseURL = baseURL;
}

/** The server's in-process answer to a GET (status and JSON body), or undefined to ask over HTTP. */
export type ServerApiLoader = (
  url: string,
  params: Record<string, unknown> | undefined,
) => Promise<{ status: number; data: unknown } | undefined>;

const httpAdapter = axios.getAdapter(axios.defaults.adapter);

/**
 * On the server, reads are answered in-process by the backend's services (backend/src/site/api-loader.ts) instead
 * of an HTTP call back into the same process; the answers go through axios as usual, so the generated functions,
 * query keys and error handling stay the ones the browser uses.
 */
export function setServerApiLoader(loader: ServerApiLoader | undefined): void {
  http.defaults.adapter = loader
    ? async (config) => {
        const answer =
          config.method === 'get' && config.url ? await loader(config.url, config.params as Record<string, unknown>) : undefined;
        if (!answer) return httpAdapter(config);
        const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config, request: {} };
        if (answer.status >= 200 && answer.status < 300) return response;
        throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
      }
    : httpAdapter;
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

  /** The stable domain error code, e.g. POST_SLUG_TAKEN. */
  get code(): string | undefined {
    const code = (this.body as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : undefined;
  }
}

/** The server's message of any error, when it has one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

export async function customInstance<T>(config: AxiosRequestConfig, options?: AxiosRequestConfig): Promise<T> {
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
