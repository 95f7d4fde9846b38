import { useState } from 'react';
import {
  Button,
  Center,
  CloseButton,
  Dialog,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { GitMerge, Pencil, Tags } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useListTags, useMergeTag, useRenameTag, type TagDto } from '../api';
import AdminPage from '../components/AdminPage';
import { ErrorState, LoadingState } from '../components/QueryState';
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
    <Dialog.Root open onOpenChange={(e) => (!e.open ? onClose() : undefined)} placement="center">
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
                <Dialog.Title>{kind === 'rename' ? t.renameTagTitle(tag.name) : t.mergeTagTitle(tag.name)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
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
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={pending}>
                  {t.cancel}
                </Button>
                <Button type="submit" colorPalette="blue" disabled={pending}>
                  {pending ? t.saving : kind === 'rename' ? t.save : t.mergeTag}
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

/** /admin/tags: every tag with its posts (drafts counted), to rename or merge. */
export default function TagsPage() {
  const tags = useListTags({ includeDrafts: true });
  const [action, setAction] = useState<Action>(null);
  const list = tags.data ?? [];

  return (
    <AdminPage title={t.tags} backTo="/admin">
      {tags.isLoading ? (
        <LoadingState />
      ) : tags.isError ? (
        <ErrorState title={t.failedFetchTags} error={tags.error} onRetry={() => void tags.refetch()} />
      ) : list.length === 0 ? (
        <Center py="16">
          <Stack align="center" gap="4">
            <Tags size={40} aria-hidden />
            <Text fontSize="lg">{t.noTags}</Text>
          </Stack>
        </Center>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t.tagName}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.tagPosts}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.colActions}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
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
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={`${t.renameTag}: ${tag.name}`}
                        title={t.renameTag}
                        onClick={() => setAction({ kind: 'rename', tag })}
                      >
                        <Pencil size={14} />
                      </IconButton>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={`${t.mergeTag}: ${tag.name}`}
                        title={t.mergeTag}
                        disabled={list.length < 2}
                        onClick={() => setAction({ kind: 'merge', tag })}
                      >
                        <GitMerge size={14} />
                      </IconButton>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {action ? <TagDialog key={`${action.kind}:${action.tag.slug}`} action={action} tags={list} onClose={() => setAction(null)} /> : null}
    </AdminPage>
  );
}
