import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Redirect, Seo } from '@/page/render-context';
import { FormField } from '@/components/ui/FormField';
import { toaster } from '@/components/ui/toaster';
import { t } from '@/i18n';
import { api, errorMessage } from '@/lib/api';
import { validateReset, type Errors } from './validation';

export const RESET_REDIRECT_MS = 3000;

/** /reset-password?token=… (SPEC §2, §4): no token → /auth; success view, then /auth after 3 s or by the button. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors<'password' | 'confirm'>>({});
  const reset = useMutation({
    mutationFn: api.resetPassword,
    onSuccess: () => toaster.create({ type: 'success', title: t('auth.resetSuccess'), description: t('auth.resetSuccessText') }),
    onError: (error) => toaster.create({ type: 'error', title: t('auth.resetFailed'), description: errorMessage(error) }),
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => void navigate('/auth'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (!token) return <Redirect to="/auth" />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateReset(values);
    setErrors(found);
    if (Object.keys(found).length === 0) reset.mutate({ token, password: values.password });
  };

  return (
    <Card.Root variant="outline" bg="card" maxW="md" mx="auto" data-testid="reset-page">
      <Seo title={t('auth.resetTitle')} path="/reset-password" noindex />
      <Card.Body>
        {reset.isSuccess ? (
          <Stack gap="4" align="center" textAlign="center" data-testid="reset-success">
            <CheckCircle2 aria-hidden size={48} color="var(--chakra-colors-green-500)" />
            <Heading as="h1" size="xl">
              {t('auth.resetSuccess')}
            </Heading>
            <Text color="fg.muted">{t('auth.resetRedirect')}</Text>
            <Button colorPalette="blue" onClick={() => navigate('/auth')}>
              {t('auth.goToLogin')}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate data-testid="reset-form">
            <Stack gap="4">
              <Heading as="h1" size="xl">
                {t('auth.resetTitle')}
              </Heading>
              <FormField
                label={t('auth.newPassword')}
                name="password"
                type="password"
                autoComplete="new-password"
                value={values.password}
                error={errors.password}
                onChange={(e) => setValues({ ...values, password: e.target.value })}
              />
              <FormField
                label={t('auth.confirmPassword')}
                name="confirm"
                type="password"
                autoComplete="new-password"
                value={values.confirm}
                error={errors.confirm}
                onChange={(e) => setValues({ ...values, confirm: e.target.value })}
              />
              <Button type="submit" colorPalette="blue" loading={reset.isPending}>
                {t('auth.resetSubmit')}
              </Button>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
