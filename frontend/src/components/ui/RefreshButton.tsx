import { Box, IconButton } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';

/**
 * The floating refresh button of the home and post screens (SPEC §2). While the data is read again its icon spins
 * and the screen keeps what it shows.
 */
export function RefreshButton({ label, onRefresh }: { label: string; onRefresh: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <IconButton
      aria-label={label}
      title={label}
      position="fixed"
      bottom="6"
      insetStart="6"
      zIndex="sticky"
      rounded="full"
      size="lg"
      colorPalette="blue"
      shadow="lg"
      disabled={busy}
      aria-busy={busy}
      data-testid="refresh-button"
      onClick={async () => {
        setBusy(true);
        try {
          await onRefresh();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Box as="span" display="inline-flex" animation={busy ? 'spin 1s linear infinite' : undefined} _motionReduce={{ animation: 'none' }}>
        <RefreshCw aria-hidden />
      </Box>
    </IconButton>
  );
}
