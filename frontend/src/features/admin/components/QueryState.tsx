import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { admin as t } from '@/i18n/admin';

/**
 * A screen's first load: rows in the shape of a list or a form. Only while there is nothing to show yet; a refetch
 * (after a save, a tab change, a retry) keeps the current content on screen.
 */
export function LoadingState({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="3" role="status" aria-label={t.loading} aria-busy="true" data-testid="admin-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h="14" rounded="md" />
      ))}
    </Stack>
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
