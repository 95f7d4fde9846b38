import { Box, IconButton } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';

/** How far the page must scroll in one direction before the button hides or comes back (ignores jitter). */
const SCROLL_SLACK_PX = 8;

/**
 * True while the reader scrolls down (reading on), false once they scroll back up or reach the top. On a phone the
 * floating button then steps out of the text's way, as the browser's own bars do.
 */
function useReadingOn(): boolean {
  const [readingOn, setReadingOn] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < SCROLL_SLACK_PX) return;
      setReadingOn(y > last && y > 0);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return readingOn;
}

/**
 * The floating refresh button of the home and post screens (SPEC §2), at the bottom of the inline end side (the
 * left in Arabic), where lines end rather than start. While the data is read again its icon spins and the screen
 * keeps what it shows. On a phone it hides while the reader scrolls down.
 */
export function RefreshButton({ label, onRefresh }: { label: string; onRefresh: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const hidden = useReadingOn() && !busy;
  return (
    <IconButton
      aria-label={label}
      title={label}
      position="fixed"
      bottom={{ base: '4', md: '6' }}
      insetEnd={{ base: '4', md: '6' }}
      zIndex="sticky"
      rounded="full"
      size={{ base: 'md', md: 'lg' }}
      colorPalette="blue"
      shadow="lg"
      transform={{ base: hidden ? 'translateY(calc(100% + 2rem))' : 'none', md: 'none' }}
      transition="transform .25s ease"
      _motionReduce={{ transition: 'none' }}
      disabled={busy}
      aria-busy={busy}
      data-testid="refresh-button"
      data-hidden-while-reading={hidden || undefined}
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
