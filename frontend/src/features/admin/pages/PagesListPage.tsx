import { useState } from 'react';
import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { ExternalLink, FileText, Pencil, Plus } from 'lucide-react';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import { useDeletePage, useListPages, type PageSummaryDto } from '../api';
import AdminList, { EmptyList, RowIconButton } from '../components/AdminList';
import AdminPage from '../components/AdminPage';
import ConfirmDialog from '../components/ConfirmDialog';
import DeleteRowButton from '../components/DeleteRowButton';
import Pagination from '../components/Pagination';
import { paginate } from '../components/paginate';
import { withToasts } from '../notify';

export default function PagesListPage() {
  const pages = useListPages();
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<PageSummaryDto | null>(null);

  const remove = useDeletePage(
    withToasts({
      done: [t.pageDeletedTitle, t.pageDeletedBody],
      failed: [t.pageDeleteErrorTitle, t.pageDeleteErrorBody],
      after: () => setToDelete(null),
    }),
  );

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
      <AdminList
        query={pages}
        errorTitle={t.failedFetchPages}
        isEmpty={list.length === 0}
        empty={
          <EmptyList
            icon={<FileText size={40} aria-hidden />}
            title={t.noPages}
            action={
              <Button asChild colorPalette="blue">
                <Link to="/admin/page/new">
                  <Plus size={16} aria-hidden />
                  {t.createFirstPage}
                </Link>
              </Button>
            }
          />
        }
        columns={[
          { label: t.colTitle },
          // on a phone, slug and date go under the title: the actions stay in sight
          { label: t.colSlug, hideBelow: 'md' },
          { label: t.colUpdated, hideBelow: 'md' },
          { label: t.colActions },
        ]}
        footer={
          <Pagination
            page={slice.page}
            totalPages={slice.totalPages}
            caption={t.pagesShowing(slice.from, slice.to, slice.total)}
            onPageChange={setPage}
          />
        }
      >
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
                <RowIconButton asChild label={t.view} name={p.title} title={t.viewPageHint}>
                  <a href={`/${p.slug}`} target="_blank" rel="noreferrer">
                    <ExternalLink size={14} />
                  </a>
                </RowIconButton>
                <RowIconButton asChild label={t.edit} name={p.title}>
                  <Link to={`/admin/page/edit/${p.id}`}>
                    <Pencil size={14} />
                  </Link>
                </RowIconButton>
                <DeleteRowButton name={p.title} onClick={() => setToDelete(p)} />
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </AdminList>
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
