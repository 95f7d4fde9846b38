import { describe, expect, it } from 'vitest';
import { system } from './theme';

describe('style props and server rendering', () => {
  it('keeps each call’s property order, whatever was styled before (class names do not depend on render history)', () => {
    // The server renders page after page in one process while the browser styles one page: if the first order seen
    // were kept for later calls with the same properties, the class names would differ and hydration would fail
    // (Chakra before 3.38 keyed its css() memo by sorted keys: chakra-ui/chakra-ui#10952).
    expect(Object.keys(system.css({ color: 'fg.muted', fontSize: 'sm' }))).toEqual(['color', 'fontSize']);
    expect(Object.keys(system.css({ fontSize: 'sm', color: 'fg.muted' }))).toEqual(['fontSize', 'color']);
  });
});
