import { Atom, Braces, Briefcase, GraduationCap, Laptop, Palette, Tag } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { categoryIcon } from './category-icon';

describe('categoryIcon', () => {
  it('chooses the icon by category name', () => {
    expect(categoryIcon('Technology')).toBe(Laptop);
    expect(categoryIcon('JavaScript')).toBe(Braces);
    expect(categoryIcon('React')).toBe(Atom);
    expect(categoryIcon('Career')).toBe(Briefcase);
    expect(categoryIcon('Design')).toBe(Palette);
    expect(categoryIcon('Learning')).toBe(GraduationCap);
  });
  it('gives other names the generic tag icon', () => {
    expect(categoryIcon('التسويق')).toBe(Tag);
  });
});
