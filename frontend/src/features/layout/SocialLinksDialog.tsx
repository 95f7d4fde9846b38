import { Button, CloseButton, Dialog, Field, IconButton, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { t } from '@/i18n';
import { api, socialLinksQuery, type UpdateSocialLinksBody } from '@/lib/api';

const FIELDS = ['twitter', 'instagram', 'snapchat', 'linkedin'] as const;
const HOSTS: Record<(typeof FIELDS)[number], string> = {
  twitter: 'https://twitter.com/username',
  instagram: 'https://instagram.com/username',
  snapchat: 'https://snapchat.com/add/username',
  linkedin: 'https://linkedin.com/in/username',
};

/** The footer's social-links editor for a signed-in author (SPEC §2): loads current values, 'saving...', closes on success. */
export function SocialLinksDialog() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const current = useQuery({ ...socialLinksQuery(), enabled: open });
  const [loadedFor, setLoadedFor] = useState<unknown>(null);
  if (open && current.data && loadedFor !== current.data) {
    setLoadedFor(current.data);
    setValues(Object.fromEntries(FIELDS.map((key) => [key, current.data[key] ?? ''])));
  }
  const save = useMutation({
    mutationFn: (body: UpdateSocialLinksBody) => api.updateSocialLinks(body),
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('social.updatedTitle'), description: t('social.updatedBody') });
      setOpen(false);
    },
    onError: () => toaster.create({ type: 'error', title: t('social.errorTitle'), description: t('social.errorBody') }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Object.fromEntries(FIELDS.map((key) => [key, (values[key] ?? '').trim()])));
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (details.open) setLoadedFor(null);
      }}
      placement="center"
    >
      <Dialog.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          rounded="full"
          aria-label={t('social.edit')}
          title={t('social.edit')}
          data-testid="edit-social-links"
        >
          <Pencil aria-hidden />
        </IconButton>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content dir="rtl" as="form" onSubmit={onSubmit} data-testid="social-links-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('social.dialogTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {FIELDS.map((key) => (
                  <Field.Root key={key}>
                    <Field.Label>{t(`social.${key}`)}</Field.Label>
                    <Input
                      name={key}
                      dir="ltr"
                      value={values[key] ?? ''}
                      onChange={(event) => setValues((v) => ({ ...v, [key]: event.target.value }))}
                      placeholder="username"
                    />
                    <Field.HelperText>{t('social.hint', { host: HOSTS[key] })}</Field.HelperText>
                  </Field.Root>
                ))}
                {current.isPending && <Text color="fg.muted">{t('common.loading')}</Text>}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" type="button">
                  {t('social.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button type="submit" colorPalette="blue" disabled={save.isPending}>
                {save.isPending ? t('social.saving') : t('social.save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('toast.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
