/** Once the full editor has failed, the simple editor is used for the rest of the session (SPEC §2). */
const KEY = 'mudawwana:editor-fallback';
let forced = false;

export function isFallbackForced(): boolean {
  if (forced) return true;
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function forceFallback(reason: unknown): void {
  if (!forced) console.warn('Rich-text editor failed; switching to the simple editor.', reason);
  forced = true;
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // storage unavailable: the in-memory flag is enough
  }
}

/** True when an error looks like it came from the editor library (Tiptap / ProseMirror). */
export function mentionsEditorLibrary(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : typeof error === 'string' ? error : String(error ?? '');
  return /tiptap|prosemirror|FullEditor/i.test(text);
}
