import { Box, Container, Heading, HStack, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LinesSkeleton } from '@/components/ui/Skeletons';
import { SocialIcons } from '@/components/ui/SocialIcons';
import { useAuth } from '@/features/auth/useAuth';
import { t } from '@/i18n';
import { useReaderDates } from '@/lib/reader-dates';
import { footerDateDisplayQuery, footerPostsQuery, footerSocialLinksQuery } from './footer-params';
import { Logo } from './Logo';
import { SocialLinksDialog } from './SocialLinksDialog';
import { postPath } from '@/features/posts/post-params';

/** The 3 latest published posts, quick links (About, Admin) and social icons (SPEC §1). */
export function Footer() {
  const posts = useQuery(footerPostsQuery());
  const social = useQuery(footerSocialLinksQuery());
  const dates = useReaderDates(footerDateDisplayQuery());
  const { user } = useAuth();

  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border" bg="bg.subtle" mt="16" data-testid="site-footer">
      <Container maxW="6xl" py="10">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="8">
          <Stack gap="3">
            <Logo />
            <Text color="fg.muted" fontSize="sm">
              {t('blog.tagline')}
            </Text>
            <HStack gap="1">
              <SocialIcons links={social.data} />
              {user && <SocialLinksDialog />}
            </HStack>
          </Stack>
          <Stack gap="3" as="section" aria-labelledby="footer-latest">
            <Heading as="h2" size="sm" id="footer-latest">
              {t('footer.latestPosts')}
            </Heading>
            {posts.isPending ? (
              <LinesSkeleton />
            ) : posts.data && posts.data.length > 0 ? (
              <Stack as="ul" gap="2" listStyleType="none" data-testid="footer-latest-posts">
                {posts.data.slice(0, 3).map((post) => (
                  <li key={post.id}>
                    <ChakraLink asChild fontSize="sm" fontWeight="medium">
                      <Link to={postPath(post.slug)}>{post.title}</Link>
                    </ChakraLink>
                    <Text fontSize="xs" color="fg.muted">
                      {dates.formatDay(post.createdAt)}
                    </Text>
                  </li>
                ))}
              </Stack>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                {t('footer.noPosts')}
              </Text>
            )}
          </Stack>
          <Stack gap="3" as="nav" aria-labelledby="footer-links">
            <Heading as="h2" size="sm" id="footer-links">
              {t('footer.quickLinks')}
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none" fontSize="sm">
              <li>
                <ChakraLink asChild>
                  <Link to="/about">{t('nav.about')}</Link>
                </ChakraLink>
              </li>
              <li>
                <ChakraLink asChild>
                  <Link to="/admin">{t('nav.admin')}</Link>
                </ChakraLink>
              </li>
              <li>
                <ChakraLink href="/rss.xml">
                  <Rss aria-hidden size={14} /> {t('footer.rss')}
                </ChakraLink>
              </li>
            </Stack>
          </Stack>
        </SimpleGrid>
        <Text mt="10" fontSize="xs" color="fg.muted" textAlign="center">
          © {t('blog.name')} — {t('footer.rights')}
        </Text>
      </Container>
    </Box>
  );
}
