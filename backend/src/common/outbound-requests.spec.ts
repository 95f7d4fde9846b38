import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, OutboundRequests, privateAddressRefusal, type Resolver } from './outbound-requests';

/** A server on 127.0.0.1 counting what it is asked; `redirectTo` makes it answer 302 there. */
async function server(redirectTo?: () => string): Promise<{ server: Server; origin: string; host: string; requests: string[] }> {
  const requests: string[] = [];
  const started = createServer((request, response) => {
    requests.push(request.url ?? '/');
    if (redirectTo) response.writeHead(302, { location: redirectTo() }).end();
    else response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(started.address() as AddressInfo).port}`;
  return { server: started, origin: `http://${host}`, host, requests };
}

/** A fetch the guard refused: its reason, or a failure of the test if it went through or failed otherwise. */
async function refusal(request: Promise<Response>): Promise<string> {
  const error = await request.then(
    (response) => new Error(`answered ${response.status}`),
    (failure: unknown) => failure,
  );
  const refused = privateAddressRefusal(error);
  if (!refused) throw error;
  return refused.message;
}

describe('which addresses are public', () => {
  it('refuses every special range, IPv4 inside IPv6 judged as IPv4', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      '2001:db8::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('lets public unicast addresses through', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

/** Real servers on 127.0.0.1 and real connections; only the name resolution is the test's where it says so. */
describe('requests through the guard', () => {
  let trap: Awaited<ReturnType<typeof server>>;
  let redirector: Awaited<ReturnType<typeof server>>;
  let open: Awaited<ReturnType<typeof server>>;
  let redirectTarget = '';

  beforeAll(async () => {
    trap = await server();
    open = await server();
    redirector = await server(() => redirectTarget);
  });
  afterAll(async () => {
    for (const { server: started } of [trap, open, redirector]) await new Promise((resolve) => started.close(resolve));
  });

  it('refuses a private address literal before any connection', async () => {
    const guard = new OutboundRequests([]);
    expect(await refusal(guard.fetch(`${trap.origin}/x`))).toBe(
      '127.0.0.1 is a private network address, not in OUTBOUND_ALLOW_PRIVATE_HOSTS',
    );
    await expect(refusal(guard.fetch(`http://[::1]:${new URL(trap.origin).port}/`))).resolves.toMatch(/^::1 is a private/);
    expect(trap.requests).toEqual([]);
    await guard.onApplicationShutdown();
  });

  it('refuses a name that resolves to a private address at the connection (as after a DNS rebinding)', async () => {
    // The name answers a public address, then a private one: the guard resolves it when it connects, and connects
    // only to what it checked, so whatever a check before the request saw, the connection goes nowhere private.
    const answers = [['93.184.215.14'], ['127.0.0.1']];
    const asked: string[] = [];
    const rebinding: Resolver = async (hostname) => {
      asked.push(hostname);
      return (answers.shift() ?? ['127.0.0.1']).map((address) => ({ address, family: 4 }));
    };
    const guard = new OutboundRequests([], rebinding);
    // A check before the request (as Fedify's) would have seen this:
    expect(await rebinding('blog.example')).toEqual([{ address: '93.184.215.14', family: 4 }]);
    const port = new URL(trap.origin).port;
    expect(await refusal(guard.fetch(`http://blog.example:${port}/image.jpg`))).toBe(
      'blog.example (127.0.0.1) is a private network address, not in OUTBOUND_ALLOW_PRIVATE_HOSTS',
    );
    // A name with one private address among public ones is refused too.
    const mixed = new OutboundRequests([], async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ]);
    await expect(refusal(mixed.fetch(`http://mixed.example:${port}/`))).resolves.toMatch(/^mixed.example \(10.0.0.5\)/);
    expect(asked).toEqual(['blog.example', 'blog.example']);
    expect(trap.requests).toEqual([]);
    await guard.onApplicationShutdown();
    await mixed.onApplicationShutdown();
  });

  it('reaches an allowed host (host:port), and refuses where it redirects if that is private and not allowed', async () => {
    const guard = new OutboundRequests([redirector.host, open.host]);
    expect(await (await guard.fetch(`${open.origin}/allowed`)).text()).toBe('ok');
    redirectTarget = `${trap.origin}/metadata`;
    expect(await refusal(guard.fetch(`${redirector.origin}/old-image.jpg`))).toMatch(/^127.0.0.1 is a private network address/);
    expect(redirector.requests).toEqual(['/old-image.jpg']);
    // Redirected to an allowed host, it follows.
    redirectTarget = `${open.origin}/moved`;
    expect((await guard.fetch(`${redirector.origin}/moved-image.jpg`)).status).toBe(200);
    expect(open.requests).toEqual(['/allowed', '/moved']);
    expect(trap.requests).toEqual([]);
    await guard.onApplicationShutdown();
  });

  it('guards the global fetch only inside run(), and work started there', async () => {
    const guard = new OutboundRequests([]);
    await expect(refusal(guard.run(() => fetch(`${trap.origin}/inside`)))).resolves.toMatch(/private network address/);
    const later = guard.run(
      () =>
        new Promise<Response>((resolve, reject) => {
          setTimeout(() => void fetch(`${trap.origin}/later`).then(resolve, reject), 1);
        }),
    );
    await expect(refusal(later)).resolves.toMatch(/private network address/);
    expect(trap.requests).toEqual([]);
    // Outside, the process's requests are as before (the tests' own calls to the app on 127.0.0.1, a library's).
    expect((await fetch(`${open.origin}/outside`)).status).toBe(200);
    expect(open.requests).toContain('/outside');
    await guard.onApplicationShutdown();
  });
});
