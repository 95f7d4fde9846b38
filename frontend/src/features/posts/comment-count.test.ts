import { describe, expect, it } from 'vitest';
import { commentCountLabel } from './comment-count';

describe('commentCountLabel', () => {
  it.each([
    [0, 'لا تعليقات بعد'],
    [1, 'تعليق واحد'],
    [2, 'تعليقان'],
    [3, '3 تعليقات'],
    [10, '10 تعليقات'],
    [11, '11 تعليقًا'],
    [99, '99 تعليقًا'],
    [100, '100 تعليق'],
    [103, '103 تعليقات'],
  ])('%i → %s', (count, label) => expect(commentCountLabel(count)).toBe(label));
});
