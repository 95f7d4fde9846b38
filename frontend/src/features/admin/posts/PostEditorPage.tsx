import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Card, Field, Grid, HStack, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { Eye, Wand2 } from 'lucide-react';
import { documentTitle, EXCERPT_LENGTH, generateExcerpt, languageDirection, publicationStatus, slugify } from '@mudawwana/rules';
import type { PostDto } from '@/lib/api';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import RichTextEditor from '@/components/editor/RichTextEditor';
import ImageUpload from '@/components/image-upload/ImageUpload';
import { buildPostPayload, formsDiffer, postToForm } from '@/lib/post-payload';
import { useCreatePost, useGetPostById, useListCategories, useUpdatePost } from '../api';
import AdminPage from '../components/AdminPage';
import { ErrorState, LoadingState } from '../components/QueryState';
import RestoreOffer from '../components/RestoreOffer';
import UnsavedChangesGuard from '../components/UnsavedChangesGuard';
import { useEditedId } from '../components/useEditedId';
import { useEditorForm } from '../components/useEditorForm';
import VersionConflictDialog, { useVersionConflict } from '../components/VersionConflictDialog';
import { notifyError, notifySuccess } from '../notify';
import { dayToIso, toDay } from './calendar';
import DatePicker from './DatePicker';
import SendToSubscribers from '../newsletter/SendToSubscribers';
import EditorActionBar from './EditorActionBar';
import { clearDraft, loadDraft, saveDraft, type StoredDraft } from './draft-storage';
import PostCommentsSettings from './PostCommentsSettings';
import PostFediverseReactions from './PostFediverseReactions';
import PostLanguageFields from './PostLanguageFields';
import {
  commentsPayload,
  emptyEditorForm,
  parseCloseAfterDays,
  postToEditorForm,
  withCommentDefaults,
  type PostEditorValues,
} from './post-comments';
import PostPreview from './PostPreview';
import ScheduleControl from './ScheduleControl';
import TagsInput from './TagsInput';
import AutosaveStatus from '../revisions/AutosaveStatus';
import { revisionApi } from '../revisions/revision-api';
import RevisionHistoryDrawer from '../revisions/RevisionHistoryDrawer';
import ServerDraftRecovery from '../revisions/ServerDraftRecovery';
import { useServerAutosave } from '../revisions/useServerAutosave';

/** Editor loads retry twice, 1 s apart (SPEC §9). */
const EDITOR_LOAD_RETRY = { retry: 2, retryDelay: 1000 } as const;
const AUTOSAVE_DELAY_MS = 800;
/** The post revision calls (autosave, history, restore). */
const POST_REVISIONS = revisionApi<PostDto>('post');

/** How the last save was asked for (an overwrite after a version conflict repeats it). */
interface SaveIntent {
  published: boolean;
  /** A time to come: scheduled. */
  publishAt: string | null;
  /** The form as it was sent (the author may go on typing while the save is under way). */
  sent?: PostEditorValues;
}

type Errors = Partial<Record<'title' | 'content' | 'commentsCloseAfterDays', string>>;

/** Remounts the editor per post so state never leaks between posts (also after 'create' → /admin/edit/{id}). */
export default function PostEditorRoute() {
  const postId = useEditedId();
  return <PostEditorPage key={postId ?? 'new'} postId={postId} />;
}

