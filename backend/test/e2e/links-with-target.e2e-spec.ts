import { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { LinksWithTarget1795900400000 } from '../../src/database/migrations/links-with-target';
import { createPost } from '../support/helpers';
import { sharedTestApp } from '../support/test-app';

/**
 * Issue 21: links saved before every link with a target got rel="noopener noreferrer" (only target="_blank" did) are
 * brought up to today's rule by the migration LinksWithTarget, on both drivers; nothing else changes.
 */
describe('the LinksWithTarget migration', () => {
  const t = sharedTestApp();

  it('adds rel=noopener noreferrer to the links with a target that posts and pages were saved with, and leaves the rest', async () => {
    const author = await t.author();
    const post = await createPost(author, { title: 'روابط قديمة' });
    const untouched = await createPost(author, { title: 'بلا هدف', content: '<p><a href="https://example.com">رابط</a></p>' });
    const page = (await author.post('/api/pages').send({ title: 'صفحة قديمة', content: '<p>نص</p>', slug: 'old-links' }).expect(201)).body;
    // As an older server stored them: straight into the tables, past today's sanitiser.
    const dataSource = t.app.get(DataSource);
    const stored =
      '<p><a href="https://example.com" target="preview">رابط</a> و<a href="https://example.org" target="_NEW" rel="opener">آخر</a></p>';
    await dataSource.createQueryBuilder().update('posts').set({ content: stored }).where('"id" = :id', { id: post.id }).execute();
    await dataSource.createQueryBuilder().update('pages').set({ content: stored }).where('"id" = :id', { id: page.id }).execute();

    const runner = dataSource.createQueryRunner();
    try {
      await new LinksWithTarget1795900400000().up(runner);
    } finally {
      await runner.release();
    }

    const expected =
      '<p><a href="https://example.com" target="preview" rel="noopener noreferrer nofollow">رابط</a> و<a href="https://example.org" target="_NEW" rel="noopener noreferrer nofollow">آخر</a></p>';
    expect((await author.get(`/api/posts/id/${post.id}`).expect(200)).body.content).toBe(expected);
    expect((await author.get(`/api/pages/id/${page.id}`).expect(200)).body.content).toBe(expected);
    expect((await author.get(`/api/posts/id/${untouched.id}`).expect(200)).body.content).toBe(
      '<p><a href="https://example.com">رابط</a></p>',
    );
  });
});
