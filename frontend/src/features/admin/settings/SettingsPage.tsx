import { Box, Card, Field, Grid, HStack, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import { Bird, Briefcase, Camera, Ghost, Mail } from 'lucide-react';
import { SOCIAL_PROFILE_BASE, socialLinkUrl } from '@mudawwana/rules';
import { admin as t } from '@/i18n/admin';
import { useGetSocialLinks, useUpdateSocialLinks } from '../api';
import { saveFormMutation, useSavedForm } from '../components/useSavedForm';
import AdminPage from '../components/AdminPage';
import { SaveRow } from '../components/SaveButton';
import { ErrorState, LoadingState } from '../components/QueryState';
import { FORM_NETWORKS, socialFormFrom, socialPayload, type FormNetwork, type SocialForm } from './social-form';
import TitledCard from '../components/TitledCard';
import DateDisplayCard from './DateDisplayCard';

const NETWORK_LABEL: Record<FormNetwork, string> = {
  twitter: 'Twitter',
  instagram: 'Instagram',
  snapchat: 'Snapchat',
  linkedin: 'LinkedIn',
};
const NETWORK_ICON = { twitter: Bird, instagram: Camera, snapchat: Ghost, linkedin: Briefcase } as const;

function Previews({ form }: { form: SocialForm }) {
  const links = FORM_NETWORKS.map((n) => ({ network: n, url: socialLinkUrl(n, form[n]), handle: form[n].trim() })).filter((l) => l.url);
  return (
    <Stack gap="4">
      <TitledCard title={t.contactPreview} testId="contact-preview">
        <Stack gap="2">
          <Text fontWeight="bold">{t.contactInfo}</Text>
          {links.length === 0 ? <Text color="fg.muted">{t.noSocialLinks}</Text> : null}
          {links.map(({ network, url, handle }) => {
            const Icon = NETWORK_ICON[network];
            return (
              <HStack key={network} gap="2">
                <Icon size={16} aria-hidden />
                <Text>{NETWORK_LABEL[network]}:</Text>
                <Link href={url!} target="_blank" rel="noreferrer" dir="ltr" colorPalette="blue">
                  {handle.startsWith('http') ? handle : `@${handle.replace(/^@/, '')}`}
                </Link>
              </HStack>
            );
          })}
          <HStack gap="2" color="fg.muted">
            <Mail size={16} aria-hidden />
            <Text fontSize="sm">{t.email}</Text>
          </HStack>
        </Stack>
      </TitledCard>
      <TitledCard title={t.followUsPreview} testId="follow-preview">
        <Text fontWeight="bold" mb="2">
          {t.followUs}
        </Text>
        <HStack gap="2">
          {links.length === 0 ? <Text color="fg.muted">{t.noSocialLinks}</Text> : null}
          {links.map(({ network, url }) => {
            const Icon = NETWORK_ICON[network];
            return (
              <Link
                key={network}
                href={url!}
                target="_blank"
                rel="noreferrer"
                aria-label={NETWORK_LABEL[network]}
                title={url!}
                p="2"
                borderRadius="full"
                bg="bg.muted"
              >
                <Icon size={18} />
              </Link>
            );
          })}
        </HStack>
      </TitledCard>
    </Stack>
  );
}

export default function SettingsPage() {
  const social = useGetSocialLinks({ query: { refetchOnWindowFocus: false } });
  const { form, setForm, baseline, saved } = useSavedForm(social.data, socialFormFrom);

  const update = useUpdateSocialLinks(saveFormMutation(saved, { savedBody: t.socialUpdatedBody, failedBody: t.socialUpdateError }));

  const changed = !!form && !!baseline && FORM_NETWORKS.some((n) => form[n] !== baseline[n]);

  return (
    <AdminPage title={t.settings} backTo="/admin">
      {social.isLoading || (!form && !social.isError) ? (
        <LoadingState />
      ) : social.isError || !form ? (
        <ErrorState title={t.socialUpdateError} error={social.error} onRetry={() => void social.refetch()} />
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 360px' }} gap="6" alignItems="start">
          <Card.Root variant="outline">
            <Card.Header>
              <Card.Title as="h2">{t.socialLinks}</Card.Title>
              <Card.Description>{t.socialHint}</Card.Description>
            </Card.Header>
            <Card.Body>
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  if (changed) update.mutate({ data: socialPayload(form) });
                }}
              >
                <Stack gap="4">
                  {FORM_NETWORKS.map((network) => (
                    <Field.Root key={network}>
                      <Field.Label>{NETWORK_LABEL[network]}</Field.Label>
                      <Box w="full" dir="ltr">
                        <InputGroup startAddon={SOCIAL_PROFILE_BASE[network].replace('https://', '')}>
                          <Input
                            name={network}
                            placeholder="username"
                            value={form[network]}
                            onChange={(e) => setForm((prev) => (prev ? { ...prev, [network]: e.target.value } : prev))}
                          />
                        </InputGroup>
                      </Box>
                    </Field.Root>
                  ))}
                  <SaveRow changed={changed} pending={update.isPending} />
                </Stack>
              </form>
            </Card.Body>
          </Card.Root>
          <Previews form={form} />
        </Grid>
      )}
      <Box mt="6">
        <DateDisplayCard />
      </Box>
    </AdminPage>
  );
}
