import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../support/test-app';

describe('health and defaults', () => {
  const t = sharedTestApp();

  it('reports the database as reachable', async () => {
    const response = await t.agent().get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('creates the five header categories on first start', async () => {
    const response = await t.agent().get('/api/categories').expect(200);
    expect(response.body.map((category: { slug: string }) => category.slug)).toEqual([
      'marketing',
      'artificial-intelligence',
      'entrepreneurship',
      'humanities',
      'work-life',
    ]);
    expect(response.body[0]).toEqual({ id: expect.any(Number), name: 'التسويق', slug: 'marketing', postCount: 0 });
  });

  it("keeps an idle connection open longer than a proxy in front would (65 s, not Node's 5 s)", async () => {
    // A client reusing a connection the server has just closed gets ECONNRESET on its next request.
    const response = await t.agent().get('/api/health').set('Connection', 'keep-alive').expect(200);
    expect(response.headers['keep-alive']).toBe('timeout=65');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.agent().get('/api/nothing-here').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
