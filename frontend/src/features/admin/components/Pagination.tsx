import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { pageNumbers } from '@mudawwana/rules';

interface PaginationProps {
  page: number;
  totalPages: number;
  caption: string;
  onPageChange: (page: number) => void;
  label?: string;
}

/** Previous / numbered pages / next, with the 'showing X to Y of Z' caption; hidden with a single page. */
export default function Pagination({ page, totalPages, caption, onPageChange, label }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <Stack
      as="nav"
      aria-label={label ?? 'pagination'}
      direction={{ base: 'column', md: 'row' }}
      justify="space-between"
      align="center"
      gap="3"
      pt="4"
    >
      <Text fontSize="sm" color="fg.muted" data-testid="pagination-caption">
        {caption}
      </Text>
      <HStack gap="1">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronRight size={16} aria-hidden />
          {t.previous}
        </Button>
        {pageNumbers(page, totalPages).map((n, i) =>
          n === 'gap' ? (
            <Text key={`gap-${i}`} px="1" aria-hidden>
              …
            </Text>
          ) : (
            <IconButton
              key={n}
              size="sm"
              variant={n === page ? 'solid' : 'outline'}
              aria-label={String(n)}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onPageChange(n)}
            >
              {n}
            </IconButton>
          ),
        )}
        <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          {t.next}
          <ChevronLeft size={16} aria-hidden />
        </Button>
      </HStack>
    </Stack>
  );
}
