import { describe, expect, it } from 'vitest';
import type { RedirectStatus } from '@mudawwana/rules';
import { ContentEvents } from '../common/content-events';
import type { RedirectsService } from '../redirects/redirects.service';
import { SiteRedirects } from './site-redirects';

type Table = Record<string, { toPath: string; status: RedirectStatus }>;

/** SiteRedirects over a table in memory: what it reads of it, and a way to hold a read while a change arrives. */
function lookups(table: Table) {
  const reads: string[][] = [];
  let held: Promise<void> | undefined;
  const service = {
    targetsOf: async (keys: readonly string[]) => {
      reads.push([...keys]);
      await held;
      return new Map(keys.filter((key) => table[key]).map((key) => [key, table[key]]));
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
  return { site, events, reads, hold };
}

describe('SiteRedirects', () => {
  it('reads an address once, then answers from memory, a redirect or none', async () => {
    const { site, reads } = lookups({ [`/مقال-قديم`]: { toPath: '/post/مقال', status: 301 } });
    const found = { status: 301, location: `/post/${encodeURIComponent('مقال')}` };
    expect(await site.insteadOfNotFound(`/${encodeURIComponent('مقال-قديم')}/`)).toEqual(found);
    expect(await site.insteadOfNotFound('/مقال-قديم')).toEqual(found);
    expect(await site.insteadOfNotFound('/no-such')).toBeUndefined();
    expect(await site.insteadOfNotFound('/no-such/')).toBeUndefined();
    expect(reads).toEqual([['/مقال-قديم'], ['/no-such']]);
  });

  it('looks an address up with its query first, then without', async () => {
    const { site, reads } = lookups({
      '/old': { toPath: '/a', status: 301 },
      '/both?x=1': { toPath: '/b', status: 302 },
      '/both': { toPath: '/c', status: 301 },
    });
    expect(await site.insteadOfNotFound('/old?ref=1')).toEqual({ status: 301, location: '/a' });
    expect(await site.insteadOfNotFound('/both?x=1')).toEqual({ status: 302, location: '/b' });
    expect(await site.insteadOfNotFound('/both?x=2')).toEqual({ status: 301, location: '/c' });
    expect(reads).toEqual([['/old?ref=1', '/old'], ['/both?x=1', '/both'], ['/both?x=2']]);
  });

  it('looks up before the page only an address whose query no page reads', async () => {
    const { site, reads } = lookups({ '/?p=12': { toPath: '/post/x', status: 301 } });
    for (const url of ['/', '/post/x', '/?page=2', '/category/x?page=2&view=all', '/?utm_source=x&fbclid=y']) {
      expect(site.beforePage(url), url).toBeUndefined();
    }
    expect(await site.beforePage('/?utm_source=x&p=12')).toEqual({ status: 301, location: '/post/x' });
    expect(await site.beforePage('/?p=13')).toBeUndefined();
    expect(reads).toEqual([['/?p=12'], ['/?p=13']]);
  });

  it("forgets what it knows at a change of the table, of everything or behind the app's back, and only then", async () => {
    const { site, events, reads } = lookups({});
    const lookUp = async () => {
      await site.insteadOfNotFound('/x');
      return reads.length;
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
    const { site, events, reads, hold } = lookups({});
    const release = hold();
    const answer = site.insteadOfNotFound('/raced');
    await events.notify('remote', ['redirects']);
    release();
    expect(await answer).toBeUndefined();
    await site.insteadOfNotFound('/raced');
    expect(reads).toEqual([['/raced'], ['/raced']]);
  });

  it('keeps a bounded number of characters, dropping the least recently used first', async () => {
    const { site, reads } = lookups({});
    const address = (index: number) => `/${String(index).padStart(4, '0')}${'x'.repeat(3995)}`;
    for (let index = 0; index < 200; index += 1) await site.insteadOfNotFound(address(index));
    // 200 addresses of 4,000 characters: the first 75 or so no longer fit in 500,000
    await site.insteadOfNotFound(address(199));
    await site.insteadOfNotFound(address(0));
    expect(reads).toHaveLength(201);
    expect(reads.at(-1)).toEqual([address(0)]);
    // an address longer than a hundredth of the bound is never kept
    await site.insteadOfNotFound(`/${'y'.repeat(6000)}`);
    await site.insteadOfNotFound(`/${'y'.repeat(6000)}`);
    expect(reads).toHaveLength(203);
  });
});
