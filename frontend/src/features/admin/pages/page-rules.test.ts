import { describe, expect, it } from 'vitest';
import { isBlankHtml, validatePage } from './page-rules';

const messages = { title: 'Title is required', content: 'Content is required' };

describe('page validation', () => {
  it('flags blank title and content', () => {
    expect(validatePage(' ', '<p></p>', messages)).toEqual(messages);
    expect(validatePage('About', '<p>hi</p>', messages)).toEqual({});
  });
  it('treats tag-only HTML as blank but an image as content', () => {
    expect(isBlankHtml('<p>&nbsp;</p><p><br></p>')).toBe(true);
    expect(isBlankHtml('<p><img src="/a.png"></p>')).toBe(false);
  });
});
