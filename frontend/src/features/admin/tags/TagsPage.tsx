import { useState } from 'react';
import { Field, HStack, Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import { GitMerge, Pencil, Tags } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useListTags, useMergeTag, useRenameTag, type TagDto } from '../api';
import FormDialog from '@/components/FormDialog';
import AdminList, { EmptyList, RowIconButton } from '../components/AdminList';
import AdminPage from '../components/AdminPage';
import { notifyError, notifySuccess } from '../notify';

type Action = { kind: 'rename' | 'merge'; tag: TagDto } | null;

/** Rename a tag (a new name on every post) or merge it into another (its posts carry the other instead). */
function TagDialog({ action, tags, onClose }: { action: NonNullable<Action>; tags: TagDto[]; onClose: () => void }) {
  const { kind, tag } = action;
  const [name, setName] = useState(tag.name);
  const [into, setInto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = (title: string) => () => {
    notifySuccess(title);
    onClose();
  };
  const rename = useRenameTag({ mutation: { onSuccess: done(t.tagRenamed), onError: (e) => notifyError(t.tagRenameError, e) } });
  const merge = useMergeTag({ mutation: { onSuccess: done(t.tagMerged), onError: (e) => notifyError(t.tagMergeError, e) } });
  const pending = rename.isPending || merge.isPending;

  const submit = () => {
    if (kind === 'rename') {
      if (!name.trim()) return setError(t.tagNameRequired);
      rename.mutate({ slug: tag.slug, data: { name: name.trim() } });
    } else {
      if (!into) return setError(t.chooseTag);
      merge.mutate({ slug: tag.slug, data: { into } });
    }
  };

  return (
    <FormDialog
      title={kind === 'rename' ? t.renameTagTitle(tag.name) : t.mergeTagTitle(tag.name)}
      submitLabel={pending ? t.saving : kind === 'rename' ? t.save : t.mergeTag}
      cancelLabel={t.cancel}
      pending={pending}
      onSubmit={submit}
      onClose={onClose}
    >
      {kind === 'rename' ? (
        <Field.Root required invalid={!!error}>
          <Field.Label>{t.newTagName}</Field.Label>
          <Input
            name="name"
            autoFocus
            maxLength={60}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
          <Field.HelperText>{t.renameTagHint}</Field.HelperText>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      ) : (
        <Field.Root required invalid={!!error}>
          <Field.Label>{t.mergeInto}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="into"
              value={into}
              onChange={(e) => {
                setInto(e.target.value);
                setError(null);
              }}
            >
              <option value="">{t.chooseTag}</option>
              {tags
                .filter((other) => other.slug !== tag.slug)
                .map((other) => (
                  <option key={other.slug} value={other.slug}>
                    {other.name}
                  </option>
                ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>{t.mergeTagHint(tag.name)}</Field.HelperText>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      )}
    </FormDialog>
  );
}

/** /admin/tags: every tag with its posts (drafts counted), to rename or merge. */
export default function TagsPage() {
  const tags = useListTags({ includeDrafts: true });
  const [action, setAction] = useState<Action>(null);
  const list = tags.data ?? [];

  return (
    <AdminPage title={t.tags} backTo="/admin">
      <AdminList
        query={tags}
        errorTitle={t.failedFetchTags}
        isEmpty={list.length === 0}
        empty={<EmptyList icon={<Tags size={40} aria-hidden />} title={t.noTags} />}
        columns={[{ label: t.tagName }, { label: t.tagPosts }, { label: t.colActions }]}
      >
        {list.map((tag) => (
          <Table.Row key={tag.slug} data-testid="tag-row">
            <Table.Cell>
              <Text fontWeight="semibold" css={{ unicodeBidi: 'plaintext' }}>
                {tag.name}
              </Text>
              {/* Arabic slugs read as Arabic (a monospace font would break their joined letters). */}
              <Text dir="auto" fontSize="xs" color="fg.muted">
                {tag.slug}
              </Text>
            </Table.Cell>
            <Table.Cell>{t.tagPostCount(tag.count)}</Table.Cell>
            <Table.Cell>
              <HStack gap="1">
                <RowIconButton label={t.renameTag} name={tag.name} onClick={() => setAction({ kind: 'rename', tag })}>
                  <Pencil size={14} />
                </RowIconButton>
                <RowIconButton
                  label={t.mergeTag}
                  name={tag.name}
                  disabled={list.length < 2}
                  onClick={() => setAction({ kind: 'merge', tag })}
                >
                  <GitMerge size={14} />
                </RowIconButton>
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </AdminList>
      {action ? <TagDialog key={`${action.kind}:${action.tag.slug}`} action={action} tags={list} onClose={() => setAction(null)} /> : null}
    </AdminPage>
  );
}
