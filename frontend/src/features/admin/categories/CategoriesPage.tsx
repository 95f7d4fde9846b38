import { useState } from 'react';
import { Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { Layers, Pencil, Plus } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useCreateCategory, useDeleteCategory, useListCategories, useUpdateCategory, type CategoryDto } from '../api';
import FormDialog from '@/components/FormDialog';
import AdminList, { EmptyList, RowIconButton } from '../components/AdminList';
import AdminPage from '../components/AdminPage';
import ConfirmDialog from '../components/ConfirmDialog';
import DeleteRowButton from '../components/DeleteRowButton';
import RequiredTextField from '../components/RequiredTextField';
import { withToasts } from '../notify';
import { toaster } from '../shell';
import { categoryPayload } from './category-rules';

type Editing = { mode: 'add' } | { mode: 'edit'; category: CategoryDto } | null;

function CategoryDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const initial = editing?.mode === 'edit' ? editing.category : null;
  const [name, setName] = useState(initial?.name ?? '');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [error, setError] = useState<string | null>(null);

  const create = useCreateCategory(
    withToasts({ done: [t.categoryCreatedTitle, t.categoryCreatedBody], failed: [t.categoryCreateError], after: () => onClose() }),
  );
  const update = useUpdateCategory(
    withToasts({ done: [t.categoryUpdatedTitle, t.categoryUpdatedBody], failed: [t.categoryUpdateError], after: () => onClose() }),
  );
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
    <FormDialog
      open={editing !== null}
      title={initial ? t.editCategory : t.addCategory}
      submitLabel={pending ? t.saving : t.save}
      cancelLabel={t.cancel}
      pending={pending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="4">
        <RequiredTextField
          label={t.categoryName}
          name="name"
          autoFocus
          value={name}
          error={error}
          onValueChange={(value) => {
            setName(value);
            setError(null);
          }}
        />
        <Field.Root>
          <Field.Label>{t.categorySlug}</Field.Label>
          <Input name="slug" dir="ltr" value={slug} onChange={(e) => setSlug(e.target.value)} />
          <Field.HelperText>{t.slugAutoHint}</Field.HelperText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}

export default function CategoriesPage() {
  const categories = useListCategories();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<CategoryDto | null>(null);

  const remove = useDeleteCategory(
    withToasts({ done: [t.categoryDeletedTitle, t.categoryDeletedBody], failed: [t.categoryDeleteError], after: () => setToDelete(null) }),
  );

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
      <AdminList
        query={categories}
        errorTitle={t.failedFetchCategories}
        isEmpty={list.length === 0}
        empty={
          <EmptyList
            icon={<Layers size={40} aria-hidden />}
            title={t.noCategories}
            action={
              <Button colorPalette="blue" onClick={() => setEditing({ mode: 'add' })}>
                <Plus size={16} aria-hidden />
                {t.createFirstCategory}
              </Button>
            }
          />
        }
        columns={[{ label: t.categoryName }, { label: t.colSlug, hideBelow: 'sm' }, { label: t.colActions }]}
      >
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
                <RowIconButton label={t.edit} name={category.name} onClick={() => setEditing({ mode: 'edit', category })}>
                  <Pencil size={14} />
                </RowIconButton>
                <DeleteRowButton name={category.name} onClick={() => setToDelete(category)} />
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </AdminList>

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
