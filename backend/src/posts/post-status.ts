/** The states the dashboard filters posts by: a draft, published with a time still to come, or public now. */
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
