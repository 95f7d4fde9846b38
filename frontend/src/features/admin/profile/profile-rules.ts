/** Profile validation (SPEC §5): name at least 2 characters after trimming; bio optional. */
export const NAME_MIN_LENGTH = 2;

export function validateProfile(name: string, message: string): string | null {
  return name.trim().length < NAME_MIN_LENGTH ? message : null;
}
