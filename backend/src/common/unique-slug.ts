/**
 * A slug the server generated, made unique with a -2, -3 … suffix. (A slug the client chose is never
 * changed behind its back: a clash there is a 409.)
 */
export async function uniqueSlug(base: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  if (!(await taken(base))) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
}
