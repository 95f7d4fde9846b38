import { useMemo } from 'react';
import { Badge, Box, CloseButton, Dialog, Heading, HStack, Image, Portal, Stack, Text } from '@chakra-ui/react';
import { displayReadTime, readingTime } from '@mudawwana/rules';
import { formatDate } from '@/i18n/format';
import { readTimeLabel } from '@/i18n';
import { admin as t } from '@/i18n/admin';
import { parseTags, type PostFormValues } from '@/lib/post-payload';
import { ArticleContent } from '@/components/ui/ArticleContent';

/**
 * The content's code blocks as the public page has them (backend common/article-html.ts): left to right and
 * focusable, so a keyboard can scroll a long line (the page's highlighting is done on the server, not here).
 */
function withReadableCode(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const pre of document.querySelectorAll('pre')) {
    pre.setAttribute('dir', 'ltr');
    pre.setAttribute('tabindex', '0');
  }
  return document.body.innerHTML;
}

interface PostPreviewProps {
  open: boolean;
  onClose: () => void;
  values: PostFormValues;
  categoryName: string | null;
}

/** The post as readers will see it, before publishing (same blocks as the public post page). */
export default function PostPreview({ open, onClose, values, categoryName }: PostPreviewProps) {
  const tags = parseTags(values.tags);
  const content = useMemo(() => withReadableCode(values.content), [values.content]);
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (!e.open ? onClose() : undefined)} size="cover" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="post-preview">
            <Dialog.Header>
              <Dialog.Title>{t.previewTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box as="article" maxW="3xl" mx="auto">
                <Stack gap="4">
                  <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
                    <Badge colorPalette="blue">{categoryName ?? 'Uncategorized'}</Badge>
                    <Text>{values.createdAt ? formatDate(values.createdAt) : formatDate(new Date())}</Text>
                    <Text>{readTimeLabel(displayReadTime(readingTime(values.content)))}</Text>
                  </HStack>
                  <Heading as="h1" size="3xl" lineHeight="1.3">
                    {values.title || '—'}
                  </Heading>
                  {values.featuredImage ? <Image src={values.featuredImage} alt="" borderRadius="lg" maxH="96" objectFit="cover" /> : null}
                  <ArticleContent html={content} />
                  {tags.length > 0 ? (
                    <Stack gap="2" pt="4" borderTopWidth="1px">
                      <Heading as="h2" size="md">
                        الوسوم
                      </Heading>
                      <HStack gap="2" wrap="wrap">
                        {tags.map((tag) => (
                          <Badge key={tag} variant="outline">
                            {tag}
                          </Badge>
                        ))}
                      </HStack>
                    </Stack>
                  ) : null}
                </Stack>
              </Box>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label={t.closePreview} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
