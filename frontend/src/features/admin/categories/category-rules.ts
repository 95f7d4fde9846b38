import { slugify } from '@mudawwana/rules';

/** Category name is required after trimming; an empty slug is generated from the name (SPEC §5). */
export function categoryPayload(name: string, slug: string): { name: string; slug: string } | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  return { name: trimmed, slug: slug.trim() || slugify(trimmed) };
}
