import { describe, expect, it } from 'vitest';
import { emptyPostForm, formsDiffer } from '@/lib/post-payload';
import {
  commentsPayload,
  emptyEditorForm,
  parseCloseAfterDays,
  postToEditorForm,
  withCommentDefaults,
  type PostEditorValues,
} from './post-comments';

const post = { title: 'مقال', slug: 'maqal', content: '<p>نص</p>' };

describe("the post editor's comment settings", () => {
  it('opens a new post to comments, never closing', () => {
    expect(emptyEditorForm.commentsOpen).toBe(true);
    expect(emptyEditorForm.commentsCloseAfterDays).toBe('');
    expect(commentsPayload(emptyEditorForm)).toEqual({ commentsOpen: true, commentsCloseAfterDays: null });
  });
  it("reads a saved post's settings, and a post without them as open", () => {
    expect(postToEditorForm({ ...post, commentsOpen: false, commentsCloseAfterDays: 30 })).toMatchObject({
      commentsOpen: false,
      commentsCloseAfterDays: '30',
    });
    expect(postToEditorForm({ ...post, commentsOpen: true, commentsCloseAfterDays: null })).toMatchObject({ commentsCloseAfterDays: '' });
    expect(postToEditorForm(post)).toMatchObject({ commentsOpen: true, commentsCloseAfterDays: '' });
  });
  it('takes whole days from 1 to 3650, empty for never', () => {
    expect(parseCloseAfterDays('')).toBeNull();
    expect(parseCloseAfterDays('  ')).toBeNull();
    expect(parseCloseAfterDays('1')).toBe(1);
    expect(parseCloseAfterDays(' 3650 ')).toBe(3650);
    for (const bad of ['0', '3651', '-5', '2.5', 'abc', '10000']) expect(parseCloseAfterDays(bad)).toBeUndefined();
    expect(commentsPayload({ commentsOpen: true, commentsCloseAfterDays: '14' })).toEqual({
      commentsOpen: true,
      commentsCloseAfterDays: 14,
    });
  });
  it('counts a changed comment setting as an unsaved change', () => {
    expect(formsDiffer(emptyEditorForm, { ...emptyEditorForm })).toBe(false);
    const closed: PostEditorValues = { ...emptyEditorForm, commentsOpen: false };
    const closing: PostEditorValues = { ...emptyEditorForm, commentsCloseAfterDays: '7' };
    expect(formsDiffer(closed, emptyEditorForm)).toBe(true);
    expect(formsDiffer(closing, emptyEditorForm)).toBe(true);
  });
  it('fills in the settings of a draft kept by an older build', () => {
    expect(withCommentDefaults({ ...emptyPostForm, title: 'مسودة' })).toEqual({ ...emptyEditorForm, title: 'مسودة' });
  });
});
