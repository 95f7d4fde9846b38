import { describe, expect, it } from 'vitest';
import { socialFormFrom, socialPayload, toUsername } from './social-form';

describe('social settings form', () => {
  it('shows stored values as usernames', () => {
    expect(toUsername('twitter', 'https://twitter.com/ahmad')).toBe('ahmad');
    expect(toUsername('twitter', 'https://www.twitter.com/ahmad/')).toBe('ahmad');
    expect(toUsername('linkedin', 'https://linkedin.com/in/sara')).toBe('sara');
    expect(toUsername('instagram', '@insta')).toBe('insta');
    expect(toUsername('snapchat', null)).toBe('');
  });
  it('keeps a full URL on another host as typed', () => {
    expect(toUsername('twitter', 'https://x.com/ahmad')).toBe('https://x.com/ahmad');
  });
  it('builds the form and the payload', () => {
    const form = socialFormFrom({ twitter: 'a', instagram: null });
    expect(form).toEqual({ twitter: 'a', instagram: '', snapchat: '', linkedin: '' });
    expect(socialPayload({ ...form, linkedin: '  me ' })).toEqual({ twitter: 'a', instagram: '', snapchat: '', linkedin: 'me' });
  });
});
