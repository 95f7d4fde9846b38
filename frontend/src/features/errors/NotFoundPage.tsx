import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Home } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HttpStatus, Seo } from '@/page/render-context';
import { t } from '@/i18n';

/** A not-found screen answered with HTTP 404 (SPEC §2, §8). */
export function NotFoundScreen({ title, text, path, children }: { title: string; text?: string; path: string; children?: ReactNode }) {
  return (
    <Stack align="center" textAlign="center" gap="4" py="20" data-testid="not-found">
      <HttpStatus code={404} />
      <Seo title={title} description={text} path={path} noindex />
      <Heading as="h1" size="3xl">
        {title}
      </Heading>
      {text && (
        <Text color="fg.muted" fontSize="lg">
          {text}
        </Text>
      )}
      {children ?? (
        <Button asChild colorPalette="blue" mt="2">
          <Link to="/">
            <Home aria-hidden />
            {t('notFound.home')}
          </Link>
        </Button>
      )}
    </Stack>
  );
}

/** Any other path: '404 Page not found' and 'Sorry, the page you visited does not exist.' */
export function NotFoundPage() {
  return <NotFoundScreen title={t('notFound.title')} text={t('notFound.text')} path="/404" />;
}
