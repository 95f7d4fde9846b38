import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';

interface FormDialogProps {
  open?: boolean;
  title: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  /** While a save is under way: both buttons wait, and the dialog cannot be sent twice. */
  pending?: boolean;
  /** Let the browser check the inputs' own constraints (type="url"…) before `onSubmit`. */
  browserValidation?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog that is a form: title, fields, cancel and submit (Enter submits). Used by the admin's small editors
 * (categories, tags) and the editor toolbar's prompts (link, image, video, table).
 */
export default function FormDialog({
  open = true,
  title,
  submitLabel,
  cancelLabel,
  pending = false,
  browserValidation = false,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (!e.open ? onClose() : undefined)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate={!browserValidation}
              onSubmit={(event) => {
                // the dialog is portalled, but React events still bubble to an enclosing form (the post editor)
                event.preventDefault();
                event.stopPropagation();
                onSubmit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={pending}>
                  {cancelLabel}
                </Button>
                <Button type="submit" colorPalette="blue" disabled={pending}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
