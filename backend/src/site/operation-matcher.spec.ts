import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationMatcher, type OpenApiPaths } from '@mudawwana/rules';

// The API's own document (openapi/openapi.json, written from the controllers as the app builds it at start-up).
const { paths } = JSON.parse(readFileSync(join(__dirname, '../../../openapi/openapi.json'), 'utf8')) as { paths: OpenApiPaths };
const match = operationMatcher(paths);

describe('operationMatcher', () => {
  it('names the GET operation of a URL the generated client built, with its path parameters decoded', () => {
    expect(match('/api/posts')).toEqual({ operationId: 'listPosts', pathParams: {} });
    expect(match('/api/posts/مرحبا-بالعالم')).toEqual({ operationId: 'getPostBySlug', pathParams: { idOrSlug: 'مرحبا-بالعالم' } });
    expect(match('/api/tags/%D9%88%D8%B3%D9%85')).toEqual({ operationId: 'getTag', pathParams: { slug: 'وسم' } });
    expect(match('/api/categories/news')).toEqual({ operationId: 'getCategoryBySlug', pathParams: { idOrSlug: 'news' } });
  });

  it('prefers a literal segment to a parameter, whatever order the document lists them in', () => {
    expect(match('/api/posts/featured')?.operationId).toBe('getFeaturedPost');
    expect(match('/api/posts/counts')?.operationId).toBe('countPosts');
    const reversed = operationMatcher(Object.fromEntries(Object.entries(paths).reverse()));
    expect(reversed('/api/posts/featured')?.operationId).toBe('getFeaturedPost');
  });

  it('matches no operation for a URL of no GET path (a missing or extra segment, an empty slug, another method)', () => {
    expect(match('/api/posts/a/b')).toBeUndefined();
    expect(match('/api/posts/')).toBeUndefined();
    expect(match('/api/nothing')).toBeUndefined();
    expect(match('/api/auth/login')).toBeUndefined();
  });
});
