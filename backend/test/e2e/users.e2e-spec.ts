import { DataSource } from 'typeorm';
import TestAgent from 'supertest/lib/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../src/users/user.entity';
import { Post } from '../../src/posts/post.entity';
import { createPost, expectNoSecrets } from '../support/helpers';
import { AUTHOR, sharedTestApp } from '../support/test-app';

describe('users', () => {
  const t = sharedTestApp();
  let author: TestAgent;
  let me: { id: number };
  let other: User;

  beforeAll(async () => {
    author = await t.author();
    me = (await author.get('/api/user').expect(200)).body;
    // A second account straight in the database (registration is closed once the author exists).
    other = await t.app.get(DataSource).getRepository(User).save({
      username: 'other',
      email: 'other@example.com',
      password: 'not-a-real-hash',
      name: 'Other',
      bio: null,
      avatarUrl: null,
      resetToken: 'abc',
      resetTokenExpiry: new Date(),
    });
  });

  it('GET /api/users/:id is public and shows anonymous readers what SPEC §7 lists, nothing used to sign in', async () => {
    const response = await t.agent().get(`/api/users/${me.id}`).expect(200);
    expect(response.body).toEqual({ id: me.id, name: AUTHOR.name, bio: null, avatarUrl: null });
  });

  it('shows the user themself their username and email, and never secrets', async () => {
    const response = await author.get(`/api/users/${me.id}`).expect(200);
    expect(response.body).toMatchObject({ username: AUTHOR.username, email: AUTHOR.email });
    expectNoSecrets(response.body);
  });

  it("hides another user's username, email and secrets from a signed-in user", async () => {
    const response = await author.get(`/api/users/${other.id}`).expect(200);
    expect(response.body).toEqual({ id: other.id, name: 'Other', bio: null, avatarUrl: null });
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    await t.agent().get('/api/users/9999').expect(404);
    await t.agent().get('/api/users/abc').expect(400);
  });

  it('PUT own profile answers 200 with the new name and bio', async () => {
    const response = await author.put(`/api/users/${me.id}`).send({ name: '  اسم جديد ', bio: 'كاتب تقني' }).expect(200);
    expect(response.body).toMatchObject({ id: me.id, name: 'اسم جديد', bio: 'كاتب تقني', email: AUTHOR.email });
    expectNoSecrets(response.body);
    const reread = await t.agent().get(`/api/users/${me.id}`).expect(200);
    expect(reread.body).toMatchObject({ name: 'اسم جديد', bio: 'كاتب تقني' });
  });

  it('an empty bio clears it; leaving bio out keeps it', async () => {
    await author.put(`/api/users/${me.id}`).send({ name: 'اسم جديد', bio: 'باقٍ' }).expect(200);
    expect((await author.put(`/api/users/${me.id}`).send({ name: 'اسم آخر' }).expect(200)).body.bio).toBe('باقٍ');
    expect((await author.put(`/api/users/${me.id}`).send({ name: 'اسم آخر', bio: '' }).expect(200)).body.bio).toBeNull();
  });

  it("PUT another user's profile answers 403 and changes nothing", async () => {
    const response = await author.put(`/api/users/${other.id}`).send({ name: 'Hacked' }).expect(403);
    expect(response.body).toMatchObject({ statusCode: 403, code: 'NOT_YOUR_PROFILE' });
    expect((await t.agent().get(`/api/users/${other.id}`).expect(200)).body.name).toBe('Other');
  });

  it.each([
    ['a one-letter name', { name: 'ا' }],
    ['a blank name', { name: '   ' }],
    ['no name', { bio: 'x' }],
    ['an unknown field', { name: 'Valid', email: 'new@example.com' }],
    ['a password field', { name: 'Valid', password: 'new-password' }],
  ])('PUT with %s answers 400', async (_case, body) => {
    const response = await author.put(`/api/users/${me.id}`).send(body).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400 });
  });

  it('the name error is the Arabic message of SPEC §5', async () => {
    const response = await author.put(`/api/users/${me.id}`).send({ name: 'ا' }).expect(400);
    expect(response.body.message).toContain('الاسم يجب أن يكون على الأقل حرفين');
  });

  it('PUT anonymously answers 401', async () => {
    await t.agent().put(`/api/users/${me.id}`).send({ name: 'Anon' }).expect(401);
  });

  it("a public post carries its author's byline (name and avatar), never the email", async () => {
    const users = t.app.get(DataSource).getRepository(User);
    await users.update(me.id, { avatarUrl: '/uploads/avatar.webp' });
    try {
      const post = await createPost(author, { published: true });
      const response = await t
        .agent()
        .get(`/api/posts/${encodeURIComponent(post.slug)}`)
        .expect(200);
      const { name } = (await t.agent().get(`/api/users/${me.id}`).expect(200)).body;
      expect(response.body.author).toEqual({ name, avatarUrl: '/uploads/avatar.webp' });
      expect(response.text).not.toContain(AUTHOR.email);
      expectNoSecrets(response.body);
    } finally {
      await users.update(me.id, { avatarUrl: null });
    }
  });

  it('a post without an author has no byline', async () => {
    const post = await createPost(author, { published: true });
    await t.app.get(DataSource).getRepository(Post).update(post.id, { authorId: null });
    expect(
      (
        await t
          .agent()
          .get(`/api/posts/${encodeURIComponent(post.slug)}`)
          .expect(200)
      ).body.author,
    ).toBeNull();
  });
});
