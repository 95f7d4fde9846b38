import { useState } from 'react';
import { Alert, Box, Button, Card, Code, Field, Flex, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Check, Copy, KeyRound, Plus } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { formatDate } from '@/i18n/format';
import { useCreateApiToken, useListApiTokens, useRevokeApiToken, type ApiTokenDto, type CreatedApiTokenDto } from '../api';
import ConfirmDialog from '../components/ConfirmDialog';
import { ErrorState, LoadingState } from '../components/QueryState';
import RequiredTextField from '../components/RequiredTextField';
import { useCopyToClipboard } from '../components/useCopyToClipboard';
import { notifyError, notifySuccess } from '../notify';
import { DEFAULT_TOKEN_EXPIRY, isTokenExpired, TOKEN_EXPIRY_DAYS, tokenExpiresAt, type TokenExpiry } from './token-rules';

/** The token just created: shown once (the server keeps only its hash), with a copy button. */
function NewToken({ token, onDone }: { token: CreatedApiTokenDto; onDone: () => void }) {
  const { copied, copy } = useCopyToClipboard(t.tokenCopyFailed);

  return (
    <Alert.Root status="warning" data-testid="new-token">
      <Alert.Indicator />
      <Stack gap="3" flex="1" minW="0">
        <Alert.Title>{t.newTokenTitle(token.name)}</Alert.Title>
        <Alert.Description>{t.newTokenWarning}</Alert.Description>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
          <Input
            readOnly
            aria-label={t.newTokenLabel}
            value={token.token}
            dir="ltr"
            fontFamily="mono"
            fontSize="sm"
            color="fg"
            bg="bg"
            onFocus={(event) => event.currentTarget.select()}
            data-testid="new-token-value"
          />
          <HStack gap="2" flexShrink={0}>
            <Button variant="solid" colorPalette="blue" onClick={() => void copy(token.token)} aria-live="polite">
              {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
              {copied ? t.tokenCopied : t.copyToken}
            </Button>
            <Button variant="outline" onClick={onDone}>
              {t.doneWithToken}
            </Button>
          </HStack>
        </Stack>
      </Stack>
    </Alert.Root>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiTokenDto; onRevoke: () => void }) {
  const expired = isTokenExpired(token.expiresAt);
  return (
    <Flex as="li" gap="3" py="3" justify="space-between" align="flex-start" _notFirst={{ borderTopWidth: '1px' }} data-testid="token-row">
      <Stack gap="1" minW="0">
        <Text fontWeight="semibold" wordBreak="break-word">
          {token.name}
        </Text>
        <Flex wrap="wrap" columnGap="4" rowGap="1" fontSize="sm" color="fg.muted">
          <Text>
            {t.tokenCreated}: {formatDate(token.createdAt)}
          </Text>
          <Text>
            {t.tokenLastUsed}: {token.lastUsedAt ? formatDate(token.lastUsedAt) : t.tokenNeverUsed}
          </Text>
          <Text color={expired ? 'fg.error' : undefined}>
            {expired ? t.tokenExpired : `${t.tokenExpires}: ${token.expiresAt ? formatDate(token.expiresAt) : t.tokenExpiryNever}`}
          </Text>
        </Flex>
      </Stack>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        flexShrink={0}
        aria-label={`${t.revokeToken}: ${token.name}`}
        onClick={onRevoke}
      >
        {t.revokeToken}
      </Button>
    </Flex>
  );
}

/** Personal access tokens for scripts: create (shown once), list with their dates, revoke. */
export default function ApiTokensCard() {
  const tokens = useListApiTokens();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<TokenExpiry>(DEFAULT_TOKEN_EXPIRY);
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiTokenDto | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenDto | null>(null);

  const create = useCreateApiToken({
    mutation: {
      onSuccess: (token) => {
        setCreated(token);
        setName('');
      },
      onError: (error) => notifyError(t.tokenCreateError, error),
    },
  });
  const revoke = useRevokeApiToken({
    mutation: {
      onSuccess: (_nothing, { id }) => {
        notifySuccess(t.tokenRevoked);
        setRevoking(null);
        if (created?.id === id) setCreated(null);
      },
      onError: (error) => notifyError(t.tokenRevokeError, error),
    },
  });

  const submit = () => {
    if (!name.trim()) {
      setNameError(t.tokenNameRequired);
      return;
    }
    create.mutate({ data: { name: name.trim(), expiresAt: tokenExpiresAt(expiry) } });
  };

  return (
    <Card.Root variant="outline" data-testid="api-tokens">
      <Card.Header>
        <HStack gap="2">
          <KeyRound size={18} aria-hidden />
          <Card.Title as="h2">{t.apiTokens}</Card.Title>
        </HStack>
        <Card.Description as="div">
          <Text>
            {t.apiTokensIntro}{' '}
            <Code dir="ltr" unicodeBidi="isolate">
              Authorization: Bearer …
            </Code>
          </Text>
          <Text mt="1">{t.apiTokensLimits}</Text>
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-start' }}>
              <RequiredTextField
                label={t.tokenName}
                root={{ flex: '1' }}
                name="tokenName"
                maxLength={100}
                placeholder={t.tokenNamePlaceholder}
                value={name}
                error={nameError}
                onValueChange={(value) => {
                  setName(value);
                  setNameError(null);
                }}
              />
              <Field.Root w={{ base: 'full', md: '44' }}>
                <Field.Label>{t.tokenExpiry}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name="tokenExpiry"
                    value={String(expiry)}
                    onChange={(event) => setExpiry(event.target.value === 'null' ? null : (Number(event.target.value) as TokenExpiry))}
                  >
                    {TOKEN_EXPIRY_DAYS.map((days) => (
                      <option key={String(days)} value={String(days)}>
                        {days === null ? t.tokenExpiryNever : t.tokenExpiryDays(days)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Box pt={{ base: '0', md: '7' }}>
                <Button type="submit" colorPalette="blue" w={{ base: 'full', md: 'auto' }} disabled={create.isPending}>
                  <Plus size={16} aria-hidden />
                  {create.isPending ? t.creatingToken : t.createToken}
                </Button>
              </Box>
            </Stack>
          </form>

          {created ? <NewToken key={created.id} token={created} onDone={() => setCreated(null)} /> : null}

          {tokens.isLoading ? (
            <LoadingState />
          ) : tokens.isError ? (
            <ErrorState title={t.failedLoadTokens} error={tokens.error} onRetry={() => void tokens.refetch()} />
          ) : tokens.data?.length ? (
            <Stack as="ul" gap="0" listStyleType="none">
              {tokens.data.map((token) => (
                <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
              ))}
            </Stack>
          ) : (
            <Text color="fg.muted">{t.noTokens}</Text>
          )}
        </Stack>
      </Card.Body>

      <ConfirmDialog
        open={revoking !== null}
        title={t.areYouSure}
        description={revoking ? t.tokenWillBeRevoked(revoking.name) : ''}
        confirmLabel={t.revokeToken}
        pendingLabel={t.revokingToken}
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onClose={() => setRevoking(null)}
      />
    </Card.Root>
  );
}
