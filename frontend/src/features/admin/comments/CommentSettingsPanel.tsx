import { useId, useState } from 'react';
import { Card, Field, Input, Stack, Switch, Textarea } from '@chakra-ui/react';
import { ChoiceCards } from '../components/ChoiceCards';
import { admin as t } from '@/i18n/admin';
import { useGetCommentSettings, useUpdateCommentSettings } from '../api';
import { ErrorState, LoadingState } from '../components/QueryState';
import { SaveRow } from '../components/SaveButton';
import { saveFormMutation, useSavedForm } from '../components/useSavedForm';
import {
  blocklistFromText,
  MAX_LINKS_LIMIT,
  MODERATION_MODES,
  settingsChanged,
  settingsFormFrom,
  settingsPayload,
  settingsProblems,
  type CommentSettingsForm,
  type SettingsProblems,
} from './comment-rules';

/** The comment settings: the site-wide switch, the moderation mode, the link limit and the blocklist. */
export default function CommentSettingsPanel() {
  const settings = useGetCommentSettings({ query: { refetchOnWindowFocus: false } });
  const { form, setForm, baseline, saved } = useSavedForm(settings.data, settingsFormFrom);
  const [problems, setProblems] = useState<SettingsProblems>({});
  const update = useUpdateCommentSettings(
    saveFormMutation(saved, { savedBody: t.commentSettingsSaved, failedBody: t.commentSettingsError }),
  );
  const ids = { maxLinks: useId(), blocklist: useId() };

  if (settings.isLoading || (!form && !settings.isError)) return <LoadingState rows={4} />;
  if (settings.isError || !form || !baseline) {
    return <ErrorState title={t.failedFetchCommentSettings} error={settings.error} onRetry={() => void settings.refetch()} />;
  }

  const set = <K extends keyof CommentSettingsForm>(key: K, value: CommentSettingsForm[K]) => {
    setForm((prev) => (prev ? { ...prev, [key]: value } : prev));
    if (key in problems) setProblems((prev) => ({ ...prev, [key]: undefined }));
  };
  const words = blocklistFromText(form.blocklist).length;

  return (
    <Card.Root variant="outline" maxW="4xl" data-testid="comment-settings">
      <Card.Header>
        <Card.Title as="h2">{t.commentSettingsTitle}</Card.Title>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const found = settingsProblems(form);
            setProblems(found);
            if (Object.keys(found).length === 0) update.mutate({ data: settingsPayload(form) });
          }}
        >
          <Stack gap="6">
            <Field.Root>
              <Switch.Root
                colorPalette="blue"
                size="lg"
                checked={form.enabled}
                onCheckedChange={(e) => set('enabled', e.checked)}
                name="enabled"
              >
                <Switch.HiddenInput />
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label fontWeight="600">{t.commentsEnabled}</Switch.Label>
              </Switch.Root>
              <Field.HelperText>{t.commentsEnabledHint}</Field.HelperText>
            </Field.Root>

            <ChoiceCards
              name="moderation"
              label={t.moderationMode}
              choices={MODERATION_MODES}
              value={form.moderation}
              onChange={(mode) => set('moderation', mode)}
              columns={{ base: 1, md: 3 }}
            />

            <Field.Root invalid={!!problems.maxLinks}>
              <Field.Label htmlFor={ids.maxLinks}>{t.maxLinks}</Field.Label>
              <Input
                id={ids.maxLinks}
                name="maxLinks"
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_LINKS_LIMIT}
                step={1}
                w="32"
                size={{ base: 'lg', md: 'md' }}
                value={form.maxLinks}
                onChange={(e) => set('maxLinks', e.target.value)}
              />
              <Field.HelperText>{t.maxLinksHint}</Field.HelperText>
              <Field.ErrorText>{problems.maxLinks}</Field.ErrorText>
            </Field.Root>

            <Field.Root invalid={!!problems.blocklist}>
              <Field.Label htmlFor={ids.blocklist}>{t.blocklist}</Field.Label>
              <Textarea
                id={ids.blocklist}
                name="blocklist"
                dir="auto"
                rows={8}
                value={form.blocklist}
                onChange={(e) => set('blocklist', e.target.value)}
              />
              <Field.HelperText data-testid="blocklist-count">{t.blocklistCount(words)}</Field.HelperText>
              <Field.HelperText>{t.blocklistHint}</Field.HelperText>
              <Field.ErrorText>{problems.blocklist}</Field.ErrorText>
            </Field.Root>

            <SaveRow changed={settingsChanged(form, baseline)} pending={update.isPending} />
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
