/** class-transformer `@Transform` functions shared by the request DTOs. */

type TransformInput = { value: unknown };

/** Surrounding white space is not part of a value. */
export const trim = ({ value }: TransformInput) => (typeof value === 'string' ? value.trim() : value);

/** Optional text: trimmed, and an empty value means "none". */
export const blankToNull = ({ value }: TransformInput) => (typeof value === 'string' ? value.trim() || null : value);

/** A query parameter 'true' / 'false' as a boolean (anything else is left for the validator to refuse). */
export const toBoolean = ({ value }: TransformInput) => (value === 'true' ? true : value === 'false' ? false : value);

/** A query parameter of plain digits as a number (anything else is left for the validator to refuse). */
export const toInt = ({ value }: TransformInput) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
