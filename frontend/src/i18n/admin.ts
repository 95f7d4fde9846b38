/** Admin-area strings (filled by the admin side); merged into the one table in ./index.ts. */
export const adminMessages: Record<string, string> = {};
