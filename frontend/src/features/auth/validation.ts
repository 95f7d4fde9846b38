import { ACCOUNT_LIMITS } from '@mudawwana/rules';
import { t } from '@/i18n';

/** SPEC §5 validation of the auth forms. Each function returns field → message for the fields that fail. */
export type Errors<K extends string> = Partial<Record<K, string>>;

/** The API's own limits: the auth DTOs read the same ones. */
const { passwordMinLength, usernameMinLength, nameMinLength } = ACCOUNT_LIMITS;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function validateLogin(v: { username: string; password: string }): Errors<'username' | 'password'> {
  const errors: Errors<'username' | 'password'> = {};
  if (!v.username.trim()) errors.username = t('auth.v.identifier');
  if (v.password.length < passwordMinLength) errors.password = t('auth.v.password');
  return errors;
}

/** The register form; the setup code only when the first account of a blog reachable from outside needs it. */
export function validateRegister(
  v: { username: string; email: string; password: string; name: string; setupCode?: string },
  { setupCodeRequired = false }: { setupCodeRequired?: boolean } = {},
): Errors<'username' | 'email' | 'password' | 'name' | 'setupCode'> {
  const errors: Errors<'username' | 'email' | 'password' | 'name' | 'setupCode'> = {};
  if (v.username.trim().length < usernameMinLength) errors.username = t('auth.v.username');
  if (!isEmail(v.email)) errors.email = t('auth.v.email');
  if (v.password.length < passwordMinLength) errors.password = t('auth.v.password');
  if (v.name.trim().length < nameMinLength) errors.name = t('auth.v.name');
  if (setupCodeRequired && !v.setupCode?.trim()) errors.setupCode = t('auth.v.setupCode');
  return errors;
}

export function validateForgot(v: { email: string }): Errors<'email'> {
  return isEmail(v.email) ? {} : { email: t('auth.v.email') };
}

export function validateReset(v: { password: string; confirm: string }): Errors<'password' | 'confirm'> {
  const errors: Errors<'password' | 'confirm'> = {};
  if (v.password.length < passwordMinLength) errors.password = t('auth.v.password');
  if (v.confirm !== v.password) errors.confirm = t('auth.v.mismatch');
  return errors;
}
