import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { admin as t } from '@/i18n/admin';
import AlertDialog from './AlertDialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Delete confirmation: 'Are you sure?', the consequence, cancel and a destructive button ('deleting...' while pending). */
export default function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel = t.delete,
  pendingLabel = t.deleting,
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} title={title} description={description} onClose={pending ? () => undefined : onClose}>
      <Button variant="outline" onClick={onClose} disabled={pending}>
        {t.cancel}
      </Button>
      <Button colorPalette="red" onClick={onConfirm} disabled={pending}>
        {pending ? pendingLabel : confirmLabel}
      </Button>
    </AlertDialog>
  );
}
