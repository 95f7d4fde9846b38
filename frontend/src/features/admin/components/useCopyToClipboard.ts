import { useEffect, useState } from 'react';
import { toaster } from '../shell';

/** How long a copy button says it copied. */
const COPIED_FEEDBACK_MS = 2000;

/**
 * Copies text to the clipboard: `copied` is true for a moment after (for the button to say so), and a copy the
 * browser refuses (no permission, not a secure context) says `failedMessage` in a toast.
 */
export function useCopyToClipboard(failedMessage: string): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toaster.create({ type: 'error', title: failedMessage });
    }
  };
  return { copied, copy };
}
