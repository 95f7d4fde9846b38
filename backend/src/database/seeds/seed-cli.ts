import 'dotenv/config';
import 'reflect-metadata';
import { Category } from '../../categories/category.entity';
import { ConfigError, loadConfig } from '../../config/app-config';
import { Post } from '../../posts/post.entity';
import { User } from '../../users/user.entity';
import { raiseContentVersion } from '../content-version';
import { openDatabase } from '../data-source';
import { samplePosts } from './sample-posts';

/** `npm run seed -- --posts N`: adds N published demo posts to the configured database (the newest one featured). */
async function main(): Promise<void> {
  const flag = process.argv.indexOf('--posts');
  const count = flag >= 0 ? Number(process.argv[flag + 1]) : 30;
  if (!Number.isInteger(count) || count < 1 || count > 100_000) {
    console.error('usage: npm run seed -- --posts N   (N from 1 to 100000)');
    process.exit(2);
  }
  const config = loadConfig();
  const dataSource = await openDatabase(config.database);
  const categories = await dataSource.getRepository(Category).find();
  const author = await dataSource.getRepository(User).findOne({ where: {}, order: { id: 'ASC' } });
  const offset = await dataSource.getRepository(Post).count();
  const posts = samplePosts(
    count,
    categories.map((category) => category.id),
    author?.id ?? null,
    offset + 42,
  ).map((post, index) => ({
    ...post,
    slug: `${post.slug}-${offset + index + 1}`,
  }));
  posts[posts.length - 1].featured = true;
  await dataSource.transaction(async (manager) => {
    await manager.update(Post, { featured: true }, { featured: false });
    for (let index = 0; index < posts.length; index += 200) await manager.insert(Post, posts.slice(index, index + 200));
    // Written behind the app's back: a running blog serves no page rendered before this within seconds.
    await raiseContentVersion(manager);
  });
  // Fresh planner statistics after a bulk insert: without them PostgreSQL guesses a few thousand rows and scans the
  // table instead of the list indexes until autovacuum gets round to it (a benchmark right after seeding would see that).
  // Only when the seed is a tenth of the posts or more, since a few added leave the statistics true: ANALYZE holds
  // SQLite's write lock for its whole run (100 ms at 100,000 posts), and a running blog's serving thread waits for
  // that lock at its next write (issue 23: `--posts 1` into such a blog stalled it 128 ms).
  if (count * 10 >= offset + count) await dataSource.query('ANALYZE posts');
  console.log(`Seeded ${count} published posts into the ${config.database.type} database.`);
  await dataSource.destroy();
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `mudawwana: ${error.message}` : error);
  process.exit(1);
});
