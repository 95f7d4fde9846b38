import { describe, expect, it } from 'vitest';
import { HtmlCache } from './html-cache';

const page = (body: string) => ({ status: 200, body, contentType: 'text/html' });

describe('HtmlCache', () => {
  it('serves what was stored until cleared', () => {
    const cache = new HtmlCache();
    cache.set('/a', page('A'), cache.currentGeneration);
    expect(cache.get('/a')?.body).toBe('A');
    cache.clear();
    expect(cache.get('/a')).toBeUndefined();
  });

  it('drops a render that started before a content change', () => {
    const cache = new HtmlCache();
    const generation = cache.currentGeneration;
    cache.clear();
    cache.set('/a', page('stale'), generation);
    expect(cache.get('/a')).toBeUndefined();
  });

  it('evicts the least recently used entry beyond its bound', () => {
    const cache = new HtmlCache(2);
    cache.set('/a', page('A'), 0);
    cache.set('/b', page('B'), 0);
    cache.get('/a');
    cache.set('/c', page('C'), 0);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')?.body).toBe('A');
    expect(cache.size).toBe(2);
  });
});
