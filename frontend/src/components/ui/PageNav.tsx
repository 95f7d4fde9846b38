import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { pageNumbers } from '@mudawwana/rules';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '@/i18n';

/** Smaller on phones, so that nine buttons (prev, 1 … 4 5 6 … last, next) fit one line at 360 px. */
const SIZE = { base: 'xs', sm: 'sm' } as const;

interface PageNavProps {
  page: number;
  totalPages: number;
  /** The address of a page (a plain link: the navigation works without JavaScript). */
  href: (page: number) => string;
  /** Element scrolled into view when the page changes in the browser (the top of the list). */
  scrollTo: string;
}

/**
 * Numbered navigation of a public list: previous, page numbers (first, last and the current one's neighbours),
 * next. In RTL "previous" points right and "next" left. Hidden when everything fits on one page.
 */
export function PageNav({ page, totalPages, href, scrollTo }: PageNavProps) {
  const shown = useRef(page);
  useEffect(() => {
    // After an in-app page change, start reading at the top of the list (not on the first render or hydration).
    if (shown.current === page) return;
    shown.current = page;
    document.getElementById(scrollTo)?.scrollIntoView({ block: 'start' });
  }, [page, scrollTo]);

  if (totalPages <= 1) return null;
  const step = (target: number, rel: 'prev' | 'next', content: ReactNode) =>
    target >= 1 && target <= totalPages ? (
      <Button asChild size={SIZE} variant="outline">
        <Link to={href(target)} rel={rel} aria-label={t(`pagination.${rel}`)} data-testid={`page-${rel}`}>
          {content}
        </Link>
      </Button>
    ) : (
      <Button size={SIZE} variant="outline" disabled aria-label={t(`pagination.${rel}`)}>
        {content}
      </Button>
    );

  return (
    <Stack as="nav" aria-label={t('pagination.label')} align="center" gap="3" pt="8" data-testid="page-nav">
      <HStack gap="1" wrap="wrap" justify="center">
        {step(
          page - 1,
          'prev',
          <>
            <ChevronRight aria-hidden />
            <Box as="span" hideBelow="sm">
              {t('pagination.prev')}
            </Box>
          </>,
        )}
        {pageNumbers(page, totalPages).map((n, i) =>
          n === 'gap' ? (
            <Text key={`gap-${i}`} px="1" aria-hidden>
              …
            </Text>
          ) : n === page ? (
            <Button key={n} size={SIZE} variant="solid" colorPalette="blue" aria-current="page" asChild>
              <span>{n}</span>
            </Button>
          ) : (
            <Button key={n} asChild size={SIZE} variant="outline">
              <Link to={href(n)} aria-label={t('pagination.page', { page: n })}>
                {n}
              </Link>
            </Button>
          ),
        )}
        {step(
          page + 1,
          'next',
          <>
            <Box as="span" hideBelow="sm">
              {t('pagination.next')}
            </Box>
            <ChevronLeft aria-hidden />
          </>,
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted" data-testid="page-status">
        {t('pagination.status', { page, pages: totalPages })}
      </Text>
    </Stack>
  );
}
