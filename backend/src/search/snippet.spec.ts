import { describe, expect, it } from 'vitest';
import { queryTerms } from '@mudawwana/rules';
import { formsOf, highlight, snippet, SNIPPET_LENGTH } from './snippet';

const forms = (query: string) => formsOf(queryTerms(query));

describe('highlight', () => {
  it('marks the words written with diacritics that match a plain query', () => {
    expect(highlight('عن أَحْمَد وعلمه', forms('احمد'))).toBe('عن <mark>أَحْمَد</mark> وعلمه');
  });

  it('marks a word with a prefix and escapes the rest', () => {
    expect(highlight('<b> وللبرمجة & React', forms('برمجة react'))).toBe('&lt;b&gt; <mark>وللبرمجة</mark> &amp; <mark>React</mark>');
  });
});

describe('snippet', () => {
  const long = `${'كلام '.repeat(60)}هنا مكتبة ${'نص '.repeat(80)}`;

  it('centres on the first match and cuts at words with an ellipsis', () => {
    const result = snippet(long, forms('المكتبة'));
    expect(result.startsWith('…')).toBe(true);
    expect(result.endsWith('…')).toBe(true);
    expect(result).toContain('<mark>مكتبة</mark>');
    expect(result.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
  });

  it('starts at the beginning when only the title matched', () => {
    expect(snippet('نص قصير', forms('غير'))).toBe('نص قصير');
  });

  it('never lets HTML of the text through', () => {
    expect(snippet('<script>alert(1)</script> كتاب', forms('كتاب'))).not.toContain('<script>');
  });
});
