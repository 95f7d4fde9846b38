import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';

interface TapCheckboxProps {
  /** What the box selects, for screen readers (when there is no visible text). */
  label?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Visible text next to the box (then the box is named by it). */
  children?: ReactNode;
}

/**
 * A checkbox of the bulk selection whose whole 44 × 44 px surround takes the tap (the box itself is 18 px), so a
 * finger on a phone does not miss it; with `children`, the text next to it takes the tap too.
 */
export default function TapCheckbox({ label, checked, onChange, children }: TapCheckboxProps) {
  return (
    <Box
      as="label"
      display="inline-flex"
      alignItems="center"
      gap="2"
      minW="11"
      minH="11"
      px={children ? '2' : undefined}
      justifyContent={children ? 'flex-start' : 'center'}
      cursor="pointer"
      flexShrink={0}
      borderRadius="md"
      _hover={{ bg: 'bg.muted' }}
    >
      <input
        type="checkbox"
        aria-label={children ? undefined : label}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        style={{ width: '1.15rem', height: '1.15rem', cursor: 'pointer', margin: 0 }}
      />
      {children}
    </Box>
  );
}
