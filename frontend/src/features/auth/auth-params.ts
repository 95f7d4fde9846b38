import type { ErrorCode } from '@/api/generated/model';
import { ERROR_TEXT } from '@/i18n/errors';
import { registrationStatusQuery } from '@/lib/api';
import type { RouteQuery } from '@/lib/route-queries';

export type AuthTab = 'login' | 'register';

/** What /auth reads on the server: whether registration is open (the register tab is in the first HTML only then). */
export function authRouteQueries(): RouteQuery[] {
  return [registrationStatusQuery()];
}

/**
 * Where the forms post without JavaScript (the backend's form routes: the same checks and session as the JSON calls,
 * answered with a redirect). With JavaScript the screen sends the JSON calls itself and the browser never posts these.
 */
export const FORM_ACTIONS: Record<AuthTab, string> = { login: '/api/login/form', register: '/api/register/form' };

/** The tab an /auth address asks for (?tab=login|register), if any. */
export function tabOf(params: URLSearchParams): AuthTab | undefined {
  const tab = params.get('tab');
  return tab === 'login' || tab === 'register' ? tab : undefined;
}

/** The address of a tab: the tabs are links, so they switch without JavaScript too. */
export const tabPath = (tab: AuthTab) => `/auth?tab=${tab}`;

const FORM_FIELDS: Record<AuthTab, readonly string[]> = {
  login: ['username', 'password'],
  register: ['username', 'email', 'password', 'name', 'setupCode'],
};

/** What failed when a form posted without JavaScript came back (?invalid=field,… or ?error=CODE), known values only. */
export interface FormFailure {
  tab: AuthTab;
  invalid: string[];
  error?: ErrorCode;
}

export function formFailureOf(params: URLSearchParams): FormFailure | undefined {
  const tab = tabOf(params);
  if (!tab) return undefined;
  const invalid = (params.get('invalid') ?? '').split(',').filter((field) => FORM_FIELDS[tab].includes(field));
  const code = params.get('error') ?? '';
  const error = Object.hasOwn(ERROR_TEXT, code) ? (code as ErrorCode) : undefined;
  return invalid.length > 0 || error ? { tab, invalid, error } : undefined;
}
