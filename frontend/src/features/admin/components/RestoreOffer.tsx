import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { admin as t } from '@/i18n/admin';

interface RestoreOfferProps {
  title: string;
  /** What was found, and from when. */
  body: string;
  restoreLabel: string;
  onRestore: () => void;
  onDiscard: () => void;
  testId: string;
}

/** Above an editor: work found that was never saved (in this browser, or on the server), to restore or discard. */
export default function RestoreOffer({ title, body, restoreLabel, onRestore, onDiscard, testId }: RestoreOfferProps) {
  return (
    <Alert.Root status="info" mb="6" data-testid={testId}>
      <Alert.Indicator />
      <Stack flex="1" gap="2">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{body}</Alert.Description>
        <HStack gap="2">
          <Button size="sm" onClick={onRestore}>
            {restoreLabel}
          </Button>
          <Button size="sm" variant="outline" onClick={onDiscard}>
            {t.discard}
          </Button>
        </HStack>
      </Stack>
    </Alert.Root>
  );
}
