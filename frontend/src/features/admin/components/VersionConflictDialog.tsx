import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { admin as t } from '@/i18n/admin';
import { ApiError } from '../api';
import AlertDialog from './AlertDialog';

/** What the server sends with 409 VERSION_CONFLICT: the record as it is now. */
interface Versioned {
  version: number;
}

/** The current record when a save failed because someone else saved first, else undefined. */
export function conflictingRecord<T extends Versioned>(error: unknown): T | undefined {
  if (!(error instanceof ApiError) || error.code !== 'VERSION_CONFLICT') return undefined;
  return (error.body as { current?: T } | null)?.current;
}

/**
 * Keeps the version an editor's next save is based on, and the record of a lost race until the author decides.
 * `reload` takes the saved record (dropping the edits on screen); `overwrite` bases the next save on it.
 */
export function useVersionConflict<T extends Versioned>() {
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [conflict, setConflict] = useState<T | null>(null);
  return {
    version,
    setVersion,
    conflict,
    /** Call from a save's onError: true when it was a version conflict (the dialog opens). */
    caught(error: unknown): boolean {
      const current = conflictingRecord<T>(error);
      if (!current) return false;
      setConflict(current);
      return true;
    },
    dismiss: () => setConflict(null),
  };
}

interface VersionConflictDialogProps {
  open: boolean;
  /** 'هذا المقال' or 'هذه الصفحة' */
  what: string;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}

/** Someone saved the same post or page after it was opened here: reload theirs, or overwrite it with these edits. */
export default function VersionConflictDialog({ open, what, onReload, onOverwrite, onClose }: VersionConflictDialogProps) {
  return (
    <AlertDialog
      open={open}
      title={t.versionConflictTitle}
      description={t.versionConflictBody(what)}
      onClose={onClose}
      testId="version-conflict"
      wrapButtons
    >
      <Button variant="outline" onClick={onClose}>
        {t.cancel}
      </Button>
      <Button variant="outline" onClick={onReload}>
        {t.versionConflictReload}
      </Button>
      <Button colorPalette="red" onClick={onOverwrite}>
        {t.versionConflictOverwrite}
      </Button>
    </AlertDialog>
  );
}
