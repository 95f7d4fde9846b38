import { describe, expect, it } from 'vitest';
import type { RedirectStatus } from '@mudawwana/rules';
import { ContentEvents } from '../common/content-events';
import type { RedirectsService } from '../redirects/redirects.service';
import { AddressHashes } from './address-hashes';
import { SiteRedirects } from './site-redirects';

type Table = Record<string, { toPath: string; status: RedirectStatus }>;

/**
 * SiteRedirects over a table in memory: the addresses it reads of it, how often it reads all its addresses (to hash
 * them), and a way to hold a read while a change arrives.
 */
function lookups(table: Table) {
  const reads: string[][] = [];
  const wholeReads = { count: 0 };
  let held: Promise<void> | undefined;
  const service = {
    targetsOf: async (keys: readonly string[]) => {
      reads.push([...keys]);
      const found = new Map(keys.filter((key) => table[key]).map((key) => [key, table[key]]));
      await held;
      return found;
    },
    fromPathBatches: async function* (batch: number) {
      wholeReads.count += 1;
      const keys = Object.keys(table);
      await held;
      for (let start = 0; start < keys.length; start += batch) yield keys.slice(start, start + batch);
    },
  } as unknown as RedirectsService;
  const events = new ContentEvents();
  const site = new SiteRedirects(service, events);
  site.onModuleInit();
  const hold = () => {
    let release = () => {};
    held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      held = undefined;
      release();
    };
  };
  return { site, events, reads, wholeReads, hold };
}

/** Lets reads under way (the hashes of the table's addresses) finish. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SiteRedirects', () => {
  it('reads an address the table holds once, then answers from memory; one it does not hold costs no read', async () => {
    const { site, reads, wholeReads } = lookups({ [`/مقال-قديم`]: { toPath: '/post/مقال', status: 301 } });
    const found = { status: 301, location: `/post/${encodeURIComponent('مقال')}` };
    expect(await site.insteadOfNotFound(`/${encodeURIComponent('مقال-قديم')}/`)).toEqual(found);
    await settle();
    expect(await site.insteadOfNotFound('/مقال-قديم')).toEqual(found);
    expect(await site.insteadOfNotFound('/no-such')).toBeUndefined();
    expect(await site.insteadOfNotFound('/no-such/?ref=x')).toBeUndefined();
    expect(reads).toEqual([['/مقال-قديم']]);
    expect(wholeReads.count).toBe(1);
  });

  it('reads every address until the hashes of the table are in', async () => {
    const { site, reads, hold } = lookups({ '/old': { toPath: '/a', status: 301 } });
    const release = hold();
    const first = site.insteadOfNotFound('/first');
    release();
    expect(await first).toBeUndefined();
    await settle();
    expect(await site.insteadOfNotFound('/second')).toBeUndefined();
    expect(await site.insteadOfNotFound('/old')).toEqual({ status: 301, location: '/a' });
    expect(reads).toEqual([['/first'], ['/old']]);
  });

  it('looks an address up with its query first, then without', async () => {
    const { site, reads } = lookups({
      '/old': { toPath: '/a', status: 301 },
      '/both?x=1': { toPath: '/b', status: 302 },
      '/both': { toPath: '/c', status: 301 },
    });
    await site.insteadOfNotFound('/warm-up');
    await settle();
    expect(await site.insteadOfNotFound('/old?ref=1')).toEqual({ status: 301, location: '/a' });
    expect(await site.insteadOfNotFound('/both?x=1')).toEqual({ status: 302, location: '/b' });
    expect(await site.insteadOfNotFound('/both?x=2')).toEqual({ status: 301, location: '/c' });
    expect(reads).toEqual([['/warm-up'], ['/old'], ['/both?x=1', '/both']]);
  });

  it('looks up before the page only an address whose query no page reads', async () => {
    const { site, reads } = lookups({ '/?p=12': { toPath: '/post/x', status: 301 } });
    for (const url of ['/', '/post/x', '/?page=2', '/category/x?page=2&view=all', '/?utm_source=x&fbclid=y']) {
      expect(site.beforePage(url), url).toBeUndefined();
    }
    expect(await site.beforePage('/?utm_source=x&p=12')).toEqual({ status: 301, location: '/post/x' });
    await settle();
    expect(await site.beforePage('/?p=13')).toBeUndefined();
    expect(reads).toEqual([['/?p=12']]);
  });

  it("forgets what it knows at a change of the table, of everything or behind the app's back, and only then", async () => {
    const { site, events, wholeReads } = lookups({ '/x': { toPath: '/y', status: 301 } });
    const lookUp = async () => {
      await site.insteadOfNotFound('/x');
      await settle();
      return wholeReads.count;
    };
    expect(await lookUp()).toBe(1);
    await events.notify('local', ['post:1', 'posts']);
    expect(await lookUp()).toBe(1);
    await events.notify('remote', ['redirects']);
    expect(await lookUp()).toBe(2);
    await events.notify('local', ['*']);
    expect(await lookUp()).toBe(3);
    await events.notify('outside');
    expect(await lookUp()).toBe(4);
  });

  it('keeps nothing of a read that a change overtook', async () => {
    const table: Table = {};
    const { site, events, reads, hold } = lookups(table);
    const release = hold();
    const answer = site.insteadOfNotFound('/raced');
    table['/raced'] = { toPath: '/new', status: 301 };
    await events.notify('remote', ['redirects']);
    release();
    expect(await answer).toBeUndefined();
    expect(await site.insteadOfNotFound('/raced')).toEqual({ status: 301, location: '/new' });
    await settle();
    expect(await site.insteadOfNotFound('/raced')).toEqual({ status: 301, location: '/new' });
    expect(reads).toEqual([['/raced'], ['/raced']]);
  });

  it('keeps a bounded number of characters of answers, dropping the least recently used first', async () => {
    const address = (index: number) => `/${String(index).padStart(4, '0')}${'x'.repeat(3995)}`;
    const long = `/${'y'.repeat(6000)}`;
    const table: Table = { [long]: { toPath: '/z', status: 301 } };
    for (let index = 0; index < 200; index += 1) table[address(index)] = { toPath: '/z', status: 301 };
    const { site, reads } = lookups(table);
    for (let index = 0; index < 200; index += 1) await site.insteadOfNotFound(address(index));
    // 200 addresses of 4,000 characters: the first 75 or so no longer fit in 500,000
    await site.insteadOfNotFound(address(199));
    await site.insteadOfNotFound(address(0));
    expect(reads).toHaveLength(201);
    expect(reads.at(-1)).toEqual([address(0)]);
    // an address longer than a hundredth of the bound is never kept
    await site.insteadOfNotFound(long);
    await site.insteadOfNotFound(long);
    expect(reads).toHaveLength(203);
  });
});

describe('AddressHashes', () => {
  it('holds every address of its set and, of 100,000 others, wrongly matches almost none', () => {
    const held = Array.from({ length: 100_000 }, (_, index) => `/archives/${index}`);
    const hashes = AddressHashes.of(held.map(AddressHashes.hash));
    expect(held.every((address) => hashes.has(address))).toBe(true);
    const others = Array.from({ length: 100_000 }, (_, index) => `/مقال-${index}?ref=${index}`);
    expect(others.filter((address) => hashes.has(address)).length).toBeLessThan(10);
    expect(AddressHashes.of([]).has('/')).toBe(false);
  });
});
