import { useEffect, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { Check, Copy } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { TAP } from '../components/tap';
import { toaster } from '../shell';

const COPIED_FEEDBACK_MS = 2000;

/** Copies `text` to the clipboard; says «نُسخ» for a moment after (politely announced), or why it could not. */
export default function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toaster.create({ type: 'error', title: t.copyFailed });
    }
  };

  return (
    <Button size="sm" variant="outline" {...TAP} aria-label={label} title={label} onClick={() => void copy()} flexShrink={0}>
      {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
      <span aria-live="polite">{copied ? t.copied : t.copy}</span>
    </Button>
  );
}
