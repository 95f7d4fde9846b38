import { describe, expect, it } from 'vitest';
import { uniqueSlug } from './unique-slug';

const takenIn = (slugs: string[]) => {
  const set = new Set(slugs);
  return async (slug: string) => set.has(slug);
};

describe('uniqueSlug', () => {
  it('keeps a free slug', async () => {
    expect(await uniqueSlug('hello', takenIn([]))).toBe('hello');
  });

  it('adds -2 when the slug is taken', async () => {
    expect(await uniqueSlug('hello', takenIn(['hello']))).toBe('hello-2');
  });

  it('counts up to the first free suffix', async () => {
    expect(await uniqueSlug('hello', takenIn(['hello', 'hello-2', 'hello-3']))).toBe('hello-4');
  });

  it('works for Arabic slugs', async () => {
    expect(await uniqueSlug('مرحبا', takenIn(['مرحبا']))).toBe('مرحبا-2');
  });
});
