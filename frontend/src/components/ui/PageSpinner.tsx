import { Center, Spinner } from '@chakra-ui/react';
import { t } from '@/i18n';

export function PageSpinner() {
  return (
    <Center py="24" role="status" aria-live="polite" data-testid="page-spinner">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <span className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('common.loading')}
      </span>
    </Center>
  );
}
