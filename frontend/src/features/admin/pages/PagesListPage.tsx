import { useState } from 'react';
import { Button, Center, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { ExternalLink, FileText, Pencil, Plus } from 'lucide-react';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import { useDeletePage, useListPages, type PageSummaryDto } from '../api';
import AdminPage from '../components/AdminPage';
import ConfirmDialog from '../components/ConfirmDialog';
import DeleteRowButton from '../components/DeleteRowButton';
import Pagination from '../components/Pagination';
import { paginate } from '../components/paginate';
import { ErrorState, LoadingState } from '../components/QueryState';
import { notifyError, notifySuccess } from '../notify';

export default function PagesListPage() {
  const pages = useListPages();
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<PageSummaryDto | null>(null);

  const remove = useDeletePage({
    mutation: {
      onSuccess: () => {
        notifySuccess(t.pageDeletedTitle, t.pageDeletedBody);
        setToDelete(null);
      },
      onError: (e) => notifyError(t.pageDeleteErrorTitle, e, t.pageDeleteErrorBody),
    },
  });

  // most recently updated first
  const list = [...(pages.data ?? [])].sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? '') || b.id - a.id);
  const slice = paginate(list, page);

  return (
    <AdminPage
      title={t.pages}
      backTo="/admin"
      actions={
        <Button asChild colorPalette="blue" size="sm">
          <Link to="/admin/page/new">
            <Plus size={16} aria-hidden />
            {t.newPage}
          </Link>
        </Button>
      }
    >
      {pages.isLoading ? (
        <LoadingState />
      ) : pages.isError ? (
        <ErrorState title={t.failedFetchPages} error={pages.error} onRetry={() => void pages.refetch()} />
      ) : list.length === 0 ? (
        <Center py="16">
          <Stack align="center" gap="4">
            <FileText size={40} aria-hidden />
            <Text fontSize="lg">{t.noPages}</Text>
            <Button asChild colorPalette="blue">
              <Link to="/admin/page/new">
                <Plus size={16} aria-hidden />
                {t.createFirstPage}
              </Link>
            </Button>
          </Stack>
        </Center>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t.colTitle}</Table.ColumnHeader>
                  {/* on a phone, slug and date go under the title: the actions stay in sight */}
                  <Table.ColumnHeader hideBelow="md">{t.colSlug}</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">{t.colUpdated}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.colActions}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {slice.items.map((p) => (
                  <Table.Row key={p.id} data-testid="page-row">
                    <Table.Cell>
                      <Text fontWeight="semibold">{p.title}</Text>
                      <Stack hideFrom="md" gap="0" fontSize="xs" color="fg.muted">
                        <Text dir="ltr" textAlign="end" fontFamily="mono">
                          /{p.slug}
                        </Text>
                        <Text>{formatDate(p.updatedAt)}</Text>
                      </Stack>
                    </Table.Cell>
                    <Table.Cell hideBelow="md" dir="ltr" textAlign="end" fontFamily="mono" fontSize="xs">
                      /{p.slug}
                    </Table.Cell>
                    <Table.Cell hideBelow="md" fontSize="xs" whiteSpace="nowrap">
                      {formatDate(p.updatedAt)}
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1">
                        <IconButton asChild size="xs" variant="ghost" aria-label={`${t.view}: ${p.title}`} title={t.viewPageHint}>
                          <a href={`/${p.slug}`} target="_blank" rel="noreferrer">
                            <ExternalLink size={14} />
                          </a>
                        </IconButton>
                        <IconButton asChild size="xs" variant="ghost" aria-label={`${t.edit}: ${p.title}`} title={t.edit}>
                          <Link to={`/admin/page/edit/${p.id}`}>
                            <Pencil size={14} />
                          </Link>
                        </IconButton>
                        <DeleteRowButton name={p.title} onClick={() => setToDelete(p)} />
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pagination
            page={slice.page}
            totalPages={slice.totalPages}
            caption={t.pagesShowing(slice.from, slice.to, slice.total)}
            onPageChange={setPage}
          />
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t.areYouSure}
        description={toDelete ? t.pageWillBeDeleted(toDelete.title) : ''}
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ idOrSlug: toDelete.id })}
        onClose={() => setToDelete(null)}
      />
    </AdminPage>
  );
}
