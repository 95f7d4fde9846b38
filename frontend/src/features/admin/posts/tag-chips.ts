import { parseTags } from '@/lib/post-payload';

/**
 * The tags field as chips over the form's comma-separated text (the payload rules of SPEC §5 stay in
 * buildPostPayload/parseTags): a comma (Latin or Arabic) or Enter turns what was typed into chips.
 */
export function joinTags(tags: string[]): string {
  return tags.join(', ');
}

/** Typed text split into finished tags (before the last comma) and the tag still being typed. */
export function splitTyped(typed: string): { finished: string[]; draft: string } {
  const parts = typed.split(/[,،]/);
  const draft = parts.pop() ?? '';
  return { finished: parseTags(parts.join(',')), draft: draft.trimStart() };
}

/** The tags with new ones added at the end; one already there (same letters, any case) is not added twice. */
export function addTags(value: string, added: string[]): string {
  const tags = parseTags(value);
  for (const tag of added.map((t) => t.trim()).filter(Boolean)) {
    if (!tags.some((existing) => existing.toLocaleLowerCase() === tag.toLocaleLowerCase())) tags.push(tag);
  }
  return joinTags(tags);
}

export function removeTag(value: string, index: number): string {
  return joinTags(parseTags(value).filter((_, i) => i !== index));
}
