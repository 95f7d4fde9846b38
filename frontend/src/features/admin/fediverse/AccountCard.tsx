import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Card, Field, Flex, Input, InputGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { Save } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useUpdateFederationSettings, type FederationSettingsDto } from '../api';
import { TAP } from '../components/tap';
import { notifyError, notifySuccess } from '../notify';
import { toaster } from '../shell';
import CopyButton from './CopyButton';
import { handleError } from './fediverse-rules';

/** An address shown as the fediverse writes it: left to right in its own island, broken anywhere on a phone. */
function Address({ children, testId, size = 'sm' }: { children: ReactNode; testId?: string; size?: 'sm' | 'xl' }) {
  return (
    <Text
      as="bdi"
      dir="ltr"
      display="block"
      textAlign="end"
      fontSize={size === 'xl' ? { base: 'md', md: 'xl' } : 'sm'}
      fontWeight={size === 'xl' ? '600' : undefined}
      overflowWrap="anywhere"
      minW="0"
      data-testid={testId}
    >
      {children}
    </Text>
  );
}

/**
 * The blog's account: the handle people search for (copyable), its name before the @ (editable: the API says whether
 * it is taken), the actor's fixed id, and whether follows wait for the author's approval (saved as it is switched).
 */
export default function AccountCard({ settings }: { settings: FederationSettingsDto }) {
  const host = settings.account.slice(settings.handle.length + 2);
  const [handle, setHandle] = useState(settings.handle);
  const [problem, setProblem] = useState<string | null>(null);
  // the saved handle changed elsewhere (another tab, the approval switch's answer): show it
  useEffect(() => setHandle(settings.handle), [settings.handle]);

  const saveHandle = useUpdateFederationSettings({
    mutation: {
      onSuccess: () => notifySuccess(t.handleSaved),
      onError: (error) => {
        const why = handleError(error) ?? t.handleSaveError;
        setProblem(why);
        toaster.create({ type: 'error', title: t.handleSaveError, description: why });
      },
    },
  });
  const saveApproval = useUpdateFederationSettings({
    mutation: {
      onSuccess: (saved) => notifySuccess(saved.approveFollows ? t.approveFollowsOn : t.approveFollowsOff),
      onError: (error) => notifyError(t.approveFollowsError, error),
    },
  });

  // while the switch's change is on its way, it shows what was asked
  const approveFollows = saveApproval.isPending ? saveApproval.variables.data.approveFollows : settings.approveFollows;
  const changed = handle.trim() !== settings.handle;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) saveHandle.mutate({ data: { handle: handle.trim() } });
  };

  return (
    <Card.Root variant="outline" data-testid="fediverse-account">
      <Card.Header>
        <Card.Title as="h2">{t.fediverseAccount}</Card.Title>
        <Card.Description>{t.fediverseAccountHint}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <Flex gap="3" align="center" wrap="wrap">
            <Box flex="1" minW="0">
              <Address size="xl" testId="fediverse-handle">
                {/* a narrow screen breaks it before the host rather than inside a word */}@{settings.handle}
                <wbr />@{host}
              </Address>
            </Box>
            <CopyButton text={settings.account} label={t.copyAccount} />
          </Flex>

          <form onSubmit={submit} noValidate>
            <Stack gap="3">
              <Field.Root invalid={problem !== null}>
                <Field.Label>{t.handleLabel}</Field.Label>
                {/* the handle as it is written, left to right: @name@host */}
                <Box w="full" dir="ltr">
                  {/* the host after the name on a wider screen; a phone's field keeps its width for the name */}
                  <InputGroup startAddon="@" endAddon={<bdi>@{host}</bdi>} endAddonProps={{ hideBelow: 'sm' }}>
                    <Input
                      h={{ base: '11', md: '10' }}
                      name="handle"
                      autoComplete="off"
                      autoCapitalize="none"
                      spellCheck={false}
                      maxLength={30}
                      value={handle}
                      onChange={(event) => {
                        setHandle(event.target.value);
                        setProblem(null);
                      }}
                    />
                  </InputGroup>
                </Box>
                <Field.HelperText>{t.handleHint}</Field.HelperText>
                <Field.ErrorText>{problem}</Field.ErrorText>
              </Field.Root>
              <Flex justify="flex-end">
                <Button type="submit" colorPalette="blue" {...TAP} disabled={!changed || saveHandle.isPending}>
                  <Save size={16} aria-hidden />
                  {saveHandle.isPending ? t.saving : t.save}
                </Button>
              </Flex>
            </Stack>
          </form>

          <Stack gap="1">
            <Switch.Root
              colorPalette="blue"
              checked={approveFollows}
              disabled={saveApproval.isPending}
              onCheckedChange={(event) => saveApproval.mutate({ data: { approveFollows: event.checked } })}
              name="approveFollows"
              minH="11"
            >
              <Switch.HiddenInput />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label>{t.approveFollows}</Switch.Label>
            </Switch.Root>
            <Text fontSize="sm" color="fg.muted">
              {t.approveFollowsHint}
            </Text>
          </Stack>

          <Stack gap="1">
            <Text fontSize="sm" fontWeight="600">
              {t.actorUrl}
            </Text>
            <Flex gap="3" align="center" wrap="wrap">
              <Box flex="1" minW="0">
                <Address testId="fediverse-actor-url">{settings.actorUrl}</Address>
              </Box>
              <CopyButton text={settings.actorUrl} label={t.copyActorUrl} />
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              {t.actorUrlHint}
            </Text>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
