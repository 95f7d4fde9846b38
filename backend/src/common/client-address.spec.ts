import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, in either notation', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientAddressKey('0:0:0:0:0:ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:aa:bb::/64';
    expect(clientAddressKey('2001:db8:aa:bb::1')).toBe(key);
    expect(clientAddressKey('2001:db8:aa:bb:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientAddressKey('2001:0DB8:00aa:00bb:0:0:0:7')).toBe(key);
    expect(clientAddressKey('2001:db8:aa:bc::1')).not.toBe(key);
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps anything that is not an address as it came (or "unknown")', () => {
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('not-an-address')).toBe('not-an-address');
  });
});
