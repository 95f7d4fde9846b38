import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { OutboundRequests, privateAddressRefusal } from '../common/outbound-requests';
import { FederationLoaders } from './federation-loaders';

/** Fedify's loaders as the blog builds them: through the outbound guard, on a real server standing for a private host. */
describe("the federation's document loaders", () => {
  it('refuse other schemes, and a private address not allowed without a request; fetch an allowed one', async () => {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? '/');
      response.writeHead(200, { 'content-type': 'application/activity+json' }).end('{"id":"x"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const strict = new FederationLoaders(new OutboundRequests([])).documentLoaderFactory()();
      for (const url of ['file:///etc/passwd', 'gopher://10.0.0.1/', 'data:application/json,{}']) {
        await expect(strict(url), url).rejects.toThrow(/Not an http\(s\) URL/);
      }
      const refused = await strict(`${origin}/users/mallory`).catch((error: unknown) => error);
      expect(privateAddressRefusal(refused)?.message).toMatch(/^127\.0\.0\.1 is a private network address/);
      expect(requests).toEqual([]);

      const allowing = new FederationLoaders(new OutboundRequests([new URL(origin).host])).documentLoaderFactory()();
      expect((await allowing(`${origin}/users/alice`)).document).toEqual({ id: 'x' });
      expect(requests).toEqual(['/users/alice']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
