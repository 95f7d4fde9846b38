import { describe, expect, it } from 'vitest';
import { tocTree } from './toc-tree';

const h = (level: number, id: string) => ({ level, id, text: id });

describe('tocTree', () => {
  it('nests h3 under h2 and h4 under h3', () => {
    expect(tocTree([h(2, 'a'), h(3, 'a1'), h(4, 'a1x'), h(3, 'a2'), h(2, 'b')])).toEqual([
      {
        id: 'a',
        text: 'a',
        children: [
          { id: 'a1', text: 'a1', children: [{ id: 'a1x', text: 'a1x', children: [] }] },
          { id: 'a2', text: 'a2', children: [] },
        ],
      },
      { id: 'b', text: 'b', children: [] },
    ]);
  });
  it('puts an h4 right after an h2 one level under it', () => {
    expect(tocTree([h(2, 'a'), h(4, 'x'), h(3, 'y')])).toEqual([
      {
        id: 'a',
        text: 'a',
        children: [
          { id: 'x', text: 'x', children: [] },
          { id: 'y', text: 'y', children: [] },
        ],
      },
    ]);
  });
  it('keeps headings with nothing above them at the top', () => {
    expect(tocTree([h(3, 'a'), h(3, 'b'), h(2, 'c')]).map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    expect(tocTree([])).toEqual([]);
  });
});
