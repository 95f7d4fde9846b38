import { useRef, useState } from 'react';
import { Box, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router-dom';
import { pageSlugify } from '@mudawwana/rules';
import { admin as t } from '@/i18n/admin';
import RichTextEditor from '@/components/editor/RichTextEditor';
import type { PageDto } from '@/lib/api';
import { useCreatePage, useGetPageById, useUpdatePage } from '../api';
import VersionConflictDialog, { useVersionConflict } from '../components/VersionConflictDialog';
import AdminPage from '../components/AdminPage';
import SaveButton from '../components/SaveButton';
import { ErrorState, LoadingState } from '../components/QueryState';
import UnsavedChangesGuard from '../components/UnsavedChangesGuard';
import { useEditedId } from '../components/useEditedId';
import { useEditorForm } from '../components/useEditorForm';
import { notifyError, notifySuccess, withToasts } from '../notify';
import { validatePage, type PageErrors } from './page-rules';
import AutosaveStatus from '../revisions/AutosaveStatus';
import { revisionApi } from '../revisions/revision-api';
import RevisionHistoryDrawer from '../revisions/RevisionHistoryDrawer';
import ServerDraftRecovery from '../revisions/ServerDraftRecovery';
import { useServerAutosave } from '../revisions/useServerAutosave';

/** The page revision calls (autosave, history, restore). */
const PAGE_REVISIONS = revisionApi<PageDto>('page');

interface PageForm {
  title: string;
  slug: string;
  content: string;
}
const empty: PageForm = { title: '', slug: '', content: '' };
const pageToForm = (page: PageDto): PageForm => ({ title: page.title, slug: page.slug, content: page.content });

export default function PageEditorRoute() {
  const pageId = useEditedId();
  return <PageEditorPage key={pageId ?? 'new'} pageId={pageId} />;
}

function PageEditorPage({ pageId }: { pageId: number | null }) {
  const navigate = useNavigate();
  const isEdit = pageId !== null;
  const page = useGetPageById(pageId ?? 0, { query: { enabled: isEdit, retry: 2, retryDelay: 1000 } });
  const versions = useVersionConflict<PageDto>();
  const { form, setForm, baseline, setBaseline, ready } = useEditorForm(page.data, isEdit, empty, pageToForm, versions.setVersion);
  const [errors, setErrors] = useState<PageErrors>({});
  // the slug follows the title until the author types a slug of their own (a saved page already has one)
  const [slugTouched, setSlugTouched] = useState(isEdit);
  const bypass = useRef(false);
  const [recoveryOpen, setRecoveryOpen] = useState(false);

  const dirty = ready && (form.title !== baseline.title || form.slug !== baseline.slug || form.content !== baseline.content);

  const autosave = useServerAutosave({
    api: PAGE_REVISIONS,
    id: pageId,
    fields: { title: form.title, content: form.content },
    unsaved: dirty,
    enabled: ready && !recoveryOpen,
  });

  const leave = () => {
    bypass.current = true;
    navigate('/admin/pages');
  };

  const create = useCreatePage(
    withToasts({ done: [t.pageCreatedTitle, t.pageCreatedBody], failed: [t.pageCreateErrorTitle], after: () => leave() }),
  );
  const update = useUpdatePage({
    mutation: {
      onSuccess: () => {
        notifySuccess(t.pageUpdatedTitle, t.pageUpdatedBody);
        leave();
      },
      onError: (e) => {
        if (!versions.caught(e)) notifyError(t.pageUpdateErrorTitle, e);
      },
    },
  });
  const pending = create.isPending || update.isPending;

  const submit = (basedOn = versions.version) => {
    const nextErrors = validatePage(form.title, form.content, { title: t.pageTitleRequired, content: t.pageContentRequired });
    setErrors(nextErrors);
    if (nextErrors.title || nextErrors.content) return;
    const data = {
      title: form.title.trim(),
      content: form.content,
      slug: form.slug.trim() || pageSlugify(form.title) || undefined,
    };
    if (isEdit && pageId !== null) update.mutate({ idOrSlug: pageId, data: { ...data, version: basedOn } });
    else create.mutate({ data });
  };

  const title = isEdit ? t.editPage : t.createPage;

  if (isEdit && !ready) {
    return (
      <AdminPage title={title} backTo="/admin/pages" backLabel={t.back}>
        {page.isError ? <ErrorState title={t.failedFetchPage} error={page.error} onRetry={() => void page.refetch()} /> : <LoadingState />}
      </AdminPage>
    );
  }

  return (
    <AdminPage
      title={title}
      backTo="/admin/pages"
      backLabel={t.back}
      maxW="5xl"
      actions={
        isEdit && pageId !== null ? (
          <RevisionHistoryDrawer
            api={PAGE_REVISIONS}
            id={pageId}
            current={{ title: form.title, content: form.content }}
            version={versions.version}
            onRestored={(restored) => {
              const values = { title: restored.title, slug: restored.slug, content: restored.content };
              setForm(values);
              setBaseline(values);
              versions.setVersion(restored.version);
            }}
            onConflict={versions.caught}
          />
        ) : undefined
      }
    >
      <UnsavedChangesGuard when={dirty} bypass={bypass} />
      {isEdit && pageId !== null && page.data ? (
        <ServerDraftRecovery
          api={PAGE_REVISIONS}
          id={pageId}
          saved={page.data}
          onPending={setRecoveryOpen}
          onRecover={(revision) => setForm((prev) => ({ ...prev, title: revision.title, content: revision.content }))}
        />
      ) : null}
      <VersionConflictDialog
        open={versions.conflict !== null}
        what={t.thisPage}
        onClose={versions.dismiss}
        onReload={() => {
          if (!versions.conflict) return;
          const { title, slug, content, version } = versions.conflict;
          setForm({ title, slug, content });
          setBaseline({ title, slug, content });
          versions.setVersion(version);
          versions.dismiss();
        }}
        onOverwrite={() => {
          if (!versions.conflict) return;
          const current = versions.conflict.version;
          versions.setVersion(current);
          versions.dismiss();
          submit(current);
        }}
      />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="5">
          <Field.Root required invalid={!!errors.title}>
            <Field.Label>{t.fieldTitle}</Field.Label>
            <Input
              name="title"
              value={form.title}
              onChange={(e) => {
                const value = e.target.value;
                setForm((prev) => ({ ...prev, title: value, slug: slugTouched && prev.slug ? prev.slug : pageSlugify(value) }));
                setErrors((prev) => ({ ...prev, title: undefined }));
              }}
            />
            <Field.ErrorText>{errors.title}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t.colSlug}</Field.Label>
            <Input
              name="slug"
              dir="ltr"
              value={form.slug}
              onChange={(e) => {
                setSlugTouched(e.target.value !== '');
                setForm((prev) => ({ ...prev, slug: e.target.value }));
              }}
            />
          </Field.Root>
          <Field.Root invalid={!!errors.content}>
            <Field.Label>{t.fieldContent}</Field.Label>
            <Box w="full">
              <RichTextEditor
                value={form.content}
                label={t.fieldContent}
                onChange={(html) => {
                  setForm((prev) => ({ ...prev, content: html }));
                  setErrors((prev) => ({ ...prev, content: undefined }));
                }}
              />
            </Box>
            <Field.ErrorText>{errors.content}</Field.ErrorText>
          </Field.Root>
          <HStack gap="3" justify="flex-end" wrap="wrap">
            <AutosaveStatus state={autosave} />
            <Button asChild variant="outline">
              <Link to="/admin/pages">{t.cancel}</Link>
            </Button>
            <SaveButton pending={pending} />
          </HStack>
        </Stack>
      </form>
    </AdminPage>
  );
}
