import { useState } from 'react';
import { Badge, Button, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { Download, Mail } from 'lucide-react';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import {
  useCountNewsletterSubscribers,
  useListNewsletterSubscribers,
  useRemoveNewsletterSubscriber,
  type SubscriberDto,
  type SubscriberStatus,
} from '../api';
import AdminList, { EmptyList } from '../components/AdminList';
import AdminPage from '../components/AdminPage';
import ConfirmDialog from '../components/ConfirmDialog';
import DeleteRowButton from '../components/DeleteRowButton';
import Pagination from '../components/Pagination';
import { paginate } from '../components/paginate';
import { withToasts } from '../notify';

type Tab = 'all' | SubscriberStatus;
const TABS = [
  ['all', t.tabAll],
  ['confirmed', t.tabConfirmed],
  ['pending', t.tabPending],
  ['unsubscribed', t.tabUnsubscribed],
] as const;

const STATUS_BADGES: Record<SubscriberStatus, { label: string; palette: string }> = {
  confirmed: { label: t.subscriberConfirmed, palette: 'green' },
  pending: { label: t.subscriberPending, palette: 'yellow' },
  unsubscribed: { label: t.subscriberUnsubscribed, palette: 'gray' },
};

export function SubscriberStatusBadge({ status }: { status: SubscriberStatus }) {
  const badge = STATUS_BADGES[status];
  return <Badge colorPalette={badge.palette}>{badge.label}</Badge>;
}

/** /admin/subscribers: the newsletter's addresses by status, with their counts, the CSV export and removal. */
export default function SubscribersPage() {
  const subscribers = useListNewsletterSubscribers();
  const counts = useCountNewsletterSubscribers();
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const [toRemove, setToRemove] = useState<SubscriberDto | null>(null);

  const remove = useRemoveNewsletterSubscriber(
    withToasts({ done: [t.subscriberRemoved], failed: [t.subscriberRemoveError], after: () => setToRemove(null) }),
  );

  const all = subscribers.data ?? [];
  const slice = paginate(tab === 'all' ? all : all.filter((subscriber) => subscriber.status === tab), page);
  const countOf = (value: Tab) => (value === 'all' ? counts.data?.total : counts.data?.[value]);

  const list = (
    <AdminList
      query={subscribers}
      errorTitle={t.failedFetchSubscribers}
      isEmpty={slice.total === 0}
      empty={
        <EmptyList
          icon={<Mail size={40} aria-hidden />}
          title={all.length === 0 ? t.noSubscribers : t.noSubscribersInTab}
          hint={all.length === 0 ? t.noSubscribersHint : undefined}
        />
      }
      columns={[{ label: t.colEmail }, { label: t.colStatus }, { label: t.colSubscribedAt, hideBelow: 'md' }, { label: t.colActions }]}
      footer={
        <Pagination
          page={slice.page}
          totalPages={slice.totalPages}
          caption={t.subscribersShowing(slice.from, slice.to, slice.total)}
          onPageChange={setPage}
        />
      }
    >
      {slice.items.map((subscriber) => (
        <Table.Row key={subscriber.id} data-testid="subscriber-row">
          <Table.Cell>
            <Text dir="ltr" textAlign="end" wordBreak="break-all">
              {subscriber.email}
            </Text>
            <Text hideFrom="md" fontSize="xs" color="fg.muted">
              {formatDate(subscriber.createdAt)}
            </Text>
          </Table.Cell>
          <Table.Cell>
            <SubscriberStatusBadge status={subscriber.status} />
          </Table.Cell>
          <Table.Cell hideBelow="md" fontSize="xs" whiteSpace="nowrap">
            {formatDate(subscriber.createdAt)}
          </Table.Cell>
          <Table.Cell>
            <DeleteRowButton name={subscriber.email} onClick={() => setToRemove(subscriber)} />
          </Table.Cell>
        </Table.Row>
      ))}
    </AdminList>
  );

  return (
    <AdminPage
      title={t.subscribers}
      backTo="/admin"
      actions={
        <Button asChild variant="outline" size="sm">
          {/* a plain download: the browser sends the session cookie, and the server names the file */}
          <a href="/api/newsletter/export.csv" download>
            <Download size={16} aria-hidden />
            {t.exportCsv}
          </a>
        </Button>
      }
    >
      <Stack gap="4">
        {counts.data ? (
          <Text color="fg.muted" data-testid="subscribers-total">
            {t.subscribersTotal(counts.data.total)}
          </Text>
        ) : null}
        <Tabs.Root
          value={tab}
          onValueChange={(event) => {
            setTab(event.value as Tab);
            setPage(1);
          }}
          variant="line"
        >
          <Tabs.List overflowX="auto" overflowY="hidden">
            {TABS.map(([value, label]) => (
              <Tabs.Trigger key={value} value={value} flexShrink={0}>
                {label}
                <Badge size="sm" variant="subtle" data-testid={`subscribers-count-${value}`}>
                  {countOf(value) ?? '…'}
                </Badge>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map(([value]) => (
            <Tabs.Content key={value} value={value} pt="4">
              {tab === value ? list : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Stack>
      <ConfirmDialog
        open={toRemove !== null}
        title={t.areYouSure}
        description={toRemove ? t.subscriberWillBeRemoved(toRemove.email) : ''}
        pending={remove.isPending}
        onConfirm={() => toRemove && remove.mutate({ id: toRemove.id })}
        onClose={() => setToRemove(null)}
      />
    </AdminPage>
  );
}
