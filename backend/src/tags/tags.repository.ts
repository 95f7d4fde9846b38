import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { isRetryableConflict } from '../common/database-errors';
import { OffThreadReads } from '../database/off-thread-reads';
import { tagSlug } from '@mudawwana/rules';
import { StaleVersionError } from '../common/versions';
import { placeholder } from '../database/sql-params';
import { Post } from '../posts/post.entity';
import { indexPosts } from '../search/post-indexes';
import { readerVisibleSql } from '../posts/reader-visible';

export interface TagCount {
  name: string;
  slug: string;
  count: number;
}

/** A post's tags with `name` in place of the tag `slug`, each tag once (a tag without a slug is left as it is). */
export function retagged(tags: readonly string[], slug: string, name: string): string[] {
  const seen = new Set<string>();
  return tags
    .map((tag) => (tagSlug(tag) === slug ? name : tag))
    .filter((tag) => {
      const tagSlugOf = tagSlug(tag);
      if (tagSlugOf && seen.has(tagSlugOf)) return false;
      seen.add(tagSlugOf);
      return true;
    });
}

/** Tags as the post_tags index holds them (search/post-indexes.ts), and changes of a tag on every post at once. */
@Injectable()
export class TagsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: OffThreadReads,
  ) {}

  /**
   * Every tag (or the one with `slug`) with its post count, most used first; drafts counted only when asked. Read in
   * the reader thread (OffThreadReads): counting every tag groups every tag row of the blog, 29 ms of the serving
   * thread at 100,000 posts on SQLite (issue 23).
   */
  async counts(options: { includeDrafts: boolean; slug?: string }): Promise<TagCount[]> {
    const conditions = [
      ...(options.includeDrafts ? [] : [readerVisibleSql(this.dataSource, 'p')]),
      ...(options.slug !== undefined ? [`"t"."slug" = ${placeholder(this.dataSource, 1)}`] : []),
    ];
    const rows = await this.reads.query<{ slug: string; name: string; count: number | string }>(
      `SELECT "t"."slug" AS "slug", "t"."name" AS "name", COUNT(*) AS "count"
       FROM "post_tags" "t" JOIN "posts" "p" ON "p"."id" = "t"."post_id"
       ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
       GROUP BY "t"."slug", "t"."name"`,
      options.slug !== undefined ? [options.slug] : [],
    );
    // Spellings that share a slug (React, react) are one tag, named by its most used spelling.
    const bySlug = new Map<string, { count: number; name: string; nameCount: number }>();
    for (const row of rows) {
      const count = Number(row.count);
      const tag = bySlug.get(row.slug) ?? { count: 0, name: row.name, nameCount: 0 };
      tag.count += count;
      if (count > tag.nameCount || (count === tag.nameCount && row.name < tag.name))
        Object.assign(tag, { name: row.name, nameCount: count });
      bySlug.set(row.slug, tag);
    }
    return [...bySlug]
      .map(([slug, { name, count }]) => ({ name, slug, count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'ar'));
  }

  /**
   * Replaces the tag `slug` by `name` on every post carrying it (a merge when another tag already has that name's
   * slug: a post then keeps it once), in one transaction with the posts' search and tag indexes. Each post's version
   * is raised (an editor open on an older version is told, rather than saving the old tag back); a post saved
   * meanwhile makes the whole change start again. Answers the ids of the posts changed.
   */
  async replaceTag(slug: string, name: string): Promise<number[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction(async (manager) => {
          const rows: { post_id: number }[] = await manager.query(
            `SELECT "post_id" FROM "post_tags" WHERE "slug" = ${placeholder(manager, 1)}`,
            [slug],
          );
          const posts = await manager.find(Post, { where: { id: In(rows.map((row) => Number(row.post_id))) }, order: { id: 'ASC' } });
          for (const post of posts) {
            const tags = retagged(post.tags, slug, name);
            const result = await manager.update(Post, { id: post.id, version: post.version }, { tags, version: post.version + 1 });
            if (!result.affected) throw new StaleVersionError();
            post.tags = tags;
            post.version += 1;
          }
          await indexPosts(manager, posts);
          return posts.map((post) => post.id);
        });
      } catch (error) {
        if (attempt >= 5 || !(error instanceof StaleVersionError || isRetryableConflict(error))) throw error;
      }
    }
  }
}
