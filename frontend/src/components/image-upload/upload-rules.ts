/** Client-side checks before an image is sent (the server enforces the same limits). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export type UploadProblem = 'not-image' | 'too-large' | null;

export function checkImageFile(file: { type: string; size: number; name?: string }): UploadProblem {
  const looksLikeImage =
    file.type.startsWith('image/') || (!file.type && /\.(jpe?g|png|gif|webp|avif|bmp|svg|tiff?|heic)$/i.test(file.name ?? ''));
  if (!looksLikeImage) return 'not-image';
  if (file.size > MAX_UPLOAD_BYTES) return 'too-large';
  return null;
}

/** Human-readable size, e.g. 5.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
