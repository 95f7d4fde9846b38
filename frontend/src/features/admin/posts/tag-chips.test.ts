import { describe, expect, it } from 'vitest';
import { buildPostPayload, emptyPostForm } from '@/lib/post-payload';
import { addTags, removeTag, splitTyped } from './tag-chips';

describe('tag chips', () => {
  it('turns text up to the last comma (Latin or Arabic) into tags and keeps the rest as the tag being typed', () => {
    expect(splitTyped('react, , javascript ,برمجة')).toEqual({ finished: ['react', 'javascript'], draft: 'برمجة' });
    expect(splitTyped('تصميم،')).toEqual({ finished: ['تصميم'], draft: '' });
    expect(splitTyped('vite')).toEqual({ finished: [], draft: 'vite' });
  });
  it('adds new tags once and removes one by position', () => {
    expect(addTags('react, javascript', ['React', 'برمجة', ' '])).toBe('react, javascript, برمجة');
    expect(addTags('', ['a'])).toBe('a');
    expect(removeTag('react, javascript, برمجة', 1)).toBe('react, برمجة');
  });
  it('leaves the payload rules as they were: the chips are the comma-separated text', () => {
    const payload = buildPostPayload({ ...emptyPostForm, title: 't', content: '<p>x</p>', tags: addTags('', ['react', 'برمجة']) }, false);
    expect(payload.tags).toEqual(['react', 'برمجة']);
    expect(buildPostPayload({ ...emptyPostForm, title: 't', content: '<p>x</p>', tags: '' }, false).tags).toBeUndefined();
  });
});
