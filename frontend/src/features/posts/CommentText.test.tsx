import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CommentText } from './CommentText';

const html = (content: string) => renderToStaticMarkup(<CommentText content={content} />);

describe('CommentText', () => {
  it('renders web addresses as links a reader chose (nofollow ugc noopener), left to right', () => {
    expect(html('اقرأ https://example.com/a، شكرًا')).toBe(
      'اقرأ <a href="https://example.com/a" rel="nofollow ugc noopener" dir="ltr">https://example.com/a</a>، شكرًا',
    );
  });

  it('renders markup as text', () => {
    expect(html('<script>alert(1)</script><img src=x onerror=alert(1)>')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;',
    );
  });

  it('keeps the line breaks for the element’s pre-wrap', () => {
    expect(html('سطر\nسطر')).toBe('سطر\nسطر');
  });
});
