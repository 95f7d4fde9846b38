import { DataSource, EntityManager, FindOptionsWhere, Raw, SelectQueryBuilder } from 'typeorm';
import type { Post } from './post.entity';

/**
 * The rule of what readers may see, in SQL: `isPublicNow` and `isScheduled` of `@mudawwana/rules`
 * (packages/rules/src/post-visibility.ts) for a database, which cannot call them. A post is public once it is
 * published and its publish time (if any) has come; published with a time still to come, it is scheduled. Every
 * public read (lists, detail, featured, neighbours, counts, feeds, sitemap, site pages, search and tags) filters
 * with one of the forms below, and each form is built from the conditions that follow, so the rule is written
 * once here and once in the rules package.
 */

/** `isPublicNow`'s half about time, over a `publishAt` column: none, or not later than `instant`. */
function publishTimeHasCome(publishAt: string, instant: string): string {
  return `(${publishAt} IS NULL OR ${publishAt} <= ${instant})`;
}

/** `isScheduled`'s half about time, over a `publishAt` column: later than `instant` (NULL is never later). */
export function publishTimeToCome(publishAt: string, instant: string): string {
  return `${publishAt} > ${instant}`;
}

/** The whole rule over the columns' SQL, the database's "true" and the instant (a literal or a parameter). */
function publicNowCondition(published: string, publishAt: string, yes: string, instant: string): string {
  return `(${published} = ${yes} AND ${publishTimeHasCome(publishAt, instant)})`;
}

/**
 * The rule as a condition on the posts table named `alias` in a raw statement (search, tags, the site's counts).
 * The instant is written as each driver stores dates (timestamptz; SQLite's UTC text).
 */
export function readerVisibleSql(connection: DataSource | EntityManager, alias: string, now = new Date()): string {
  const type = 'connection' in connection ? connection.connection.options.type : connection.options.type;
  const postgres = type === 'postgres';
  const instant = postgres ? now.toISOString() : now.toISOString().replace('T', ' ').replace('Z', '');
  return publicNowCondition(`"${alias}"."published"`, `"${alias}"."publishAt"`, postgres ? 'TRUE' : '1', `'${instant}'`);
}

/** The rule for a query builder whose posts are `alias` (bound parameters: the driver writes the values). */
export function wherePublicNow<T extends object>(query: SelectQueryBuilder<T>, alias: string, now = new Date()): SelectQueryBuilder<T> {
  return query.andWhere(publicNowCondition(`${alias}.published`, `${alias}.publishAt`, ':isPublished', ':publicNow'), {
    isPublished: true,
    publicNow: now,
  });
}

/** The rule as find options, to spread among other conditions on a post. */
export function publicNow(now = new Date()): FindOptionsWhere<Post> {
  return { published: true, publishAt: Raw((column) => publishTimeHasCome(column, ':publicNow'), { publicNow: now }) };
}

/** Scheduled posts, as find options. */
export function scheduledNow(now = new Date()): FindOptionsWhere<Post> {
  return { published: true, publishAt: Raw((column) => publishTimeToCome(column, ':scheduledAfter'), { scheduledAfter: now }) };
}
