import { Alert, Field, Input, Link as ChakraLink, Stack, Switch } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { admin as t } from '@/i18n/admin';
import { useGetCommentSettings } from '../api';
import TitledCard from '../components/TitledCard';
import { CLOSE_AFTER_DAYS_MAX, type PostCommentValues } from './post-comments';

interface Props {
  values: PostCommentValues;
  onOpen: (open: boolean) => void;
  onCloseAfterDays: (days: string) => void;
  /** Why the days typed cannot be saved. */
  error?: string;
}

/** The post's own comment settings in the editor's side column: open or not, and closing some days after publication. */
export default function PostCommentsSettings({ values, onOpen, onCloseAfterDays, error }: Props) {
  // the site-wide switch comes first: say so when it is off
  const siteWide = useGetCommentSettings({ query: { refetchOnWindowFocus: false } });
  return (
    <TitledCard title={t.postComments} testId="post-comments-settings">
      <Stack gap="4">
        {siteWide.data && !siteWide.data.enabled ? (
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Description>
              {t.commentsOffSiteWide}{' '}
              <ChakraLink asChild textDecoration="underline">
                <Link to="/admin/comments?view=settings">{t.openCommentSettings}</Link>
              </ChakraLink>
            </Alert.Description>
          </Alert.Root>
        ) : null}
        <Switch.Root
          colorPalette="blue"
          checked={values.commentsOpen}
          onCheckedChange={(event) => onOpen(event.checked)}
          name="commentsOpen"
        >
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{t.allowComments}</Switch.Label>
        </Switch.Root>
        <Field.Root invalid={!!error} disabled={!values.commentsOpen}>
          <Field.Label>{t.closeCommentsAfter}</Field.Label>
          <Input
            name="commentsCloseAfterDays"
            type="number"
            inputMode="numeric"
            min={1}
            max={CLOSE_AFTER_DAYS_MAX}
            step={1}
            w="32"
            value={values.commentsCloseAfterDays}
            onChange={(event) => onCloseAfterDays(event.target.value)}
          />
          <Field.HelperText>{t.closeCommentsAfterHint}</Field.HelperText>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </TitledCard>
  );
}
