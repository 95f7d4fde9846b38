import { Raw } from 'typeorm';

/** A LIKE pattern for a text containing `text` in any case: `%` and `_` someone typed are letters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (character) => `!${character}`)}%`;
}

/** A find condition: the column contains `text`, in any case. `name` keeps two such conditions' parameters apart. */
export function containing(text: string, name: string) {
  return Raw((column) => `LOWER(${column}) LIKE :${name} ESCAPE '!'`, { [name]: likePattern(text) });
}
