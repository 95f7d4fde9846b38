import type { PostFormValues } from '@/lib/post-payload';

/** Local autosave of the post editor, so a crash or reload never loses the author's work. */
const PREFIX = 'mudawwana:post-draft:';

export interface StoredDraft {
  values: PostFormValues;
  savedAt: string;
}

export function draftKey(postId: number | null): string {
  return `${PREFIX}${postId ?? 'new'}`;
}

export function saveDraft(storage: Storage, postId: number | null, values: PostFormValues, now = new Date()): void {
  try {
    storage.setItem(draftKey(postId), JSON.stringify({ values, savedAt: now.toISOString() } satisfies StoredDraft));
  } catch {
    // storage full or blocked: autosave is best effort
  }
}

export function loadDraft(storage: Storage, postId: number | null): StoredDraft | null {
  try {
    const raw = storage.getItem(draftKey(postId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDraft>;
    if (!parsed || typeof parsed !== 'object' || !parsed.values || typeof parsed.values.title !== 'string') return null;
    return { values: parsed.values as PostFormValues, savedAt: String(parsed.savedAt ?? '') };
  } catch {
    return null;
  }
}

export function clearDraft(storage: Storage, postId: number | null): void {
  try {
    storage.removeItem(draftKey(postId));
  } catch {
    // ignore
  }
}
