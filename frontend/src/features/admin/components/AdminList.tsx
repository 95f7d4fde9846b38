import type { ReactNode } from 'react';
import { Center, IconButton, Stack, Table, Text, type IconButtonProps } from '@chakra-ui/react';
import { ErrorState, LoadingState } from './QueryState';

interface ListQuery {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface AdminListProps {
  query: ListQuery;
  /** What the error alert says when the list cannot be read ('Failed to fetch pages'). */
  errorTitle: string;
  isEmpty: boolean;
  /** What stands in place of the table when there is nothing to list (an EmptyList). */
  empty: ReactNode;
  /** The table's headers; `hideBelow` hides a column on a phone, whose cells then go under the first cell. */
  columns: { label: string; hideBelow?: 'sm' | 'md' }[];
  /** The rows (Table.Row). */
  children: ReactNode;
  /** Under the table: the pagination. */
  footer?: ReactNode;
}

/**
 * One list screen of the admin (categories, tags, pages, subscribers): the skeleton on first load, the error with
 * a retry, the empty state, or the table with its headers, rows and pagination.
 */
export default function AdminList({ query, errorTitle, isEmpty, empty, columns, children, footer }: AdminListProps) {
  if (query.isLoading) return <LoadingState />;
  if (query.isError) return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty) return empty;
  return (
    <>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column.label} hideBelow={column.hideBelow}>
                  {column.label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>{children}</Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {footer}
    </>
  );
}

/** An empty list: an icon, what is missing, an optional hint and an optional way to add the first one. */
export function EmptyList({ icon, title, hint, action }: { icon: ReactNode; title: string; hint?: string; action?: ReactNode }) {
  return (
    <Center py="16">
      <Stack align="center" gap="4" maxW="md" textAlign="center">
        {icon}
        <Text fontSize="lg">{title}</Text>
        {hint ? <Text color="fg.muted">{hint}</Text> : null}
        {action}
      </Stack>
    </Center>
  );
}

/** A row's small icon action ('Edit: <name>' for screen readers, the action's name as the tooltip). */
export function RowIconButton({
  label,
  name,
  title,
  ...props
}: { label: string; name: string; title?: string } & Omit<IconButtonProps, 'aria-label'>) {
  return <IconButton size="xs" variant="ghost" aria-label={`${label}: ${name}`} title={title ?? label} {...props} />;
}
