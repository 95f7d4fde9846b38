import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=Abc123_-xyzXYZ0987654321', '/reset-password?token=[redacted]'],
    ['/api/newsletter/confirm?token=q9W-Zx&utm=mail', '/api/newsletter/confirm?token=[redacted]&utm=mail'],
    ['/api/newsletter/unsubscribe?a=1&resetToken=secret#top', '/api/newsletter/unsubscribe?a=1&resetToken=[redacted]#top'],
    ['/newsletter/confirm/Q2xW9vLm3nB7tY5uI8oP1aS4dF6gH0jK', '/newsletter/confirm/[redacted]'],
    ['/newsletter/unsubscribe/Q2xW9vLm3nB7tY5uI8oP1aS4dF6gH0jK?x=1', '/newsletter/unsubscribe/[redacted]?x=1'],
    ['/api/posts?key=mdw_AbCdEf123', '/api/posts?key=mdw_[redacted]'],
    ['/auth?setupCode=ABCD-EFGH-JKMN', '/auth?setupCode=[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves URLs without secrets as they are (slugs are lower-case, even long ones with digits)', () => {
    for (const url of [
      '/',
      '/post/what-i-learned-in-2025-about-typescript',
      '/category/tech?page=2',
      '/sitemap-3.xml',
      '/search?q=Token2025',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
