import { useEffect, useState } from 'react';
import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { ChoiceCards, type Choice } from '../components/ChoiceCards';
import { keepPreviousData } from '@tanstack/react-query';
import { Plus, Signpost } from 'lucide-react';
import { pageCount, pageRange, pageWindow } from '@mudawwana/rules';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import FormDialog from '@/components/FormDialog';
import { useCreateRedirect, useDeleteRedirect, useListRedirects, type RedirectDto, type RedirectStatus } from '../api';
import AdminList, { EmptyList } from '../components/AdminList';
import AdminPage from '../components/AdminPage';
import ConfirmDialog from '../components/ConfirmDialog';
import DeleteRowButton from '../components/DeleteRowButton';
import ListSearch from '../components/ListSearch';
import Pagination from '../components/Pagination';
import { PAGE_SIZE } from '../components/paginate';
import RequiredTextField from '../components/RequiredTextField';
import { withToasts } from '../notify';

const STATUSES: Choice<RedirectStatus>[] = [
  { value: 301, label: t.redirectPermanent, hint: t.redirectPermanentHint },
  { value: 302, label: t.redirectTemporary, hint: t.redirectTemporaryHint },
];

/**
 * An address: left to right in its own bidi island, broken anywhere rather than widening the table (in the text font:
 * a monospace one shows Arabic letters unjoined). The admin table does not wrap its cells: an address does.
 */
function Address({ children }: { children: string }) {
  return (
    <Text as="bdi" dir="ltr" display="block" textAlign="end" fontSize="sm" whiteSpace="normal" overflowWrap="anywhere">
      {children}
    </Text>
  );
}

/** The new redirect's form: old address, new address, permanent or temporary. The server normalises both addresses. */
function AddRedirectDialog({ onClose }: { onClose: () => void }) {
  const [fromPath, setFromPath] = useState('');
  const [toPath, setToPath] = useState('');
  const [status, setStatus] = useState<RedirectStatus>(301);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const create = useCreateRedirect(withToasts({ done: [t.redirectAdded], failed: [t.redirectAddError], after: () => onClose() }));

  const submit = () => {
    const missing = {
      from: fromPath.trim() ? undefined : t.redirectAddressRequired,
      to: toPath.trim() ? undefined : t.redirectAddressRequired,
    };
    setErrors(missing);
    if (missing.from || missing.to) return;
    create.mutate({ data: { fromPath: fromPath.trim(), toPath: toPath.trim(), status } });
  };

  return (
    <FormDialog
      title={t.addRedirect}
      submitLabel={create.isPending ? t.saving : t.addRedirect}
      cancelLabel={t.cancel}
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="4">
        <RequiredTextField
          label={t.redirectFrom}
          name="fromPath"
          dir="ltr"
          autoFocus
          autoComplete="off"
          placeholder="/2019/05/old-post.html"
          hint={t.redirectFromHint}
          value={fromPath}
          error={errors.from ?? null}
          onValueChange={(value) => {
            setFromPath(value);
            setErrors((current) => ({ ...current, from: undefined }));
          }}
        />
        <RequiredTextField
          label={t.redirectTo}
          name="toPath"
          dir="ltr"
          autoComplete="off"
          placeholder="/post/new-post"
          hint={t.redirectToHint}
          value={toPath}
          error={errors.to ?? null}
          onValueChange={(value) => {
            setToPath(value);
            setErrors((current) => ({ ...current, to: undefined }));
          }}
        />
        <ChoiceCards
          name="status"
          label={t.redirectStatus}
          choices={STATUSES}
          value={status}
          onChange={setStatus}
          columns={{ base: 1, sm: 2 }}
        />
      </Stack>
    </FormDialog>
  );
}

function StatusBadge({ status }: { status: RedirectStatus }) {
  return status === 301 ? (
    <Badge colorPalette="blue">{t.redirectPermanent}</Badge>
  ) : (
    <Badge colorPalette="gray">{t.redirectTemporary}</Badge>
  );
}

