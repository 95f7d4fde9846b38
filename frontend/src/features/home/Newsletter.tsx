import { Box, Button, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { t } from '@/i18n';
import { api, errorMessage } from '@/lib/api';

/** Email (type email, required, browser check) and Subscribe; POST /api/newsletter mails a confirmation link (double opt-in), which the message asks the reader to open. */
export function Newsletter() {
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  const subscribe = useMutation({
    mutationFn: (value: string) => api.subscribeNewsletter({ email: value }),
    onSuccess: () => {
      setDone(true);
      setEmail('');
      toaster.create({ type: 'success', title: t('newsletter.successTitle'), description: t('newsletter.successBody') });
    },
    onError: (error) => toaster.create({ type: 'error', title: t('newsletter.errorTitle'), description: errorMessage(error) }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate(email.trim());
  };
  return (
    <Box
      as="section"
      aria-labelledby="newsletter-title"
      rounded="2xl"
      bg="brand.subtle"
      p={{ base: '6', md: '10' }}
      textAlign="center"
      data-testid="newsletter"
    >
      <Stack gap="3" align="center" maxW="xl" mx="auto">
        <Mail aria-hidden />
        <Heading as="h2" id="newsletter-title" size="xl">
          {t('newsletter.title')}
        </Heading>
        <Text color="fg.muted">{t('newsletter.text')}</Text>
        {done && (
          <Text role="status" color="green.fg" fontWeight="medium" data-testid="newsletter-done">
            {t('newsletter.successBody')}
          </Text>
        )}
        <Stack as="form" direction={{ base: 'column', sm: 'row' }} w="full" gap="2" onSubmit={onSubmit}>
          <Input
            type="email"
            name="email"
            required
            dir="ltr"
            bg="bg"
            aria-label={t('newsletter.email')}
            placeholder={t('newsletter.placeholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" colorPalette="blue" disabled={subscribe.isPending} flexShrink={0}>
            {subscribe.isPending ? t('newsletter.subscribing') : t('newsletter.subscribe')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
