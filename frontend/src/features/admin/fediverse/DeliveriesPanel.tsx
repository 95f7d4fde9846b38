import { useEffect, useState } from 'react';
import { Badge, Box, Button, Card, HStack, Link as ChakraLink, Stack, Tabs, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { RotateCcw, Send } from 'lucide-react';
import { pageCount, pageRange, pageWindow } from '@mudawwana/rules';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import { useCountDeliveries, useListDeliveries, useRetryDelivery, type DeliveryDto } from '../api';
import { EmptyList } from '../components/AdminList';
import Pagination from '../components/Pagination';
import { PAGE_SIZE } from '../components/paginate';
import { ErrorState, LoadingState } from '../components/QueryState';
import { TAP } from '../components/tap';
import { withToasts } from '../notify';
import {
  ACTIVITY_LABEL,
  canRetry,
  DELIVERY_BADGE,
  DELIVERY_TABS,
  deliveryTabCount,
  serverOf,
  shownDeliveryTabs,
  type DeliveryTab,
} from './fediverse-rules';

/** What was sent to which server and how it went: a tab per state with its count, newest first, a retry on a failed one. */
export default function DeliveriesPanel() {
  const counts = useCountDeliveries();
  const [tab, setTab] = useState<DeliveryTab>('all');
  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm">
        {t.deliveriesIntro}
      </Text>
      <Tabs.Root value={tab} onValueChange={(event) => setTab(event.value as DeliveryTab)} variant="line" size={{ base: 'lg', md: 'md' }}>
        <Tabs.List aria-label={t.deliveryStates} flexWrap="wrap">
          {shownDeliveryTabs(counts.data, tab).map(({ value, label }) => {
            const count = deliveryTabCount(counts.data, value);
            const alarming = (value === 'failed' || value === 'gone') && !!count;
            return (
              <Tabs.Trigger key={value} value={value} flexShrink={0}>
                {label}
                <Badge
                  size="sm"
                  variant={alarming ? 'solid' : 'subtle'}
                  colorPalette={alarming ? DELIVERY_BADGE[value as 'failed' | 'gone'].palette : undefined}
                  data-testid={`deliveries-count-${value}`}
                >
                  {count ?? '…'}
                </Badge>
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {DELIVERY_TABS.map(({ value }) => (
          <Tabs.Content key={value} value={value} p="0" pt="4">
            {tab === value ? <DeliveryList tab={value} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}

function DeliveryList({ tab }: { tab: DeliveryTab }) {
  const [page, setPage] = useState(1);
  const deliveries = useListDeliveries(
    { ...(tab === 'all' ? {} : { status: tab }), ...pageWindow(page, PAGE_SIZE) },
    { query: { placeholderData: keepPreviousData } },
  );
  const retry = useRetryDelivery(withToasts({ done: [t.deliveryRetried], failed: [t.deliveryRetryError] }));

  const total = deliveries.data?.total ?? 0;
  const totalPages = pageCount(total, PAGE_SIZE);
  // a retry that took the last row out of the failed ones: show the new last page
  useEffect(() => {
    if (deliveries.data && page > totalPages) setPage(totalPages);
  }, [deliveries.data, page, totalPages]);
  const { from, to } = pageRange(page, PAGE_SIZE, total);

  if (deliveries.isLoading) return <LoadingState rows={3} />;
  if (deliveries.isError) {
    return <ErrorState title={t.failedFetchDeliveries} error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  }
  if (total === 0) {
    return tab === 'all' ? (
      <EmptyList icon={<Send size={40} aria-hidden />} title={t.noDeliveries} hint={t.noDeliveriesHint} />
    ) : (
      <EmptyList icon={<Send size={40} aria-hidden />} title={t.noDeliveriesInTab} />
    );
  }
  return (
    <Stack gap="3">
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t.deliveries}>
        {(deliveries.data?.items ?? []).map((delivery) => (
          <DeliveryRow
            key={delivery.id}
            delivery={delivery}
            retrying={retry.isPending && retry.variables.id === delivery.id}
            onRetry={() => retry.mutate({ id: delivery.id })}
          />
        ))}
      </Stack>
      <Pagination
        page={page}
        totalPages={totalPages}
        caption={t.deliveriesShowing(from, to, total)}
        onPageChange={setPage}
        label={t.deliveriesPagination}
      />
    </Stack>
  );
}

/** One activity to one inbox: what, to which server, its state, attempts, the last error and when it is tried next. */
function DeliveryRow({ delivery, retrying, onRetry }: { delivery: DeliveryDto; retrying: boolean; onRetry: () => void }) {
  const badge = DELIVERY_BADGE[delivery.status];
  const server = serverOf(delivery.inboxUrl);
  return (
    <Card.Root as="li" variant="outline" size="sm" data-testid="delivery-row" data-status={delivery.status}>
      <Card.Body p={{ base: '3', md: '4' }} gap="2">
        <HStack gap="2" rowGap="1" wrap="wrap">
          <Text fontWeight="600" data-testid="delivery-activity">
            {ACTIVITY_LABEL[delivery.activityType]}
          </Text>
          <Badge colorPalette={badge.palette} data-testid="delivery-status">
            {badge.label}
          </Badge>
          {delivery.postId !== null ? (
            <ChakraLink asChild fontSize="sm" textDecoration="underline" textUnderlineOffset="3px">
              <Link to={`/admin/edit/${delivery.postId}`}>{t.deliveryPost}</Link>
            </ChakraLink>
          ) : null}
        </HStack>
        <Text fontSize="sm">
          {t.deliveryTo}{' '}
          <Box as="bdi" dir="ltr" fontWeight="600" data-testid="delivery-server">
            {server}
          </Box>
        </Text>
        <Text as="bdi" dir="ltr" display="block" textAlign="end" fontSize="xs" color="fg.muted" overflowWrap="anywhere">
          {delivery.inboxUrl}
        </Text>
        <HStack gap="3" rowGap="0" wrap="wrap" fontSize="xs" color="fg.muted">
          <Text data-testid="delivery-attempts">{t.deliveryAttempts(delivery.attempts)}</Text>
          <Text>{t.deliveryCreatedAt(formatDate(delivery.createdAt))}</Text>
          {delivery.status === 'pending' ? <Text>{t.deliveryNextAttempt(formatDate(delivery.nextAttemptAt))}</Text> : null}
          {delivery.deliveredAt ? <Text>{t.deliveryDeliveredAt(formatDate(delivery.deliveredAt))}</Text> : null}
        </HStack>
        {delivery.lastError && delivery.status !== 'delivered' ? (
          <Text fontSize="sm" data-testid="delivery-error">
            {t.deliveryLastError}:{' '}
            <Box as="bdi" dir="ltr" overflowWrap="anywhere" color="red.fg">
              {delivery.lastError}
            </Box>
          </Text>
        ) : null}
        {canRetry(delivery.status) ? (
          <HStack>
            <Button size="sm" variant="outline" {...TAP} aria-label={t.deliveryRetryOn(server)} disabled={retrying} onClick={onRetry}>
              <RotateCcw size={16} aria-hidden />
              {t.deliveryRetry}
            </Button>
          </HStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