function PostEditorPage({ postId }: { postId: number | null }) {
  const navigate = useNavigate();
  const isEdit = postId !== null;

  const post = useGetPostById(postId ?? 0, { query: { enabled: isEdit, ...EDITOR_LOAD_RETRY } });
  const categories = useListCategories();

  const versions = useVersionConflict<PostDto>();
  const { form, setForm, baseline, setBaseline, ready } = useEditorForm(
    post.data,
    isEdit,
    emptyEditorForm,
    postToEditorForm,
    versions.setVersion,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [offeredDraft, setOfferedDraft] = useState<StoredDraft | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [savingAs, setSavingAs] = useState<'draft' | 'publish' | null>(null);
  const bypassGuard = useRef(false);
  const lastSave = useRef<SaveIntent>({ published: false, publishAt: null });
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  // set once the post has been created: this instance is about to be replaced by /admin/edit/{id}
  const autosaveOff = useRef(false);

  // a new post keeps its draft in this browser; a saved one autosaves to the server (useServerAutosave below)
  useEffect(() => {
    if (!ready || isEdit) return;
    const stored = loadDraft(localStorage, postId);
    if (stored && formsDiffer(stored.values, baseline)) setOfferedDraft(stored);
    // only when the editor becomes ready
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  const dirty = ready && formsDiffer(form, baseline);

  // local autosave of unsaved work (a new post: nothing on the server to attach it to yet), after a pause in typing or
  // at once when the page is hidden or closed
  useEffect(() => {
    if (!ready || offeredDraft || isEdit) return;
    const keep = () => {
      if (autosaveOff.current) return;
      if (formsDiffer(form, baseline)) saveDraft(localStorage, postId, form);
      else clearDraft(localStorage, postId);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') keep();
    };
    const timer = window.setTimeout(keep, AUTOSAVE_DELAY_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', keep);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', keep);
    };
  }, [form, baseline, ready, postId, offeredDraft, isEdit]);

  const autosave = useServerAutosave({
    api: POST_REVISIONS,
    id: postId,
    fields: {
      title: form.title,
      content: form.content,
      excerpt: form.excerpt,
      metaTitle: form.metaTitle,
      metaDescription: form.metaDescription,
    },
    unsaved: dirty,
    enabled: ready && !recoveryOpen,
  });

  /** A restored revision (or a reloaded record) becomes what the editor holds and what it is based on. */
  const takeSaved = (saved: PostDto) => {
    const values = postToEditorForm(saved);
    setForm(values);
    afterSave(values);
    versions.setVersion(saved.version);
  };

  const set = <K extends keyof PostEditorValues>(key: K, value: PostEditorValues[K]) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    if (key === 'title' || key === 'content' || key === 'commentsCloseAfterDays') setErrors((prev) => ({ ...prev, [key]: undefined }));
  };

  const afterSave = (saved: PostEditorValues) => {
    clearDraft(localStorage, postId);
    setBaseline(saved);
  };

  const createPost = useCreatePost({
    mutation: {
      onSuccess: (created) => {
        notifySuccess(t.postCreatedTitle, t.postCreatedBody);
        autosaveOff.current = true;
        clearDraft(localStorage, null);
        bypassGuard.current = true;
        navigate(`/admin/edit/${created.id}`, { replace: true });
      },
      onError: (error) => notifyError(t.postCreateErrorTitle, error, t.postCreateErrorBody),
      onSettled: () => setSavingAs(null),
    },
  });
  const updatePost = useUpdatePost({
    mutation: {
      onSuccess: (updated) => {
        if (updated.publishAt) notifySuccess(t.postScheduledTitle, t.postScheduledBody(formatDate(updated.publishAt)));
        else if (lastSave.current.publishAt === null && !updated.published && post.data?.publishAt)
          notifySuccess(t.postUnscheduledTitle, t.postUnscheduledBody);
        else notifySuccess(t.postUpdatedTitle, t.postUpdatedBody);
        const { slug } = postToForm(updated);
        // Keep what the author sees in the editor, typed since the save was sent included; take the server's slug (it
        // may have been normalised). What was sent is what is saved now.
        setForm((current) => ({ ...current, slug }));
        afterSave({ ...(lastSave.current.sent ?? form), slug });
        versions.setVersion(updated.version);
      },
      onError: (error) => {
        if (!versions.caught(error)) notifyError(t.postUpdateErrorTitle, error, t.postUpdateErrorBody);
      },
      onSettled: () => setSavingAs(null),
    },
  });
  const pending = createPost.isPending || updatePost.isPending;

  const save = (published: boolean, basedOn = versions.version, publishAt: string | null = null) => {
    const nextErrors: Errors = {};
    if (!form.title.trim()) nextErrors.title = t.titleRequired;
    if (!form.content.trim() || form.content === '<p></p>') nextErrors.content = t.contentRequired;
    if (form.commentsOpen && parseCloseAfterDays(form.commentsCloseAfterDays) === undefined)
      nextErrors.commentsCloseAfterDays = t.closeCommentsAfterInvalid;
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    const payload = { ...buildPostPayload(form, published), ...commentsPayload(form), publishAt };
    lastSave.current = { published, publishAt, sent: form };
    setSavingAs(published ? 'publish' : 'draft');
    if (isEdit && postId !== null) updatePost.mutate({ idOrSlug: postId, data: { ...payload, version: basedOn } });
    else createPost.mutate({ data: payload });
  };

  const categoryName = useMemo(() => {
    const id = Number(form.categoryId);
    return categories.data?.find((c) => c.id === id)?.name ?? null;
  }, [categories.data, form.categoryId]);

  const title = isEdit ? t.editArticle : t.createNewArticle;

  if (isEdit && !ready) {
    return (
      <AdminPage title={title} backTo="/admin">
        {post.isError ? <ErrorState title={t.failedFetchPost} error={post.error} onRetry={() => void post.refetch()} /> : <LoadingState />}
      </AdminPage>
    );
  }

  const published = post.data?.published ?? false;
  const status = publicationStatus({ published, publishAt: post.data?.publishAt });
  const scheduledAt = status === 'scheduled' ? (post.data?.publishAt ?? null) : null;

  return (
    <AdminPage
      title={title}
      backTo="/admin"
      actions={
        <>
          {isEdit && postId !== null ? (
            <RevisionHistoryDrawer
              api={POST_REVISIONS}
              id={postId}
              current={{ title: form.title, content: form.content }}
              version={versions.version}
              onRestored={takeSaved}
              onConflict={versions.caught}
            />
          ) : null}
          <Button variant="outline" size="sm" onClick={() => setPreviewOpen(true)}>
            <Eye size={16} aria-hidden />
            {t.preview}
          </Button>
        </>
      }
    >
      <UnsavedChangesGuard when={dirty} bypass={bypassGuard} />
      <VersionConflictDialog
        open={versions.conflict !== null}
        what={t.thisArticle}
        onClose={versions.dismiss}
        onReload={() => {
          if (!versions.conflict) return;
          takeSaved(versions.conflict);
          versions.dismiss();
        }}
        onOverwrite={() => {
          if (!versions.conflict) return;
          const current = versions.conflict.version;
          versions.setVersion(current);
          versions.dismiss();
          save(lastSave.current.published, current, lastSave.current.publishAt);
        }}
      />
      {isEdit && postId !== null && post.data ? (
        <ServerDraftRecovery
          api={POST_REVISIONS}
          id={postId}
          saved={post.data}
          onPending={setRecoveryOpen}
          onRecover={(revision) =>
            setForm((prev) => ({
              ...prev,
              title: revision.title,
              content: revision.content,
              excerpt: revision.excerpt ?? '',
              metaTitle: revision.metaTitle ?? '',
              metaDescription: revision.metaDescription ?? '',
            }))
          }
        />
      ) : null}
      {offeredDraft ? (
        <RestoreOffer
          title={t.draftRestoreTitle}
          body={t.draftRestoreBody(formatDate(offeredDraft.savedAt))}
          restoreLabel={t.restore}
          onRestore={() => {
            setForm(withCommentDefaults(offeredDraft.values));
            setOfferedDraft(null);
          }}
          onDiscard={() => {
            clearDraft(localStorage, postId);
            setOfferedDraft(null);
          }}
          testId="draft-restore"
        />
      ) : null}

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save(true);
        }}
      >
        {/* minmax(0, …) and minW 0: a long URL, code line or table must not widen the column past a phone's screen */}
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 320px' }} gap="6" alignItems="start">
          <Stack gap="5" minW="0">
            <Field.Root required invalid={!!errors.title}>
              <Field.Label>{t.fieldTitle}</Field.Label>
              <Input
                name="title"
                size="lg"
                lang={form.language}
                dir={languageDirection(form.language)}
                value={form.title}
                onChange={(e) => set('title', e.target.value)}
              />
              <Field.ErrorText>{errors.title}</Field.ErrorText>
            </Field.Root>

            <Field.Root>
              <Field.Label>{t.fieldSlug}</Field.Label>
              <HStack w="full" wrap={{ base: 'wrap', sm: 'nowrap' }}>
                <Input name="slug" dir="ltr" minW="0" flex="1 1 12rem" value={form.slug} onChange={(e) => set('slug', e.target.value)} />
                <Button variant="outline" onClick={() => set('slug', slugify(form.title))} disabled={!form.title.trim()}>
                  <Wand2 size={16} aria-hidden />
                  {t.generateFromTitle}
                </Button>
              </HStack>
            </Field.Root>

            <Field.Root invalid={!!errors.content}>
              <Field.Label id="content-label">{t.fieldContent}</Field.Label>
              <Box w="full">
                <RichTextEditor value={form.content} onChange={(html) => set('content', html)} label={t.fieldContent} height={500} />
              </Box>
              <Field.ErrorText>{errors.content}</Field.ErrorText>
            </Field.Root>

            <Field.Root>
              <Field.Label>{t.fieldExcerpt}</Field.Label>
              <Textarea name="excerpt" rows={3} value={form.excerpt} onChange={(e) => set('excerpt', e.target.value)} />
              <HStack justify="space-between" w="full">
                <Field.HelperText color={form.excerpt.length > EXCERPT_LENGTH ? 'fg.error' : undefined} data-testid="excerpt-counter">
                  {form.excerpt.length} / {EXCERPT_LENGTH}
                </Field.HelperText>
                <Button size="xs" variant="outline" onClick={() => set('excerpt', generateExcerpt(form.content))} disabled={!form.content}>
                  <Wand2 size={14} aria-hidden />
                  {t.generateFromContent}
                </Button>
              </HStack>
            </Field.Root>

            <Card.Root variant="outline">
              <Card.Header>
                <Card.Title as="h2">{t.seoSettings}</Card.Title>
              </Card.Header>
              <Card.Body>
                <Stack gap="4">
                  <Field.Root>
                    <Field.Label>{t.fieldMetaTitle}</Field.Label>
                    <Input
                      name="metaTitle"
                      value={form.metaTitle}
                      placeholder={form.title ? documentTitle(form.title) : ''}
                      onChange={(e) => set('metaTitle', e.target.value)}
                    />
                    <Field.HelperText>{t.metaTitleHint}</Field.HelperText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t.fieldMetaDescription}</Field.Label>
                    <Textarea
                      name="metaDescription"
                      rows={2}
                      value={form.metaDescription}
                      onChange={(e) => set('metaDescription', e.target.value)}
                    />
                  </Field.Root>
                </Stack>
              </Card.Body>
            </Card.Root>
          </Stack>

          {/* the post's settings; on a phone they come after the writing, before the action bar */}
          <Stack gap="5" minW="0" position={{ lg: 'sticky' }} top={{ lg: '4' }}>
            <Card.Root variant="outline">
              <Card.Body>
                <Stack gap="3">
                  <ScheduleControl
                    scheduledAt={scheduledAt}
                    pending={pending}
                    onSchedule={(publishAt) => save(true, versions.version, publishAt)}
                    onUnschedule={() => save(false)}
                  />
                  <AutosaveStatus state={autosave} />
                </Stack>
              </Card.Body>
            </Card.Root>

            {postId !== null && published ? <SendToSubscribers postId={postId} /> : null}
            {postId !== null && published ? <PostFediverseReactions postId={postId} /> : null}

            <Field.Root>
              <Field.Label>{t.fieldCategory}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="categoryId" value={form.categoryId} onChange={(e) => set('categoryId', e.target.value)}>
                  <option value="">{t.chooseCategory}</option>
                  {(categories.data ?? []).map((category) => (
                    <option key={category.id} value={String(category.id)}>
                      {category.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>

            <TagsInput value={form.tags} onChange={(tags) => set('tags', tags)} />

            <PostLanguageFields
              postId={postId}
              language={form.language}
              translationOfId={form.translationOfId}
              onLanguage={(language) => set('language', language)}
              onTranslationOf={(id) => set('translationOfId', id)}
            />

            <Field.Root>
              <Field.Label htmlFor="publication-date">{t.fieldDate}</Field.Label>
              <DatePicker
                id="publication-date"
                value={form.createdAt ? toDay(new Date(form.createdAt)) : ''}
                onChange={(day) => set('createdAt', day ? dayToIso(day, form.createdAt) : '')}
              />
            </Field.Root>

            <Field.Root>
              <Field.Label>{t.fieldFeaturedImage}</Field.Label>
              <ImageUpload value={form.featuredImage} onChange={(url) => set('featuredImage', url)} label={t.fieldFeaturedImage} />
            </Field.Root>

            <PostCommentsSettings
              values={form}
              onOpen={(open) => set('commentsOpen', open)}
              onCloseAfterDays={(days) => set('commentsCloseAfterDays', days)}
              error={errors.commentsCloseAfterDays}
            />
          </Stack>
        </Grid>
        <EditorActionBar status={isEdit ? status : undefined} pending={pending} savingAs={savingAs} onSaveDraft={() => save(false)} />
      </form>

      <PostPreview open={previewOpen} onClose={() => setPreviewOpen(false)} values={form} categoryName={categoryName} />
    </AdminPage>
  );
}
