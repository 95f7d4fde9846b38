/** A query parameter whose name says it carries a secret: reset and newsletter links (`token`), codes, passwords. */
const SECRET_PARAMETER = /([?&][^=&#]*(?:token|secret|password|code)[^=&#]*=)[^&#]*/gi;
/**
 * A path segment that looks like a random token: 20 or more URL-safe characters with an upper-case letter and a
 * digit. Slugs never match: they are lower-case (SPEC §3, derived rules).
 */
const TOKEN_SEGMENT = /(?<=\/)(?=[\w-]*[A-Z])(?=[\w-]*\d)[\w-]{20,}(?=[/?#]|$)/g;
/** An API token (tokens/api-tokens.service.ts), wherever it is. */
const API_TOKEN = /mdw_[\w-]+/g;

export const REDACTED = '[redacted]';

/**
 * A request's URL as it may be written to the log: reset links, newsletter confirm and unsubscribe links and API
 * tokens are credentials, and logs are kept, shipped and shared for far longer than those credentials live.
 */
export function redactUrl(url: string): string {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : url.slice(queryAt);
  return (path.replace(TOKEN_SEGMENT, REDACTED) + rest.replace(SECRET_PARAMETER, `$1${REDACTED}`)).replace(API_TOKEN, `mdw_${REDACTED}`);
}
