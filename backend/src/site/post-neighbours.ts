import { DataSource, FindOptionsWhere, Not, Raw } from 'typeorm';
import { Post } from '../posts/post.entity';
import { publicNow } from '../posts/reader-visible';

/** Where a post stands (or stood) in the lists: by creation date, then id. */
export type ListPlace = Pick<Post, 'id' | 'createdAt'>;

/**
 * The second a date falls in, as bounds to compare the stored column with: a range the (published, createdAt, id)
 * index serves, whatever the form of the stored value. SQLite keeps text compared as text, written by the app as
 * "YYYY-MM-DD HH:MM:SS.SSS" and by the column's default as "YYYY-MM-DD HH:MM:SS": both lie between the second's and
 * the next second's "YYYY-MM-DD HH:MM:SS".
 */
function secondOf(dataSource: DataSource, date: Date): [start: Date | string, end: Date | string] {
  const start = new Date(Math.floor(date.getTime() / 1000) * 1000);
  const end = new Date(start.getTime() + 1000);
  if (dataSource.options.type === 'postgres') return [start, end];
  const text = (second: Date) => second.toISOString().replace('T', ' ').slice(0, 'YYYY-MM-DD HH:MM:SS'.length);
  return [text(start), text(end)];
}

/**
 * The public posts on either side of where each of these posts stands, or stood before a change: the posts whose
 * pages link to it as their neighbour (older and newer). Read after the change, by the place's date rather than the
 * stored row, so a deleted post, or one moved to another date, still names the posts that linked to it; the posts
 * themselves are never their own neighbours.
 *
 * The lists order by the stored date, then id; a loaded Date keeps milliseconds. So the posts of the place's second
 * are read and ordered here, and the nearest ones before and after that second by the database. On SQLite a loaded
 * date is the stored one; PostgreSQL stores microseconds, so there the posts of the place's very millisecond could be
 * on either side: all of them are counted (a page too many rebuilt rather than one missed).
 */
export async function publicPostsNextTo(dataSource: DataSource, places: readonly ListPlace[]): Promise<number[]> {
  const posts = dataSource.getRepository(Post);
  const now = new Date();
  const sameMillisecondIsOrdered = dataSource.options.type !== 'postgres';
  const around = async ({ id, createdAt }: ListPlace): Promise<number[]> => {
    const [secondStart, secondEnd] = secondOf(dataSource, createdAt);
    const publicWhere = (created: (column: string) => string): FindOptionsWhere<Post> => ({
      ...publicNow(now),
      createdAt: Raw(created, { secondStart, secondEnd }),
    });
    const [[before], sameSecond, [after]] = await Promise.all([
      posts.find({
        select: { id: true },
        where: publicWhere((column) => `${column} < :secondStart`),
        order: { createdAt: 'DESC', id: 'DESC' },
        take: 1,
      }),
      posts.find({
        select: { id: true, createdAt: true },
        where: { ...publicWhere((column) => `${column} >= :secondStart AND ${column} < :secondEnd`), id: Not(id) },
      }),
      posts.find({
        select: { id: true },
        where: publicWhere((column) => `${column} >= :secondEnd`),
        order: { createdAt: 'ASC', id: 'ASC' },
        take: 1,
      }),
    ]);
    const inListOrder = (a: ListPlace, b: ListPlace) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;
    const side = (post: ListPlace) => post.createdAt.getTime() - createdAt.getTime() || (sameMillisecondIsOrdered ? post.id - id : 0);
    const older = sameSecond.filter((post) => side(post) < 0).sort(inListOrder);
    const newer = sameSecond.filter((post) => side(post) > 0).sort(inListOrder);
    const unordered = sameSecond.filter((post) => side(post) === 0);
    return [older.at(-1) ?? before, newer[0] ?? after, ...unordered].filter((post) => post !== undefined).map((post) => post.id);
  };
  const distinct = new Map(places.map((place) => [`${place.id}@${place.createdAt.getTime()}`, place]));
  const ids = await Promise.all([...distinct.values()].map(around));
  return [...new Set(ids.flat())];
}
