import {
  Atom,
  Braces,
  Brain,
  Briefcase,
  BookOpen,
  Code,
  GraduationCap,
  Laptop,
  Megaphone,
  Palette,
  Rocket,
  Sunrise,
  Tag,
  type LucideIcon,
} from 'lucide-react';

/**
 * SPEC §2: an icon chosen by category name (Technology, JavaScript, React, Career, Design, Learning), else a tag.
 * The Arabic names of the blog's own categories (and their usual spellings) have theirs too, so the tiles of an
 * Arabic blog are not a row of identical tags. Order matters: 'العمل والحياة' is work-life before it is career.
 */
const RULES: [RegExp, LucideIcon][] = [
  [/technology|tech|تقني|تكنولوجيا/i, Laptop],
  [/javascript|\bjs\b|جافا ?سكربت/i, Braces],
  [/react|رياكت/i, Atom],
  [/artificial|\bai\b|ذكاء|اصطناعي/i, Brain],
  [/marketing|تسويق/i, Megaphone],
  [/entrepreneur|startup|ريادة|ناشئ/i, Rocket],
  [/humanit|إنسان|انسان|أدب|فلسف/i, BookOpen],
  [/work.?life|life|حياة/i, Sunrise],
  [/career|مهن|وظيف|عمل/i, Briefcase],
  [/design|تصميم/i, Palette],
  [/learning|تعلم|تعليم/i, GraduationCap],
  [/programming|coding|برمج/i, Code],
];

export function categoryIcon(name: string): LucideIcon {
  return RULES.find(([pattern]) => pattern.test(name))?.[1] ?? Tag;
}
