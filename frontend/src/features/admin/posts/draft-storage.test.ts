// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyPostForm } from '@/lib/post-payload';
import { clearDraft, draftKey, loadDraft, saveDraft } from './draft-storage';

describe('draft autosave storage', () => {
  beforeEach(() => localStorage.clear());

  it('keys drafts by post id or new', () => {
    expect(draftKey(null)).toBe('mudawwana:post-draft:new');
    expect(draftKey(12)).toBe('mudawwana:post-draft:12');
  });
  it('saves, loads and clears', () => {
    const values = { ...emptyPostForm, title: 'مسودة' };
    saveDraft(localStorage, 3, values, new Date('2026-01-01T00:00:00Z'));
    expect(loadDraft(localStorage, 3)).toEqual({ values, savedAt: '2026-01-01T00:00:00.000Z' });
    expect(loadDraft(localStorage, null)).toBeNull();
    clearDraft(localStorage, 3);
    expect(loadDraft(localStorage, 3)).toBeNull();
  });
  it('ignores corrupt entries', () => {
    localStorage.setItem(draftKey(null), '{not json');
    expect(loadDraft(localStorage, null)).toBeNull();
    localStorage.setItem(draftKey(null), JSON.stringify({ values: 1 }));
    expect(loadDraft(localStorage, null)).toBeNull();
  });
});
