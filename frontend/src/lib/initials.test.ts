import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('avatar initials', () => {
  it.each([
    ['ليلى الحسن', 'ل'],
    ['الحسن بن علي', 'ح'],
    ['عبد الله', 'ع'],
    ['كاتب المدونة', 'ك'],
    ['  أحمد  ', 'أ'],
    ['Ada Lovelace', 'AL'],
    ['grace brewster hopper', 'GH'],
    ['Linus', 'L'],
    ['Omar عمر', 'O'],
    ['', ''],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('never gives two Arabic letters that join into a word', () => {
    expect(initials('ليلى الحسن')).not.toBe('لا');
    expect(Array.from(initials('سارة المنصور'))).toHaveLength(1);
  });
});
