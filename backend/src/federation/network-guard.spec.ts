import { describe, expect, it } from 'vitest';
import { NetworkGuard } from './network-guard';

/** Only address literals and names refused by name: nothing here needs DNS or the network. */
describe('the network guard', () => {
  const guard = new NetworkGuard(['127.0.0.1:4567', 'mastodon.internal']);

  it('refuses private, loopback, link-local and unique-local addresses, localhost and other schemes', async () => {
    for (const url of [
      'http://10.0.0.1/users/x',
      'https://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:9999/inbox',
      'http://192.168.1.10/',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://localhost/users/x',
      'file:///etc/passwd',
      'gopher://10.0.0.1/',
    ]) {
      await expect(guard.check(url), url).rejects.toThrow();
    }
  });

  it('lets through a host the operator allowed, by host and port or by host', async () => {
    await expect(guard.check('http://127.0.0.1:4567/users/alice')).resolves.toBeUndefined();
    expect(guard.allowListed('http://127.0.0.1:4568/')).toBe(false);
    expect(guard.allowListed('https://mastodon.internal/inbox')).toBe(true);
    expect(guard.allowListed('https://Mastodon.Internal:8443/inbox')).toBe(true);
  });

  it('lets through a public address', async () => {
    await expect(guard.check('https://93.184.215.14/users/x')).resolves.toBeUndefined();
  });
});
