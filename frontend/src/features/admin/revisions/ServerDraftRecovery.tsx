import { useEffect, useState } from 'react';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import type { RevisionDto } from '../api';
import RestoreOffer from '../components/RestoreOffer';
import type { RevisionApi, Versioned } from './revision-api';

/** The fields of a saved record a recovered autosave is compared with. */
export interface SavedFields {
  title: string;
  content: string;
  excerpt?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  updatedAt: string;
}

function differs(revision: RevisionDto, saved: SavedFields): boolean {
  const fields = ['title', 'content', 'excerpt', 'metaTitle', 'metaDescription'] as const;
  return fields.some((field) => field in saved && (revision[field] ?? null) !== (saved[field] ?? null));
}

interface Props<T extends Versioned> {
  api: RevisionApi<T>;
  id: number;
  saved: SavedFields;
  /** The offer is open (the editor holds off its own autosave meanwhile). */
  onPending: (pending: boolean) => void;
  onRecover: (revision: RevisionDto) => void;
}

/**
 * When the newest revision is an autosave made after the last save (an edit in a tab that was closed, or in another
 * browser), offers to bring it back into the editor. Looks once, when the editor opens.
 */
export default function ServerDraftRecovery<T extends Versioned>({ api, id, saved, onPending, onRecover }: Props<T>) {
  const [offered, setOffered] = useState<RevisionDto | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const [newest] = await api.list(id, 1);
      if (!newest || newest.kind !== 'autosave' || Date.parse(newest.createdAt) <= Date.parse(saved.updatedAt)) return;
      const revision = await api.get(id, newest.id);
      if (cancelled || !differs(revision, saved)) return;
      setOffered(revision);
      onPending(true);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // once per opened editor
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  if (!offered) return null;
  const close = () => {
    setOffered(null);
    onPending(false);
  };
  return (
    <RestoreOffer
      title={t.recoverTitle}
      body={t.recoverBody(formatDate(offered.createdAt))}
      restoreLabel={t.recover}
      onRestore={() => {
        onRecover(offered);
        close();
      }}
      onDiscard={close}
      testId="server-draft-recovery"
    />
  );
}
