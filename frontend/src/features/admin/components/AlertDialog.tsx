import type { ReactNode } from 'react';
import { Dialog, Portal } from '@chakra-ui/react';

interface AlertDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** Escape, the backdrop, or a button that calls it. */
  onClose: () => void;
  /** The buttons, the way out first. */
  children: ReactNode;
  testId?: string;
  /** Lets the buttons wrap to a second line (three of them on a phone). */
  wrapButtons?: boolean;
}

/** A question the author must answer before going on (confirmations, unsaved changes, a lost race), centered. */
export default function AlertDialog({ open, title, description, onClose, children, testId, wrapButtons = false }: AlertDialogProps) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => (!e.open ? onClose() : undefined)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{description}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer flexWrap={wrapButtons ? 'wrap' : undefined}>{children}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
