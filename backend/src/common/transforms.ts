/** class-transformer `@Transform` functions shared by the request DTOs. */

type TransformInput = { value: unknown };

/** Surrounding white space is not part of a value. */
export const trim = ({ value }: TransformInput) => (typeof value === 'string' ? value.trim() : value);

/** Optional text: trimmed, and an empty value means "none". */
export const blankToNull = ({ value }: TransformInput) => (typeof value === 'string' ? value.trim() || null : value);
