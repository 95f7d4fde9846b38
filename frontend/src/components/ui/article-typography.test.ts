import { describe, expect, it } from 'vitest';
import { wrapTables } from './article-typography';

describe('wrapTables', () => {
  it('puts each table in a focusable, labelled scroller', () => {
    expect(wrapTables('<p>a</p><table><tr><td>1</td></tr></table>', 'جدول')).toBe(
      '<p>a</p><div class="table-scroll" role="region" tabindex="0" aria-label="جدول"><table><tr><td>1</td></tr></table></div>',
    );
  });
  it('leaves content without tables alone', () => {
    expect(wrapTables('<p>لا جداول</p>', 'جدول')).toBe('<p>لا جداول</p>');
  });
});
