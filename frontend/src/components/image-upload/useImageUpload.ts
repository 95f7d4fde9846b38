import { useCallback, useState } from 'react';
import { errorMessage, uploadImage } from '@/features/admin/api';
import { admin as t } from '@/i18n/admin';
import { toaster } from '@/features/admin/shell';
import { checkImageFile, formatBytes } from './upload-rules';

/** Why an upload failed, in words the author can act on. */
function describeFailure(error: unknown): string {
  const status = (error as { status?: number; response?: { status?: number } } | null)?.status;
  return errorMessage(error, status === 413 ? t.uploadTooLarge('') : undefined) ?? t.uploadFailed;
}

/** Uploads one image to POST /api/upload with progress; checks type and the 5 MB limit first. */
export function useImageUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = useCallback(async (file: File): Promise<string | null> => {
    setError(null);
    const problem = checkImageFile(file);
    if (problem) {
      const reason = problem === 'too-large' ? t.uploadTooLarge(formatBytes(file.size)) : t.uploadNotImage;
      setError(reason);
      toaster.create({ type: 'error', title: t.uploadFailed, description: reason });
      return null;
    }
    setProgress(0);
    try {
      const { url } = await uploadImage(
        { image: file },
        {
          onUploadProgress: (event) => {
            if (event.total) setProgress(Math.round((event.loaded / event.total) * 100));
          },
        },
      );
      return url;
    } catch (err) {
      console.error('Failed to upload image', err);
      const reason = describeFailure(err);
      setError(reason);
      toaster.create({ type: 'error', title: t.uploadFailed, description: reason });
      return null;
    } finally {
      setProgress(null);
    }
  }, []);

  return { upload, uploading: progress !== null, progress, error, clearError: () => setError(null) };
}
