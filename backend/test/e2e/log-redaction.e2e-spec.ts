import { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../support/output';
import { sharedTestApp } from '../support/test-app';

/** Shaped like the app's tokens (32 random bytes, base64url): mixed case and digits. */
const CONFIRM_TOKEN = 'Cf7kQ2xW9vLm3nB7tY5uI8oP1aS4dF6gH0jK2LzXcVb';
const UNSUBSCRIBE_TOKEN = 'Un5hJ8kL2mN4bV6cX9zA1sD3fG7hQwErTyUiOp0Ka1b';
const PATH_TOKEN = 'Pa4tH9sEgMeNt2Q7wE1rT5yU8iO3pAsDfGhJkL6zXcV';

describe('tokens never reach the log', () => {
  const t = sharedTestApp();

  it('a request that fails (and is logged) with a token in its query or path is logged without the token', async () => {
    // The database goes away: each of these requests fails unexpectedly, and the server logs it with its URL.
    const dataSource = t.app.get(DataSource);
    await dataSource.destroy();
    const output = captureOutput();
    try {
      await t.agent().get(`/api/newsletter/confirm?token=${CONFIRM_TOKEN}`).expect(500);
      await t.agent().get(`/api/newsletter/unsubscribe?lang=ar&token=${UNSUBSCRIBE_TOKEN}`).expect(500);
      await t.agent().get(`/api/categories/${PATH_TOKEN}`).expect(500);
    } finally {
      output.restore();
      await dataSource.initialize();
    }
    const log = output.text();
    expect(log).toContain('GET /api/newsletter/confirm?token=[redacted]');
    expect(log).toContain('GET /api/newsletter/unsubscribe?lang=ar&token=[redacted]');
    expect(log).toContain('GET /api/categories/[redacted]');
    for (const token of [CONFIRM_TOKEN, UNSUBSCRIBE_TOKEN, PATH_TOKEN]) expect(log).not.toContain(token);
  });
});
