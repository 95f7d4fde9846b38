import { describe, expect, it } from 'vitest';
import { EMPTY_HEADING_ID, headingId, MAX_HEADING_ID_LENGTH, uniqueHeadingIds } from './heading-ids.js';

describe('headingId', () => {
  it('keeps Arabic letters and joins words with hyphens', () => {
    expect(headingId('مقدمة سريعة')).toBe('مقدمة-سريعة');
    expect(headingId('  الفصل   الأول  ')).toBe('الفصل-الأول');
  });
  it('drops tashkeel and tatweel, so a vowelled heading has the plain one’s id', () => {
    expect(headingId('مُقَدِّمَةٌ سَرِيعَةٌ')).toBe('مقدمة-سريعة');
    expect(headingId('العـــربية')).toBe('العربية');
    expect(headingId('هٰذا')).toBe('هذا');
  });
  it('drops punctuation (Arabic and Latin) and lower-cases Latin in mixed headings', () => {
    expect(headingId('لماذا Rust؟')).toBe('لماذا-rust');
    expect(headingId('البرمجة بلغة C++، خطوة بخطوة!')).toBe('البرمجة-بلغة-c-خطوة-بخطوة');
    expect(headingId('Node.js و TypeScript')).toBe('nodejs-و-typescript');
  });
  it('keeps digits of either kind', () => {
    expect(headingId('الخطوة ٣: التثبيت')).toBe('الخطوة-٣-التثبيت');
    expect(headingId('Top 10')).toBe('top-10');
  });
  it('gives a heading without letters or digits a word of its own', () => {
    expect(headingId('')).toBe(EMPTY_HEADING_ID);
    expect(headingId('؟!… 🎉')).toBe(EMPTY_HEADING_ID);
  });
  it('is cut to a readable length without a trailing hyphen', () => {
    const id = headingId('كلمة '.repeat(40));
    expect(Array.from(id).length).toBeLessThanOrEqual(MAX_HEADING_ID_LENGTH);
    expect(id.endsWith('-')).toBe(false);
  });
});

describe('uniqueHeadingIds', () => {
  it('numbers a text met again from 2', () => {
    expect(uniqueHeadingIds(['أمثلة', 'تمرين', 'أمثلة', 'أمثلة'])).toEqual(['أمثلة', 'تمرين', 'أمثلة-2', 'أمثلة-3']);
  });
  it('never repeats an id, even when a heading’s own text ends in a number', () => {
    expect(uniqueHeadingIds(['أمثلة', 'أمثلة 2', 'أمثلة'])).toEqual(['أمثلة', 'أمثلة-2', 'أمثلة-3']);
    expect(uniqueHeadingIds(['', '؟'])).toEqual([EMPTY_HEADING_ID, `${EMPTY_HEADING_ID}-2`]);
  });
  it('avoids the ids the document already gives other elements', () => {
    expect(uniqueHeadingIds(['fn 1'], ['fn-1'])).toEqual(['fn-1-2']);
  });
  it('is the same for the same headings (stable across saves and renders)', () => {
    const headings = ['مقدمة', 'التثبيت', 'مقدمة'];
    expect(uniqueHeadingIds(headings)).toEqual(uniqueHeadingIds([...headings]));
  });
});
