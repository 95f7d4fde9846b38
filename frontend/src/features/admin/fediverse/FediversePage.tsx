import { Badge, Box, Stack, Tabs, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { Ban, Send, Users, type LucideIcon } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useCountDeliveries, useCountFollowers, useGetFederationSettings } from '../api';
import AdminPage from '../components/AdminPage';
import { ErrorState, LoadingState } from '../components/QueryState';
import AccountCard from './AccountCard';
import BlocksPanel from './BlocksPanel';
import DeliveriesPanel from './DeliveriesPanel';
import FollowersPanel from './FollowersPanel';
import { viewFrom, type FediverseView } from './fediverse-rules';

/** A section tab's icon, left out on a phone, where the three names need the width. */
function SectionIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <Box as="span" display="inline-flex" hideBelow="sm">
      <Icon size={16} aria-hidden />
    </Box>
  );
}

/**
 * /admin/fediverse: the blog as a fediverse account (issue 27, docs/decisions/031). The account (handle, approval)
 * above; below, a section at a time, named in the address (?view=…): followers and requests, deliveries, blocks.
 */
export default function FediversePage() {
  const settings = useGetFederationSettings({ query: { refetchOnWindowFocus: false } });
  const [params, setParams] = useSearchParams();
  const view = viewFrom(params.get('view'));
  const pending = useCountFollowers().data?.pending ?? 0;
  const failed = useCountDeliveries().data?.failed ?? 0;

  const go = (next: FediverseView) => setParams(next === 'followers' ? {} : { view: next }, { replace: true });

  return (
    <AdminPage title={t.fediverse} backTo="/admin" maxW="4xl">
      <Stack gap="6">
        <Text color="fg.muted">{t.fediverseIntro}</Text>
        {settings.isLoading ? (
          <LoadingState rows={3} />
        ) : settings.isError || !settings.data ? (
          <ErrorState title={t.failedFetchFediverse} error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <AccountCard settings={settings.data} />
            <Tabs.Root
              value={view}
              onValueChange={(event) => go(event.value as FediverseView)}
              variant="enclosed"
              size={{ base: 'lg', md: 'md' }}
              fitted
            >
              <Tabs.List aria-label={t.fediverseSections}>
                <Tabs.Trigger value="followers">
                  <SectionIcon icon={Users} />
                  {t.followers}
                  {pending > 0 ? (
                    <Badge size="sm" colorPalette="yellow" variant="solid" title={t.followRequestsWaiting(pending)}>
                      {pending}
                    </Badge>
                  ) : null}
                </Tabs.Trigger>
                <Tabs.Trigger value="deliveries">
                  <SectionIcon icon={Send} />
                  {t.deliveries}
                  {failed > 0 ? (
                    <Badge size="sm" colorPalette="red" variant="solid" title={`${t.deliveryFailed}: ${failed}`}>
                      {failed}
                    </Badge>
                  ) : null}
                </Tabs.Trigger>
                <Tabs.Trigger value="blocks">
                  <SectionIcon icon={Ban} />
                  {t.blocks}
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="followers" pt="5">
                {view === 'followers' ? <FollowersPanel approveFollows={settings.data.approveFollows} /> : null}
              </Tabs.Content>
              <Tabs.Content value="deliveries" pt="5">
                {view === 'deliveries' ? <DeliveriesPanel /> : null}
              </Tabs.Content>
              <Tabs.Content value="blocks" pt="5">
                {view === 'blocks' ? <BlocksPanel /> : null}
              </Tabs.Content>
            </Tabs.Root>
          </>
        )}
      </Stack>
    </AdminPage>
  );
}
