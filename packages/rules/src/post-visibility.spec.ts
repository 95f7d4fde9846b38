import { describe, expect, it } from 'vitest';
import { isPublicNow, isScheduled, publicationStatus, type PostTiming } from './post-visibility.js';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const PAST = new Date('2026-05-01T11:59:59.000Z');
const FUTURE = new Date('2026-05-01T12:00:01.000Z');

describe('post visibility', () => {
  it.each<[string, PostTiming, boolean, boolean, string]>([
    ['a draft', { published: false, publishAt: null }, false, false, 'draft'],
    ['a draft with a time to come', { published: false, publishAt: FUTURE }, false, false, 'draft'],
    ['a draft whose time has passed', { published: false, publishAt: PAST }, false, false, 'draft'],
    ['published with no time', { published: true, publishAt: null }, true, false, 'published'],
    ['published with no time field', { published: true }, true, false, 'published'],
    ['published, its time passed', { published: true, publishAt: PAST }, true, false, 'published'],
    ['published, its time exactly now', { published: true, publishAt: NOW }, true, false, 'published'],
    ['published, a time to come', { published: true, publishAt: FUTURE }, false, true, 'scheduled'],
  ])('%s: public %s, scheduled %s, status %s', (_name, post, publicNow, scheduled, status) => {
    expect(isPublicNow(post, NOW)).toBe(publicNow);
    expect(isScheduled(post, NOW)).toBe(scheduled);
    expect(publicationStatus(post, NOW)).toBe(status);
  });

  it('reads a time given as ISO text (the JSON of the API) like a Date', () => {
    expect(isScheduled({ published: true, publishAt: FUTURE.toISOString() }, NOW)).toBe(true);
    expect(isPublicNow({ published: true, publishAt: FUTURE.toISOString() }, NOW)).toBe(false);
    expect(isPublicNow({ published: true, publishAt: PAST.toISOString() }, NOW)).toBe(true);
    expect(publicationStatus({ published: true, publishAt: '2026-05-02T00:00:00+03:00' }, NOW)).toBe('scheduled');
  });

  it('a scheduled post becomes public the moment its time comes', () => {
    const post = { published: true, publishAt: FUTURE };
    expect(isPublicNow(post, NOW)).toBe(false);
    expect(isPublicNow(post, FUTURE)).toBe(true);
    expect(isScheduled(post, FUTURE)).toBe(false);
  });
});
