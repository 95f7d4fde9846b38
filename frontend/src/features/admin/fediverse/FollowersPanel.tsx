import { useEffect, useState } from 'react';
import { Alert, Avatar, Badge, Box, Button, Card, HStack, Link, Stack, Tabs, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Check, Trash2, Users, X, type LucideIcon } from 'lucide-react';
import { pageCount, pageRange, pageWindow } from '@mudawwana/rules';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import { useApproveFollower, useCountFollowers, useListFollowers, useRemoveFollower, type FollowerDto, type FollowerStatus } from '../api';
import { EmptyList } from '../components/AdminList';
import ConfirmDialog from '../components/ConfirmDialog';
import Pagination from '../components/Pagination';
import { PAGE_SIZE } from '../components/paginate';
import { ErrorState, LoadingState } from '../components/QueryState';
import { TAP } from '../components/tap';
import { withToasts } from '../notify';

/** Two letters of a name for an avatar without a picture. */
function initials(name: string): string {
  return Array.from(name.trim()).slice(0, 2).join('') || '؟';
}

/**
 * The followers and, when follows wait for approval (or some still wait from before), the requests: each a tab with
 * its count. A follower can be removed (asked first); a request accepted or refused.
 */
export default function FollowersPanel({ approveFollows }: { approveFollows: boolean }) {
  const counts = useCountFollowers();
  const [tab, setTab] = useState<FollowerStatus>('accepted');
  const pending = counts.data?.pending ?? 0;
  const showRequests = approveFollows || pending > 0;
  // approval turned off with no request left: back to the followers
  useEffect(() => {
    if (!showRequests && tab === 'pending') setTab('accepted');
  }, [showRequests, tab]);

  return (
    <Stack gap="4">
      {counts.data ? (
        <Text fontSize="lg" fontWeight="600" data-testid="followers-total">
          {t.followersTotal(counts.data.accepted)}
        </Text>
      ) : null}
      {showRequests ? (
        <Tabs.Root
          value={tab}
          onValueChange={(event) => setTab(event.value as FollowerStatus)}
          variant="line"
          size={{ base: 'lg', md: 'md' }}
        >
          <Tabs.List aria-label={t.followerStates} flexWrap="wrap">
            <Tabs.Trigger value="accepted" flexShrink={0}>
              {t.followersTabAccepted}
              <Badge size="sm" variant="subtle" data-testid="followers-count-accepted">
                {counts.data?.accepted ?? '…'}
              </Badge>
            </Tabs.Trigger>
            <Tabs.Trigger value="pending" flexShrink={0}>
              {t.followersTabPending}
              <Badge
                size="sm"
                variant={pending ? 'solid' : 'subtle'}
                colorPalette={pending ? 'yellow' : undefined}
                title={t.followRequestsWaiting(pending)}
                data-testid="followers-count-pending"
              >
                {counts.data?.pending ?? '…'}
              </Badge>
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="accepted" p="0" pt="4">
            {tab === 'accepted' ? <FollowerList status="accepted" /> : null}
          </Tabs.Content>
          <Tabs.Content value="pending" p="0" pt="4">
            {!approveFollows && pending > 0 ? (
              <Alert.Root status="info" size="sm" mb="4">
                <Alert.Indicator />
                <Alert.Description>{t.approvalOffWithRequests}</Alert.Description>
              </Alert.Root>
            ) : null}
            {tab === 'pending' ? <FollowerList status="pending" /> : null}
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <FollowerList status="accepted" />
      )}
    </Stack>
  );
}

/** One state's followers, newest first, a page at a time, with what can be done with each. */
function FollowerList({ status }: { status: FollowerStatus }) {
  const [page, setPage] = useState(1);
  const [toRemove, setToRemove] = useState<FollowerDto | null>(null);
  const followers = useListFollowers({ status, ...pageWindow(page, PAGE_SIZE) }, { query: { placeholderData: keepPreviousData } });
  const remove = useRemoveFollower(
    status === 'accepted'
      ? withToasts({ done: [t.followerRemoved], failed: [t.followerRemoveError], after: () => setToRemove(null) })
      : withToasts({ done: [t.followRequestRejected], failed: [t.followRequestError], after: () => setToRemove(null) }),
  );
  const approve = useApproveFollower(withToasts({ done: [t.followRequestApproved], failed: [t.followRequestError] }));

  const total = followers.data?.total ?? 0;
  const totalPages = pageCount(total, PAGE_SIZE);
  // a removal that emptied the last page: show the new last page
  useEffect(() => {
    if (followers.data && page > totalPages) setPage(totalPages);
  }, [followers.data, page, totalPages]);
  const { from, to } = pageRange(page, PAGE_SIZE, total);

  if (followers.isLoading) return <LoadingState rows={3} />;
  if (followers.isError)
    return <ErrorState title={t.failedFetchFollowers} error={followers.error} onRetry={() => void followers.refetch()} />;
  if (total === 0) {
    return status === 'accepted' ? (
      <EmptyList icon={<Users size={40} aria-hidden />} title={t.noFollowers} hint={t.noFollowersHint} />
    ) : (
      <EmptyList icon={<Users size={40} aria-hidden />} title={t.noFollowRequests} />
    );
  }
  return (
    <Stack gap="3">
      <Stack as="ul" gap="3" listStyleType="none" aria-label={status === 'accepted' ? t.followers : t.followersTabPending}>
        {(followers.data?.items ?? []).map((follower) => (
          <FollowerRow
            key={follower.id}
            follower={follower}
            busy={approve.isPending || remove.isPending}
            onApprove={() => approve.mutate({ id: follower.id })}
            onRemove={() => setToRemove(follower)}
          />
        ))}
      </Stack>
      <Pagination
        page={page}
        totalPages={totalPages}
        caption={status === 'accepted' ? t.followersShowing(from, to, total) : t.followRequestsShowing(from, to, total)}
        onPageChange={setPage}
        label={t.followersPagination}
      />
      <ConfirmDialog
        open={toRemove !== null}
        title={t.areYouSure}
        description={
          toRemove ? (status === 'accepted' ? t.followerWillBeRemoved(toRemove.name) : t.followRequestWillBeRejected(toRemove.name)) : ''
        }
        confirmLabel={status === 'accepted' ? t.followerRemove : t.followerReject}
        pending={remove.isPending}
        onConfirm={() => toRemove && remove.mutate({ id: toRemove.id })}
        onClose={() => setToRemove(null)}
      />
    </Stack>
  );
}

