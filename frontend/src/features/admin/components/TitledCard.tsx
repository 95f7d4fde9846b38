import type { ReactNode } from 'react';
import { Card, type CardRootProps } from '@chakra-ui/react';

type TitledCardProps = { title: string; testId?: string; children: ReactNode } & Omit<CardRootProps, 'title' | 'children'>;

/** A box of a screen under a small heading of its own: a side column's (previews, the newsletter's send), or the tools' cards. */
export default function TitledCard({ title, testId, children, ...root }: TitledCardProps) {
  return (
    <Card.Root variant="outline" data-testid={testId} {...root}>
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          {title}
        </Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
