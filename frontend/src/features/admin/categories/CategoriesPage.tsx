import { useState } from 'react';
import { Button, Center, CloseButton, Dialog, Field, HStack, IconButton, Input, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { Layers, Pencil, Plus } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useCreateCategory, useDeleteCategory, useListCategories, useUpdateCategory, type CategoryDto } from '../api';
import AdminPage from '../components/AdminPage';
import ConfirmDialog from '../components/ConfirmDialog';
import DeleteRowButton from '../components/DeleteRowButton';
import { ErrorState, LoadingState } from '../components/QueryState';
import { notifyError, notifySuccess } from '../notify';
import { toaster } from '../shell';
import { categoryPayload } from './category-rules';

type Editing = { mode: 'add' } | { mode: 'edit'; category: CategoryDto } | null;

function CategoryDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const initial = editing?.mode === 'edit' ? editing.category : null;
  const [name, setName] = useState(initial?.name ?? '');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [error, setError] = useState<string | null>(null);

  const create = useCreateCategory({
    mutation: {
      onSuccess: () => {
        notifySuccess(t.categoryCreatedTitle, t.categoryCreatedBody);
        onClose();
      },
      onError: (e) => notifyError(t.categoryCreateError, e),
    },
  });
  const update = useUpdateCategory({
    mutation: {
      onSuccess: () => {
        notifySuccess(t.categoryUpdatedTitle, t.categoryUpdatedBody);
        onClose();
      },
      onError: (e) => notifyError(t.categoryUpdateError, e),
    },
  });
  const pending = create.isPending || update.isPending;

  const submit = () => {
    const payload = categoryPayload(name, slug);
    if (!payload) {
      setError(t.categoryNameRequired);
      toaster.create({ type: 'error', title: t.validationError, description: t.categoryNameRequired });
      return;
    }
    const data = { name: payload.name, slug: payload.slug };
    if (initial) update.mutate({ idOrSlug: initial.id, data });
    else create.mutate({ data });
  };

  return (
    <Dialog.Root open={editing !== null} onOpenChange={(e) => (!e.open ? onClose() : undefined)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{initial ? t.editCategory : t.addCategory}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root required invalid={!!error}>
                    <Field.Label>{t.categoryName}</Field.Label>
                    <Input
                      name="name"
                      autoFocus
                      value={name}
                      onChange={(e) => {
                        setName(e.target.value);
                        setError(null);
                      }}
                    />
                    <Field.ErrorText>{error}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t.categorySlug}</Field.Label>
                    <Input name="slug" dir="ltr" value={slug} onChange={(e) => setSlug(e.target.value)} />
                    <Field.HelperText>{t.slugAutoHint}</Field.HelperText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={pending}>
                  {t.cancel}
                </Button>
                <Button type="submit" colorPalette="blue" disabled={pending}>
                  {pending ? t.saving : t.save}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export default function CategoriesPage() {
  const categories = useListCategories();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<CategoryDto | null>(null);

  const remove = useDeleteCategory({
    mutation: {
      onSuccess: () => {
        notifySuccess(t.categoryDeletedTitle, t.categoryDeletedBody);
        setToDelete(null);
      },
      onError: (e) => notifyError(t.categoryDeleteError, e),
    },
  });

  const list = categories.data ?? [];

  return (
    <AdminPage
      title={t.categories}
      backTo="/admin"
      actions={
        <Button colorPalette="blue" size="sm" onClick={() => setEditing({ mode: 'add' })}>
          <Plus size={16} aria-hidden />
          {t.addCategory}
        </Button>
      }
    >
      {categories.isLoading ? (
        <LoadingState />
      ) : categories.isError ? (
        <ErrorState title={t.failedFetchCategories} error={categories.error} onRetry={() => void categories.refetch()} />
      ) : list.length === 0 ? (
        <Center py="16">
          <Stack align="center" gap="4">
            <Layers size={40} aria-hidden />
            <Text fontSize="lg">{t.noCategories}</Text>
            <Button colorPalette="blue" onClick={() => setEditing({ mode: 'add' })}>
              <Plus size={16} aria-hidden />
              {t.createFirstCategory}
            </Button>
          </Stack>
        </Center>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t.categoryName}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="sm">{t.colSlug}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.colActions}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((category) => (
                <Table.Row key={category.id} data-testid="category-row">
                  <Table.Cell>
                    <Text fontWeight="semibold">{category.name}</Text>
                    <Text hideFrom="sm" dir="ltr" textAlign="end" fontFamily="mono" fontSize="xs" color="fg.muted">
                      {category.slug}
                    </Text>
                  </Table.Cell>
                  <Table.Cell hideBelow="sm" dir="ltr" textAlign="end" fontFamily="mono" fontSize="xs">
                    {category.slug}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={`${t.edit}: ${category.name}`}
                        title={t.edit}
                        onClick={() => setEditing({ mode: 'edit', category })}
                      >
                        <Pencil size={14} />
                      </IconButton>
                      <DeleteRowButton name={category.name} onClick={() => setToDelete(category)} />
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      {editing ? (
        <CategoryDialog key={editing.mode === 'edit' ? editing.category.id : 'new'} editing={editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title={t.areYouSure}
        description={toDelete ? t.categoryWillBeDeleted(toDelete.name) : ''}
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ idOrSlug: toDelete.id })}
        onClose={() => setToDelete(null)}
      />
    </AdminPage>
  );
}
