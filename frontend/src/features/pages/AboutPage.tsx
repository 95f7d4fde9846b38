import { Box, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { pageShareImage, shareImageUrl } from '@mudawwana/rules';
import { isNotFound } from '@/api/http';
import { Seo } from '@/page/render-context';
import { ArticleContent } from '@/components/ui/ArticleContent';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { SocialIcons } from '@/components/ui/SocialIcons';
import { t } from '@/i18n';
import { pageBySlugQuery, socialLinksQuery } from '@/lib/api';

const SKILLS = ['React', 'JavaScript', 'Node.js', 'HTML5', 'CSS3'] as const;

/** /about (SPEC §2): the server's about page, or the built-in text with skills, contact line and social icons. */
export function AboutPage() {
  const page = useQuery(pageBySlugQuery('about'));
  const social = useQuery(socialLinksQuery());

  if (page.isPending) return <PageSpinner />;
  if (page.isError && !isNotFound(page.error)) {
    return (
      <Text role="alert" color="red.fg" textAlign="center" py="16" data-testid="about-error">
        <Seo title={t('about.title')} path="/about" />
        {t('about.error')}
      </Text>
    );
  }
  if (page.data) {
    return (
      <Box as="article" maxW="3xl" mx="auto" data-testid="about-page">
        <Seo
          title={page.data.title}
          path="/about"
          image={shareImageUrl({ kind: 'page', slug: page.data.slug }, pageShareImage(page.data))}
        />
        <Heading as="h1" size="3xl" mb="8">
          {page.data.title}
        </Heading>
        <ArticleContent html={page.data.content} />
      </Box>
    );
  }
  return (
    <Stack as="article" maxW="3xl" mx="auto" gap="8" data-testid="about-fallback">
      <Seo title={t('about.title')} description={t('about.intro')} path="/about" />
      <Heading as="h1" size="3xl">
        {t('about.title')}
      </Heading>
      <Text fontSize="lg" lineHeight="1.9">
        {t('about.intro')}
      </Text>
      <Box as="section" aria-labelledby="skills-title">
        <Heading as="h2" id="skills-title" size="xl" mb="4">
          {t('about.skills')}
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" data-testid="skills-grid">
          {[...SKILLS, t('about.skill.databases')].map((skill) => (
            <Box key={skill} p="4" rounded="lg" borderWidth="1px" borderColor="border" bg="card" textAlign="center" fontWeight="medium">
              <bdi>{skill}</bdi>
            </Box>
          ))}
        </SimpleGrid>
      </Box>
      <HStack gap="4" flexWrap="wrap">
        <Text>{t('about.contact')}</Text>
        <SocialIcons links={social.data} />
      </HStack>
    </Stack>
  );
}
