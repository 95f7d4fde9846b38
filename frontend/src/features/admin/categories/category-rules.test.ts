import { describe, expect, it } from 'vitest';
import { categoryPayload } from './category-rules';

describe('categoryPayload', () => {
  it('requires a name after trimming', () => {
    expect(categoryPayload('   ', 'x')).toBeNull();
  });
  it('generates the slug from the name when empty', () => {
    expect(categoryPayload(' Web Dev & Design ', '  ')).toEqual({ name: 'Web Dev & Design', slug: 'web-dev-and-design' });
  });
  it('keeps a given slug', () => {
    expect(categoryPayload('تقنية', 'tech')).toEqual({ name: 'تقنية', slug: 'tech' });
  });
});
