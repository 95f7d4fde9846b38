import { Button } from '@chakra-ui/react';
import { Check, Copy } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { TAP } from '../components/tap';
import { useCopyToClipboard } from '../components/useCopyToClipboard';

/** Copies `text` to the clipboard; says «نُسخ» for a moment after (politely announced), or why it could not. */
export default function CopyButton({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopyToClipboard(t.copyFailed);

  return (
    <Button size="sm" variant="outline" {...TAP} aria-label={label} title={label} onClick={() => void copy(text)} flexShrink={0}>
      {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
      <span aria-live="polite">{copied ? t.copied : t.copy}</span>
    </Button>
  );
}
