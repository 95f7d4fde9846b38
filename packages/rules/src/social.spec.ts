import { describe, expect, it } from 'vitest';
import { SOCIAL_NETWORKS, socialLinkUrl } from './social.js';

describe('socialLinkUrl', () => {
  it('prefixes a handle with the network profile address', () => {
    expect(socialLinkUrl('twitter', 'jack')).toBe('https://twitter.com/jack');
    expect(socialLinkUrl('instagram', 'me')).toBe('https://instagram.com/me');
    expect(socialLinkUrl('snapchat', 'snap')).toBe('https://snapchat.com/add/snap');
    expect(socialLinkUrl('linkedin', 'someone')).toBe('https://linkedin.com/in/someone');
  });

  it("drops a leading '@' and surrounding spaces from a handle", () => {
    expect(socialLinkUrl('twitter', '  @jack ')).toBe('https://twitter.com/jack');
  });

  it('keeps a value starting with http as a full URL', () => {
    expect(socialLinkUrl('twitter', 'https://x.com/jack')).toBe('https://x.com/jack');
    expect(socialLinkUrl('linkedin', 'http://linkedin.com/in/x')).toBe('http://linkedin.com/in/x');
    expect(socialLinkUrl('youtube', 'HTTPS://youtube.com/@chan')).toBe('HTTPS://youtube.com/@chan');
  });

  it('gives no link for an empty value', () => {
    expect(socialLinkUrl('twitter', '')).toBeNull();
    expect(socialLinkUrl('twitter', '   ')).toBeNull();
    expect(socialLinkUrl('twitter', null)).toBeNull();
    expect(socialLinkUrl('twitter', undefined)).toBeNull();
  });

  it('knows the six networks of SPEC §3', () => {
    expect([...SOCIAL_NETWORKS].sort()).toEqual(['facebook', 'instagram', 'linkedin', 'snapchat', 'twitter', 'youtube']);
    for (const network of SOCIAL_NETWORKS) expect(socialLinkUrl(network, 'h')).toMatch(/^https:\/\/.+h$/);
  });
});