interface FollowerRowProps {
  follower: FollowerDto;
  busy: boolean;
  onApprove: () => void;
  onRemove: () => void;
}

/** A follower: avatar, name, handle linking to their profile, since when; remove, or accept and refuse a request. */
function FollowerRow({ follower, busy, onApprove, onRemove }: FollowerRowProps) {
  const held = follower.status === 'pending';
  const date = formatDate(follower.createdAt);
  return (
    <Card.Root as="li" variant="outline" size="sm" data-testid="follower-row" data-status={follower.status}>
      <Card.Body p={{ base: '3', md: '4' }}>
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'center' }}>
          <HStack gap="3" flex="1" minW="0" align="center">
            <Avatar.Root size="md" flexShrink={0}>
              <Avatar.Fallback>{initials(follower.name)}</Avatar.Fallback>
              {/* another server's picture, for the author's eyes only: sent no referrer */}
              {follower.avatarUrl ? <Avatar.Image src={follower.avatarUrl} alt="" referrerPolicy="no-referrer" /> : null}
            </Avatar.Root>
            <Stack gap="0" minW="0" flex="1">
              <Text fontWeight="600" overflowWrap="anywhere" data-testid="follower-name">
                <bdi>{follower.name}</bdi>
              </Text>
              <FollowerHandle follower={follower} />
              <Text fontSize="xs" color="fg.muted">
                <time dateTime={follower.createdAt}>{held ? t.followRequestedAt(date) : t.followerSince(date)}</time>
              </Text>
            </Stack>
          </HStack>
          <HStack gap="1" wrap="wrap" justify={{ base: 'flex-start', md: 'flex-end' }} flexShrink={0}>
            {held ? (
              <>
                <RowAction
                  icon={Check}
                  label={t.followerApprove}
                  handle={follower.handle}
                  palette="green"
                  disabled={busy}
                  onClick={onApprove}
                />
                <RowAction icon={X} label={t.followerReject} handle={follower.handle} palette="red" disabled={busy} onClick={onRemove} />
              </>
            ) : (
              <RowAction icon={Trash2} label={t.followerRemove} handle={follower.handle} palette="red" disabled={busy} onClick={onRemove} />
            )}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** '@sara@mastodon.example', left to right, a link to the profile on their server when it has one. */
function FollowerHandle({ follower }: { follower: FollowerDto }) {
  const text = (
    <Box as="bdi" dir="ltr" display="inline-block" maxW="full" overflowWrap="anywhere" data-testid="follower-handle">
      {follower.handle}
    </Box>
  );
  const href = follower.profileUrl ?? follower.actorUrl;
  return (
    <Text fontSize="sm" color="fg.muted">
      <Link
        href={href}
        target="_blank"
        rel="noreferrer noopener nofollow"
        title={t.followerProfileHint}
        color="fg.muted"
        textDecoration="underline"
        textUnderlineOffset="3px"
        display="inline"
      >
        {text}
      </Link>
    </Text>
  );
}

interface RowActionProps {
  icon: LucideIcon;
  label: string;
  /** The account, said to screen readers with the action ('إزالة: @sara@mastodon.example'). */
  handle: string;
  palette: string;
  disabled: boolean;
  onClick: () => void;
}

/** One action of a row: its icon and its word, a 44 px target on a phone. */
function RowAction({ icon: Icon, label, handle, palette, disabled, onClick }: RowActionProps) {
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette={palette}
      {...TAP}
      aria-label={t.followerActionOn(label, handle)}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon size={16} aria-hidden />
      {label}
    </Button>
  );
}
