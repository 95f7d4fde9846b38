import { useEffect, useState } from 'react';
import { Badge, Button, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import { History, RotateCcw } from 'lucide-react';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import type { RevisionDto, RevisionKind, RevisionSummaryDto } from '../api';
import { notifyError, notifySuccess } from '../notify';
import { ErrorState, LoadingState } from '../components/QueryState';
import type { RevisionApi, Versioned } from './revision-api';
import RevisionDiff from './RevisionDiff';

const KIND_LABELS: Record<RevisionKind, string> = {
  autosave: t.revisionKindAutosave,
  save: t.revisionKindSave,
  publish: t.revisionKindPublish,
  restore: t.revisionKindRestore,
};

interface Props<T extends Versioned> {
  api: RevisionApi<T>;
  id: number;
  /** What the editor holds now: the diff's right-hand side. */
  current: { title: string; content: string };
  /** The version the restore is based on (a restore is a save: 409 when the record changed meanwhile). */
  version: number | undefined;
  onRestored: (record: T) => void;
  /** A restore refused because the record changed meanwhile (the editor's conflict dialog takes it). */
  onConflict: (error: unknown) => boolean;
}

/** The "history" button and its drawer: the revisions newest first, a word diff with the current text, restore. */
export default function RevisionHistoryDrawer<T extends Versioned>({ api, id, current, version, onRestored, onConflict }: Props<T>) {
  const [open, setOpen] = useState(false);
  const [revisions, setRevisions] = useState<RevisionSummaryDto[] | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [selected, setSelected] = useState<RevisionDto | null>(null);
  const [restoring, setRestoring] = useState(false);

  const load = () => {
    setFailed(null);
    setRevisions(null);
    api.list(id).then(setRevisions, setFailed);
  };

  useEffect(() => {
    if (open) load();
    else setSelected(null);
    // reload each time the drawer opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const select = (summary: RevisionSummaryDto) => {
    api.get(id, summary.id).then(setSelected, (error: unknown) => notifyError(t.historyLoadError, error));
  };

  const restore = async () => {
    if (!selected) return;
    setRestoring(true);
    try {
      const record = await api.restore(id, selected.id, version);
      notifySuccess(t.revisionRestoredTitle, t.revisionRestoredBody);
      onRestored(record);
      setOpen(false);
    } catch (error) {
      if (!onConflict(error)) notifyError(t.revisionRestoreError, error);
    } finally {
      setRestoring(false);
    }
  };

  return (
    <Drawer.Root open={open} onOpenChange={(event) => setOpen(event.open)} placement="end" size="md">
      <Drawer.Trigger asChild>
        <Button variant="outline" size="sm" data-testid="history-button">
          <History size={16} aria-hidden />
          {t.history}
        </Button>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="history-drawer">
            <Drawer.Header>
              <Drawer.Title>{t.historyTitle}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {failed ? (
                <ErrorState title={t.historyLoadError} error={failed} onRetry={load} />
              ) : !revisions ? (
                <LoadingState />
              ) : revisions.length === 0 ? (
                <Text>{t.historyEmpty}</Text>
              ) : (
                <Stack gap="4">
                  <Stack as="ul" gap="1" listStyleType="none" aria-label={t.historyTitle}>
                    {revisions.map((revision) => (
                      <li key={revision.id}>
                        <Button
                          variant={selected?.id === revision.id ? 'subtle' : 'ghost'}
                          size="sm"
                          w="full"
                          justifyContent="space-between"
                          aria-pressed={selected?.id === revision.id}
                          data-testid="revision-item"
                          onClick={() => select(revision)}
                        >
                          <Text as="span" truncate>
                            {formatDate(revision.createdAt)}
                          </Text>
                          <Badge size="sm" colorPalette={revision.kind === 'autosave' ? 'gray' : 'blue'}>
                            {KIND_LABELS[revision.kind]}
                          </Badge>
                        </Button>
                      </li>
                    ))}
                  </Stack>
                  {selected ? <RevisionDiff revision={selected} current={current} /> : <Text color="fg.muted">{t.chooseRevision}</Text>}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.Footer>
              <Button colorPalette="blue" disabled={!selected || restoring} onClick={() => void restore()} data-testid="restore-revision">
                <RotateCcw size={16} aria-hidden />
                {restoring ? t.restoringRevision : t.restoreRevision}
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t.close} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
