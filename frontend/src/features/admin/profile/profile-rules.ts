import { ACCOUNT_LIMITS } from '@mudawwana/rules';

/** Profile validation (SPEC §5): name at least 2 characters after trimming (the API's limit); bio optional. */
export function validateProfile(name: string, message: string): string | null {
  return name.trim().length < ACCOUNT_LIMITS.nameMinLength ? message : null;
}
