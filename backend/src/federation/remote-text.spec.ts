import { describe, expect, it } from 'vitest';
import { displayName, noteText } from './remote-text';

describe("a fediverse reply's text", () => {
  it('keeps the words and the paragraphs, drops every tag and what scripts and styles hold', () => {
    expect(
      noteText(
        '<p><span class="h-card"><a href="https://b/@blog" class="u-url mention">@<span>blog</span></a></span> شكرًا &amp; أهلًا</p><p>سطر<br>ثانٍ</p>',
      ),
    ).toBe('@blog شكرًا & أهلًا\n\nسطر\nثانٍ');
    expect(noteText('<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>نص')).toBe('نص');
    expect(noteText('&lt;b&gt;ليس وسمًا&lt;/b&gt;')).toBe('<b>ليس وسمًا</b>');
  });

  it("is cut to a comment's length", () => {
    expect(Array.from(noteText(`<p>${'ح'.repeat(6000)}</p>`))).toHaveLength(5000);
  });

  it('makes a display name one line of plain text, or the user name when it has none', () => {
    expect(displayName('أليس <b>الرحّالة</b>\n\u202e', 'alice')).toBe('أليس الرحّالة');
    expect(displayName('  ', 'alice')).toBe('alice');
    expect(Array.from(displayName('ن'.repeat(200), 'x'))).toHaveLength(80);
  });
});
