import { describe, expect, it } from 'vitest';
import { commentText } from './comment-text';

describe('commentText', () => {
  it('keeps the text of a comment, its paragraphs and line breaks, entities decoded once', () => {
    expect(commentText('<p>شكرًا <strong>جزيلًا</strong>!</p><p>سطر<br/>آخر &amp;lt;b&amp;gt;</p>')).toBe(
      'شكرًا جزيلًا!\n\nسطر\nآخر &lt;b&gt;',
    );
  });

  it('drops what runs and what is empty', () => {
    expect(commentText('<script>alert(1)</script><img src=x onerror=alert(1)>')).toBe('');
    expect(commentText('  \r\n\r\n\r\n  ')).toBe('');
  });
});
