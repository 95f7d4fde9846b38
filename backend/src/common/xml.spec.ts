import { describe, expect, it } from 'vitest';
import { cdata, escapeXml } from './xml';

describe('escapeXml', () => {
  it('escapes markup and quotes, strips characters XML forbids, and keeps Arabic as it is', () => {
    expect(escapeXml('a\u0001b<')).toBe('ab&lt;');
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(escapeXml('مدوّنة\uffff')).toBe('مدوّنة');
  });
});

describe('cdata', () => {
  it('splits the section at every ]]> so the text reads back whole', () => {
    expect(cdata('a ]]> b ]]>]]>')).toBe('<![CDATA[a ]]]]><![CDATA[> b ]]]]><![CDATA[>]]]]><![CDATA[>]]>');
    expect(cdata('')).toBe('<![CDATA[]]>');
  });

  it('keeps markup, line breaks and Arabic, and strips characters XML forbids', () => {
    expect(cdata('<p>نص &amp;\n</p>\u0000\ufffe')).toBe('<![CDATA[<p>نص &amp;\n</p>]]>');
  });
});
