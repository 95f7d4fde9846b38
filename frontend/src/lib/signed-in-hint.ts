/**
 * The server sets `mudawwana.signed-in=1` at sign-in and clears it at sign-out (not HttpOnly; it proves nothing, the
 * session cookie does). It only decides whether the page asks /api/user, so anonymous readers never get a 401.
 */
const NAME = 'mudawwana.signed-in';

export function hasSignedInHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${NAME}=1`);
}

/** The session ended on the server (expired, or a password reset): forget the hint. */
export function clearSignedInHint(): void {
  document.cookie = `${NAME}=; Max-Age=0; Path=/; SameSite=Lax`;
}
