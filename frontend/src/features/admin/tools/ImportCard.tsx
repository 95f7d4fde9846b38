import { useRef, useState } from 'react';
import { Box, Button, Field, Input, Progress, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { FileText, FileUp } from 'lucide-react';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import { useListImports, useStartImport, type ImportJobDto, type ImportNoteDto, type ImportReportDto } from '../api';
import { ErrorState, LoadingState } from '../components/QueryState';
import TitledCard from '../components/TitledCard';
import { notifyError } from '../notify';

/** How often the latest import is read while it runs (only then). */
const PROGRESS_POLL_MS = 1000;

/**
 * Import from WordPress, Blogger or Ghost: the file and a dry-run switch, then the latest import's progress bar and
 * the entry it is on, then its report. The server checks the whole file before it answers (a file that is not an
 * export is refused with its reason) and imports in the background; reloading the screen finds the job again.
 */
export default function ImportCard() {
  const fileRef = useRef<HTMLInputElement>(null);
  const [dryRun, setDryRun] = useState(false);
  const [siteUrl, setSiteUrl] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const jobs = useListImports({
    query: { refetchInterval: (query) => (query.state.data?.items[0]?.state === 'running' ? PROGRESS_POLL_MS : false) },
  });
  const start = useStartImport({
    mutation: {
      // The app's QueryClient refetches every query after a mutation: the new job shows at once.
      onSuccess: () => {
        if (fileRef.current) fileRef.current.value = '';
        setFileName(null);
      },
      onError: (error) => notifyError(t.importError, error),
    },
  });
  const latest = jobs.data?.items[0];
  const running = latest?.state === 'running';

  const submit = () => {
    const file = fileRef.current?.files?.[0];
    setMissingFile(!file);
    if (file) start.mutate({ data: { file, dryRun, ...(siteUrl.trim() ? { siteUrl: siteUrl.trim() } : {}) } });
  };

  return (
    <TitledCard title={t.importTitle} testId="import-card">
      <Stack gap="4">
        <Text fontSize="sm">{t.importIntro}</Text>
        <Box as="ul" fontSize="sm" color="fg.muted" ps="5" listStyleType="disc">
          <li>{t.importFromWordPress}</li>
          <li>{t.importFromBlogger}</li>
          <li>{t.importFromGhost}</li>
        </Box>
        <Field.Root invalid={missingFile}>
          <Field.Label>{t.importFile}</Field.Label>
          {/* the browser's own file field speaks its language and does not fit a phone: a button opens it */}
          <input
            ref={fileRef}
            type="file"
            name="file"
            hidden
            accept=".xml,.json,application/xml,text/xml,application/json"
            aria-label={t.importFile}
            data-testid="import-file"
            onChange={(event) => {
              setMissingFile(false);
              setFileName(event.target.files?.[0]?.name ?? null);
            }}
          />
          <Stack direction="row" gap="3" align="center" wrap="wrap">
            <Button variant="outline" size="sm" minH="11" disabled={running || start.isPending} onClick={() => fileRef.current?.click()}>
              <FileText size={16} aria-hidden />
              {t.importChooseButton}
            </Button>
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere" data-testid="import-file-name">
              {fileName ? <bdi>{fileName}</bdi> : t.importNoFile}
            </Text>
          </Stack>
          <Field.ErrorText>{t.importChooseFile}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t.importSiteUrl}</Field.Label>
          <Input
            name="siteUrl"
            type="url"
            dir="ltr"
            placeholder="https://"
            autoComplete="off"
            value={siteUrl}
            disabled={running || start.isPending}
            onChange={(event) => setSiteUrl(event.target.value)}
          />
          <Field.HelperText>{t.importSiteUrlHint}</Field.HelperText>
        </Field.Root>
        <Switch.Root colorPalette="blue" checked={dryRun} onCheckedChange={(event) => setDryRun(event.checked)} name="dryRun">
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{t.importDryRun}</Switch.Label>
        </Switch.Root>
        <Box>
          <Button colorPalette="blue" onClick={submit} disabled={running || start.isPending} minH="11">
            <FileUp size={16} aria-hidden />
            {start.isPending ? t.importChecking : dryRun ? t.importStartDry : t.importStart}
          </Button>
        </Box>
        {jobs.isError ? (
          <ErrorState title={t.failedFetchImports} error={jobs.error} onRetry={() => void jobs.refetch()} />
        ) : jobs.isPending ? (
          <LoadingState rows={1} />
        ) : latest ? (
          <ImportState job={latest} />
        ) : null}
      </Stack>
    </TitledCard>
  );
}

