import { Alert, Button, Center, Spinner, Stack } from '@chakra-ui/react';
import { admin as t } from '@/i18n/admin';

export function LoadingState() {
  return (
    <Center py="16" role="status" aria-label={t.loading}>
      <Spinner size="lg" />
    </Center>
  );
}

export function ErrorState({ title, error, onRetry }: { title: string; error?: unknown; onRetry?: () => void }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Stack gap="1" flex="1">
        <Alert.Title>{title}</Alert.Title>
        {error instanceof Error ? <Alert.Description>{error.message}</Alert.Description> : null}
      </Stack>
      {onRetry ? (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t.retry}
        </Button>
      ) : null}
    </Alert.Root>
  );
}
