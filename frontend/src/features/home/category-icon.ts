import { Atom, Braces, Briefcase, GraduationCap, Laptop, Palette, Tag, type LucideIcon } from 'lucide-react';

/** SPEC §2: an icon chosen by category name (Technology, JavaScript, React, Career, Design, Learning), else a tag. */
const RULES: [RegExp, LucideIcon][] = [
  [/technology|tech|تقني|تكنولوجيا/i, Laptop],
  [/javascript|\bjs\b|جافا ?سكربت/i, Braces],
  [/react|رياكت/i, Atom],
  [/career|مهن|وظيف|عمل/i, Briefcase],
  [/design|تصميم/i, Palette],
  [/learning|تعلم|تعليم/i, GraduationCap],
];

export function categoryIcon(name: string): LucideIcon {
  return RULES.find(([pattern]) => pattern.test(name))?.[1] ?? Tag;
}
