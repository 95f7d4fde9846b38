/** API token form rules: the expiry choices (days; null is "never") and the date they give. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365, null] as const;
export type TokenExpiry = (typeof TOKEN_EXPIRY_DAYS)[number];
/** Tokens that expire by default: a forgotten token stops working on its own. */
export const DEFAULT_TOKEN_EXPIRY: TokenExpiry = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export function tokenExpiresAt(days: TokenExpiry, now = Date.now()): string | null {
  return days === null ? null : new Date(now + days * DAY_MS).toISOString();
}

/** A token is past its expiry (the API then answers its calls with 401). */
export function isTokenExpired(expiresAt: string | null, now = Date.now()): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now;
}