function ImportState({ job }: { job: ImportJobDto }) {
  const percent = job.total ? Math.round((job.processed / job.total) * 100) : 100;
  return (
    <Stack gap="3" data-testid="import-state" data-state={job.state} borderTopWidth="1px" pt="4">
      <Text fontWeight="semibold" role="status">
        {job.state === 'running'
          ? t.importRunning
          : job.state === 'failed'
            ? t.importFailed
            : job.dryRun
              ? t.importDryDone(job.report?.seconds ?? 0)
              : t.importDone(job.report?.seconds ?? 0)}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        <bdi>{job.fileName}</bdi> · {formatDate(job.startedAt)}
      </Text>
      {job.state === 'running' ? (
        <>
          <Progress.Root value={percent} size="sm" colorPalette="blue" aria-label={t.importProgressLabel}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" data-testid="import-progress">
            {t.importProgress(job.processed, job.total)}
          </Text>
          {job.current ? (
            <Text fontSize="sm" color="fg.muted" data-testid="import-current">
              {t.importCurrent} <bdi>{job.current}</bdi>
            </Text>
          ) : null}
        </>
      ) : null}
      {job.state === 'failed' && job.error ? (
        <Text fontSize="sm" color="fg.error" dir="auto">
          {job.error}
        </Text>
      ) : null}
      {job.report ? <ImportReport report={job.report} /> : null}
    </Stack>
  );
}

function ImportReport({ report }: { report: ImportReportDto }) {
  const rows: [string, number][] = [
    [t.importPostsNew, report.posts.imported],
    [t.importPostsUpdated, report.posts.updated],
    [t.importPostsUnchanged, report.posts.unchanged],
    [t.importPagesNew, report.pages.imported],
    [t.importPagesUpdated, report.pages.updated],
    [t.importPagesUnchanged, report.pages.unchanged],
    [t.importComments, report.comments],
    [t.importCategories, report.categories],
    [t.importRedirects, report.redirects],
    [t.importImagesFetched, report.imagesFetched],
    [t.importImagesKeptRemote, report.imagesKeptRemoteCount],
    [t.importSkipped, report.skippedCount],
  ];
  return (
    <Stack gap="3">
      <Table.Root size="sm" data-testid="import-report">
        <Table.Body>
          {rows.map(([label, count]) => (
            <Table.Row key={label}>
              <Table.Cell>{label}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {count}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Notes title={t.importImagesKeptRemoteList} notes={report.imagesKeptRemote} count={report.imagesKeptRemoteCount} />
      <Notes title={t.importSkippedList} notes={report.skipped} count={report.skippedCount} />
    </Stack>
  );
}

/** What was left out or left behind, and why (the server's words, as written for the command line too). */
function Notes({ title, notes, count }: { title: string; notes: ImportNoteDto[]; count: number }) {
  if (count === 0) return null;
  return (
    <Box as="details" fontSize="sm">
      <Box as="summary" cursor="pointer" fontWeight="medium">
        {title}
      </Box>
      <Stack as="ul" gap="1" mt="2" ps="5" listStyleType="disc">
        {notes.map((note, index) => (
          <li key={index}>
            {/* an entry's Arabic title or an image's address, then the reason in the server's English, each on its own line */}
            <Text as="span" display="block" dir="auto" overflowWrap="anywhere">
              {note.title}
            </Text>
            <Text as="span" display="block" dir="ltr" textAlign="end" fontSize="xs" color="fg.muted">
              {note.reason}
            </Text>
          </li>
        ))}
        {count > notes.length ? <li>{t.importMoreNotes(count - notes.length)}</li> : null}
      </Stack>
    </Box>
  );
}
