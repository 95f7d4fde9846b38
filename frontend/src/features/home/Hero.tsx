import { Box, Heading, Text } from '@chakra-ui/react';
import { t } from '@/i18n';
import type { HomeLayoutDto } from '@/lib/api';

/** Title and subtitle with defaults; configurable background colour, a gradient by default (SPEC §2). */
export function Hero({ layout }: { layout: HomeLayoutDto }) {
  const custom = layout.heroBgColor?.trim();
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      rounded="2xl"
      px={{ base: '6', md: '12' }}
      py={{ base: '12', md: '20' }}
      color="white"
      textAlign="center"
      style={custom ? { background: custom } : undefined}
      bgGradient={custom ? undefined : 'to-br'}
      gradientFrom={custom ? undefined : 'blue.700'}
      gradientTo={custom ? undefined : 'purple.700'}
      data-testid="hero"
    >
      <Heading as="h1" id="hero-title" size={{ base: '2xl', md: '4xl' }} lineHeight="1.4" textShadow="0 1px 2px rgba(0,0,0,.35)">
        {layout.heroTitle?.trim() || t('home.heroTitle')}
      </Heading>
      <Text mt="4" fontSize={{ base: 'md', md: 'xl' }} maxW="2xl" mx="auto" textShadow="0 1px 2px rgba(0,0,0,.35)">
        {layout.heroSubtitle?.trim() || t('home.heroSubtitle')}
      </Text>
    </Box>
  );
}
