import { Atom, Braces, BookOpen, Brain, Briefcase, GraduationCap, Laptop, Megaphone, Palette, Rocket, Sunrise, Tag } from 'lucide-react';
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
  it('gives the Arabic default categories distinct icons', () => {
    const icons = ['التسويق', 'الذكاء الاصطناعي', 'ريادة الأعمال', 'الإنسانيات', 'العمل والحياة'].map(categoryIcon);
    expect(icons).toEqual([Megaphone, Brain, Rocket, BookOpen, Sunrise]);
    expect(categoryIcon('العلوم الإنسانية')).toBe(BookOpen);
    expect(categoryIcon('تطوير مهني')).toBe(Briefcase);
  });
  it('gives other names the generic tag icon', () => {
    expect(categoryIcon('متفرقات')).toBe(Tag);
  });
});
