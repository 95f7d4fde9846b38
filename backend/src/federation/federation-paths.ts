/**
 * Where the blog's ActivityPub documents live (Fedify's routes, URI templates). One actor, so its identifier is a
 * constant: the handle people type is a setting (WebFinger maps it to the identifier), so the actor's id never
 * changes with it and followers keep following.
 */
export const BLOG_IDENTIFIER = 'blog';
export const ACTOR_ROUTE = '/ap/users/{identifier}';
export const ACTOR_PATH = `/ap/users/${BLOG_IDENTIFIER}`;
export const INBOX_ROUTE = '/ap/users/{identifier}/inbox';
export const SHARED_INBOX_ROUTE = '/ap/inbox';
export const OUTBOX_ROUTE = '/ap/users/{identifier}/outbox';
export const FOLLOWERS_ROUTE = '/ap/users/{identifier}/followers';
export const ARTICLE_ROUTE = '/ap/posts/{id}';
/** Every path Fedify answers starts with one of these (the rest of the site never reaches it). */
export const FEDERATION_PREFIXES = ['/ap/', '/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/'];
