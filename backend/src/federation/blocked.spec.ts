import { describe, expect, it } from 'vitest';
import { blockOf, blockValuesOf, hostIsBlockedBy } from './blocked';

describe('blocks', () => {
  it('reads a host name (any case, IDN as punycode, a leading @ or *. dropped) or an actor id', () => {
    expect(blockOf(' Spam.Example ')).toEqual({ kind: 'domain', value: 'spam.example' });
    expect(blockOf('*.spam.example')).toEqual({ kind: 'domain', value: 'spam.example' });
    expect(blockOf('@spam.example')).toEqual({ kind: 'domain', value: 'spam.example' });
    expect(blockOf('مثال.السعودية')).toEqual({ kind: 'domain', value: 'xn--mgbh0fb.xn--mgberp4a5d4ar' });
    expect(blockOf('https://spam.example/users/x')).toEqual({ kind: 'actor', value: 'https://spam.example/users/x' });
    for (const bad of ['localhost', 'not a host', 'ftp://x.example/u', '@only', 'a.b/c', 'user@spam.example'])
      expect(blockOf(bad)).toBeNull();
  });

  it('matches a server and every subdomain, not a look-alike', () => {
    expect(hostIsBlockedBy('spam.example', 'spam.example')).toBe(true);
    expect(hostIsBlockedBy('eu.spam.example', 'spam.example')).toBe(true);
    expect(hostIsBlockedBy('notspam.example', 'spam.example')).toBe(false);
    expect(blockValuesOf('https://a.b.example:8443/users/x')).toEqual([
      'https://a.b.example:8443/users/x',
      'a.b.example',
      'b.example',
      'example',
    ]);
  });
});