/** /admin/redirects: old addresses answered with a redirect, newest first, a page at a time; add and delete. */
export default function RedirectsPage() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<RedirectDto | null>(null);
  const redirects = useListRedirects(
    { ...pageWindow(page, PAGE_SIZE), ...(q ? { q } : {}) },
    { query: { placeholderData: keepPreviousData } },
  );
  const search = (text: string) => {
    setQ(text);
    setPage(1);
  };
  const remove = useDeleteRedirect(
    withToasts({ done: [t.redirectDeleted], failed: [t.redirectDeleteError], after: () => setToDelete(null) }),
  );

  const rows = redirects.data?.items ?? [];
  const total = redirects.data?.total ?? 0;
  const totalPages = pageCount(total, PAGE_SIZE);
  // a delete that emptied the last page: show the new last page
  useEffect(() => {
    if (redirects.data && page > totalPages) setPage(totalPages);
  }, [redirects.data, page, totalPages]);
  const { from, to } = pageRange(page, PAGE_SIZE, total);

  const addButton = (label: string) => (
    <Button colorPalette="blue" size="sm" onClick={() => setAdding(true)}>
      <Plus size={16} aria-hidden />
      {label}
    </Button>
  );

  return (
    <AdminPage title={t.redirects} backTo="/admin" actions={addButton(t.addRedirect)}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t.redirectsIntro}
        </Text>
        <ListSearch label={t.searchRedirects} onSearch={search} />
        <AdminList
          query={redirects}
          errorTitle={t.failedFetchRedirects}
          isEmpty={total === 0}
          empty={
            q ? (
              <EmptyList icon={<Signpost size={40} aria-hidden />} title={t.noMatchingRedirects} />
            ) : (
              <EmptyList
                icon={<Signpost size={40} aria-hidden />}
                title={t.noRedirects}
                hint={t.noRedirectsHint}
                action={addButton(t.addFirstRedirect)}
              />
            )
          }
          columns={[
            { label: t.colRedirectFrom },
            { label: t.colRedirectTo, hideBelow: 'md' },
            { label: t.colRedirectStatus, hideBelow: 'sm' },
            { label: t.colAddedAt, hideBelow: 'md' },
            { label: t.colActions },
          ]}
          footer={
            <Pagination
              page={page}
              totalPages={totalPages}
              caption={t.redirectsShowing(from, to, total)}
              onPageChange={setPage}
              label={t.redirectsPagination}
            />
          }
        >
          {rows.map((redirect) => (
            <Table.Row key={redirect.id} data-testid="redirect-row">
              <Table.Cell>
                <Address>{redirect.fromPath}</Address>
                {/* on a phone the other columns go under the old address */}
                <Stack hideFrom="md" gap="1" mt="1" color="fg.muted">
                  <Text fontSize="xs">{t.redirectArrow}</Text>
                  <Address>{redirect.toPath}</Address>
                  <Stack hideFrom="sm" direction="row" gap="2" align="center">
                    <StatusBadge status={redirect.status} />
                  </Stack>
                </Stack>
              </Table.Cell>
              <Table.Cell hideBelow="md">
                <Address>{redirect.toPath}</Address>
              </Table.Cell>
              <Table.Cell hideBelow="sm">
                <StatusBadge status={redirect.status} />
              </Table.Cell>
              <Table.Cell hideBelow="md" fontSize="xs" whiteSpace="nowrap">
                {formatDate(redirect.createdAt)}
              </Table.Cell>
              <Table.Cell>
                <DeleteRowButton name={redirect.fromPath} onClick={() => setToDelete(redirect)} />
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminList>
      </Stack>
      {adding ? <AddRedirectDialog onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={toDelete !== null}
        title={t.areYouSure}
        description={toDelete ? t.redirectWillBeDeleted(toDelete.fromPath) : ''}
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        onClose={() => setToDelete(null)}
      />
    </AdminPage>
  );
}
