import { useState } from 'react';
import { Badge, Box, Button, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { MailCheck, Send } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import {
  useCountNewsletterSubscribers,
  useGetPostSendProgress,
  useSendPostToSubscribers,
  type RecipientStatus,
  type SendProgressDto,
} from '../api';
import ConfirmDialog from '../components/ConfirmDialog';
import { ErrorState, LoadingState } from '../components/QueryState';
import { notifyError, notifySuccess } from '../notify';
import TitledCard from '../components/TitledCard';

/** How often the progress is read while the mails go out (only then: the app's queries do not poll otherwise). */
const PROGRESS_POLL_MS = 1500;

const RECIPIENT_BADGES: Record<RecipientStatus, { label: string; palette: string }> = {
  pending: { label: t.recipientPending, palette: 'gray' },
  sending: { label: t.recipientSending, palette: 'blue' },
  sent: { label: t.recipientSent, palette: 'green' },
  failed: { label: t.recipientFailed, palette: 'red' },
  skipped: { label: t.recipientSkipped, palette: 'gray' },
};

/**
 * The editor's "send to subscribers" card for a published post: the action (once per post, after a confirmation),
 * then the progress of the send and each recipient's outcome.
 */
export default function SendToSubscribers({ postId }: { postId: number }) {
  const [confirming, setConfirming] = useState(false);
  const counts = useCountNewsletterSubscribers();
  const progress = useGetPostSendProgress(postId, {
    query: { refetchInterval: (query) => (query.state.data?.status === 'sending' ? PROGRESS_POLL_MS : false) },
  });
  const send = useSendPostToSubscribers({
    mutation: {
      onSuccess: () => {
        notifySuccess(t.sendStarted);
        setConfirming(false);
      },
      onError: (error) => {
        notifyError(t.sendError, error);
        setConfirming(false);
      },
    },
  });
  const confirmed = counts.data?.confirmed ?? 0;
  const state = progress.data;

  return (
    <>
      <TitledCard title={t.newsletterSend} testId="send-to-subscribers">
        {progress.isError ? (
          <ErrorState title={t.failedFetchSendProgress} error={progress.error} onRetry={() => void progress.refetch()} />
        ) : !state ? (
          <LoadingState rows={2} />
        ) : state.status === 'not_sent' ? (
          <Stack gap="3">
            <Text fontSize="sm">{confirmed > 0 ? t.confirmedSubscribers(confirmed) : t.noConfirmedSubscribers}</Text>
            <Button colorPalette="blue" variant="outline" disabled={confirmed === 0 || send.isPending} onClick={() => setConfirming(true)}>
              <Send size={16} aria-hidden />
              {t.sendToSubscribers}
            </Button>
            <Text fontSize="xs" color="fg.muted">
              {t.sendOnceHint}
            </Text>
          </Stack>
        ) : (
          <SendProgress state={state} />
        )}
      </TitledCard>
      <ConfirmDialog
        open={confirming}
        title={t.sendConfirmTitle}
        description={t.sendConfirmBody(confirmed)}
        confirmLabel={t.sendConfirm}
        pendingLabel={t.sendingToSubscribers}
        pending={send.isPending}
        onConfirm={() => send.mutate({ id: postId })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function SendProgress({ state }: { state: SendProgressDto }) {
  const done = state.total - state.pending;
  const finished = state.status === 'done';
  return (
    <Stack gap="3" data-testid="send-progress" data-status={state.status}>
      <Text fontWeight="semibold" role="status" display="flex" alignItems="center" gap="2">
        {finished ? <MailCheck size={18} aria-hidden /> : null}
        {finished ? t.sendDone : t.sendInProgress}
      </Text>
      <Progress.Root
        value={state.total ? Math.round((done / state.total) * 100) : 100}
        size="sm"
        colorPalette={finished ? 'green' : 'blue'}
        aria-label={t.sendProgressLabel}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Stack gap="0.5" fontSize="sm">
        <Text data-testid="send-sent">{t.sendSent(state.sent)}</Text>
        {state.failed ? (
          <Text color="fg.error" data-testid="send-failed">
            {t.sendFailed(state.failed)}
          </Text>
        ) : null}
        {state.skipped ? <Text color="fg.muted">{t.sendSkipped(state.skipped)}</Text> : null}
        {state.pending ? <Text color="fg.muted">{t.sendPending(state.pending)}</Text> : null}
      </Stack>
      <Box as="details">
        <Box as="summary" cursor="pointer" fontSize="sm" fontWeight="medium">
          {t.sendRecipients}
        </Box>
        <Table.ScrollArea mt="2" maxH="64" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Body>
              {state.recipients.map((recipient) => (
                <Table.Row key={recipient.email} data-testid="send-recipient">
                  <Table.Cell>
                    <Text dir="ltr" textAlign="end" fontSize="xs" wordBreak="break-all">
                      {recipient.email}
                    </Text>
                    {recipient.error ? (
                      <Text dir="ltr" textAlign="end" fontSize="xs" color="fg.error">
                        {recipient.error}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Badge size="sm" colorPalette={RECIPIENT_BADGES[recipient.status].palette}>
                      {RECIPIENT_BADGES[recipient.status].label}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Box>
    </Stack>
  );
}
