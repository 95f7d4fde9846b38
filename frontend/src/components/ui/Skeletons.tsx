import { Card, SimpleGrid, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { t } from '@/i18n';

/**
 * Placeholders in the shape of what is coming, for a first load only: once there is content, a refresh keeps it on
 * screen until the new data arrives. One status region per placeholder, announced once to screen readers.
 */
function Loading({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Stack role="status" aria-label={t('common.loading')} aria-busy="true" data-testid={testId}>
      {children}
    </Stack>
  );
}

export function PostCardsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Loading testId="posts-skeleton">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
        {Array.from({ length: count }, (_, i) => (
          <Card.Root key={i} variant="outline" overflow="hidden" bg="card">
            <Skeleton aspectRatio={16 / 9} rounded="0" />
            <Card.Body gap="3">
              <Skeleton h="3" w="40%" />
              <SkeletonText noOfLines={2} />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Loading>
  );
}

export function FeaturedSkeleton() {
  return (
    <Loading testId="featured-skeleton">
      <Card.Root variant="outline" bg="card" overflow="hidden">
        <Card.Body gap="4">
          <Skeleton h="6" w="24" />
          <SkeletonText noOfLines={3} />
        </Card.Body>
      </Card.Root>
    </Loading>
  );
}

export function TilesSkeleton({ count = 4 }: { count?: number }) {
  return (
    <Loading testId="tiles-skeleton">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        {Array.from({ length: count }, (_, i) => (
          <Skeleton key={i} h="36" rounded="xl" />
        ))}
      </SimpleGrid>
    </Loading>
  );
}

/** A block the size of the hero or of a page's first screen. */
export function BlockSkeleton({ h = '64' }: { h?: string }) {
  return (
    <Loading testId="block-skeleton">
      <Skeleton h={h} rounded="2xl" />
    </Loading>
  );
}

/** Lines of text (the footer's latest posts, a list's rows). */
export function LinesSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <Loading testId="lines-skeleton">
      <SkeletonText noOfLines={lines} />
    </Loading>
  );
}
