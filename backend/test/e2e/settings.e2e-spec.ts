import { DEFAULT_HOME_LAYOUT } from '@mudawwana/rules';
import TestAgent from 'supertest/lib/agent';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp } from '../support/test-app';

describe('settings', () => {
  const t = sharedTestApp();
  let author: TestAgent;

  beforeAll(async () => {
    author = await t.author();
  });

  describe('social links', () => {
    it('GET gives the six networks, all null, on a new blog', async () => {
      const response = await t.agent().get('/api/social-links').expect(200);
      expect(response.body).toEqual({ twitter: null, facebook: null, instagram: null, snapchat: null, linkedin: null, youtube: null });
    });

    it('PUT (200) saves handles or URLs and returns all links; GET reads them back', async () => {
      const response = await author
        .put('/api/social-links')
        .send({ twitter: 'my_handle', instagram: 'https://instagram.com/me', snapchat: ' snap ', linkedin: 'in-name' })
        .expect(200);
      const expected = {
        twitter: 'my_handle',
        facebook: null,
        instagram: 'https://instagram.com/me',
        snapchat: 'snap',
        linkedin: 'in-name',
        youtube: null,
      };
      expect(response.body).toEqual(expected);
      expect((await t.agent().get('/api/social-links').expect(200)).body).toEqual(expected);
    });

    it('PUT keeps the links it is not sent, and an empty value clears one', async () => {
      const response = await author.put('/api/social-links').send({ twitter: '', youtube: 'channel' }).expect(200);
      expect(response.body).toMatchObject({
        twitter: null,
        youtube: 'channel',
        instagram: 'https://instagram.com/me',
        linkedin: 'in-name',
      });
    });

    it('PUT refuses unknown networks and non-strings with 400, and anonymous callers with 401', async () => {
      await author.put('/api/social-links').send({ myspace: 'x' }).expect(400);
      await author.put('/api/social-links').send({ twitter: 5 }).expect(400);
      await t.agent().put('/api/social-links').send({ twitter: 'x' }).expect(401);
      expect((await t.agent().get('/api/social-links')).body.twitter).toBeNull();
    });
  });

  describe('home layout', () => {
    it('GET gives the defaults of SPEC §3 on a new blog', async () => {
      const layout = (await t.agent().get('/api/home-layout').expect(200)).body;
      expect(layout).toEqual(DEFAULT_HOME_LAYOUT);
      // SPEC §3 itself, so that a wrong default in the rules package cannot pass here.
      const everySection = { showHero: true, showFeaturedPost: true, showLatestPosts: true, showCategories: true, showNewsletter: true };
      expect(layout).toMatchObject({ ...everySection, latestPostsCount: 3, categoriesCount: 4, postsPerCategory: 3 });
    });

    it('PUT (200) changes only the fields it is sent', async () => {
      const response = await author.put('/api/home-layout').send({ showHero: false, latestPostsCount: 6, heroTitle: 'مرحباً' }).expect(200);
      const expected = { ...DEFAULT_HOME_LAYOUT, showHero: false, latestPostsCount: 6, heroTitle: 'مرحباً' };
      expect(response.body).toEqual(expected);
      expect((await t.agent().get('/api/home-layout').expect(200)).body).toEqual(expected);

      const next = await author
        .put('/api/home-layout')
        .send({ heroBgColor: '#2563eb', categoriesCount: 12, postsPerCategory: 10 })
        .expect(200);
      expect(next.body).toEqual({ ...expected, heroBgColor: '#2563eb', categoriesCount: 12, postsPerCategory: 10 });
    });

    it.each([
      ['latestPostsCount 13', { latestPostsCount: 13 }],
      ['latestPostsCount 0', { latestPostsCount: 0 }],
      ['latestPostsCount 2.5', { latestPostsCount: 2.5 }],
      ['latestPostsCount as a string', { latestPostsCount: '5' }],
      ['categoriesCount 13', { categoriesCount: 13 }],
      ['categoriesCount 0', { categoriesCount: 0 }],
      ['postsPerCategory 11', { postsPerCategory: 11 }],
      ['postsPerCategory 0', { postsPerCategory: 0 }],
      ["heroBgColor 'red;}'", { heroBgColor: 'red;}' }],
      ['heroBgColor with CSS injection', { heroBgColor: '#fff;background:url(x)' }],
      ['showHero as a string', { showHero: 'false' }],
      ['an unknown field', { showFooter: true }],
      ['a valid field next to an invalid one', { showNewsletter: false, latestPostsCount: 99 }],
    ])('PUT refuses %s with 400 and changes nothing', async (_case, body) => {
      const before = (await t.agent().get('/api/home-layout')).body;
      const response = await author.put('/api/home-layout').send(body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message: expect.anything() });
      expect((await t.agent().get('/api/home-layout')).body).toEqual(before);
    });

    it('an empty hero text or colour goes back to the default (null)', async () => {
      const response = await author.put('/api/home-layout').send({ heroTitle: '', heroBgColor: '  ' }).expect(200);
      expect(response.body).toMatchObject({ heroTitle: null, heroBgColor: null });
    });

    it('PUT anonymously answers 401', async () => {
      await t.agent().put('/api/home-layout').send({ showHero: true }).expect(401);
    });
  });
});
