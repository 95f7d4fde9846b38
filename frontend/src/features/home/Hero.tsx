import { Box, Heading, Text } from '@chakra-ui/react';
import type { CSSProperties } from 'react';
import { t } from '@/i18n';
import type { HomeLayoutDto } from '@/lib/api';
import { heroColours } from './hero-colours';

const SHADOW = '0 1px 2px rgba(0,0,0,.35)';

/**
 * Title and subtitle with defaults (SPEC §2). The background is the author's colour when one is set: as chosen in
 * the light theme, deepened in the dark theme, with white or ink text, whichever reads better on it. Otherwise the
 * brand gradient. Light and dark values are CSS variables picked by the theme's condition, so the server HTML is
 * the same for every reader and follows the theme without JavaScript too.
 */
export function Hero({ layout }: { layout: HomeLayoutDto }) {
  const custom = layout.heroBgColor ? heroColours(layout.heroBgColor) : null;
  const look = custom
    ? {
        style: {
          '--hero-bg': custom.light.background,
          '--hero-fg': custom.light.text,
          '--hero-bg-dark': custom.dark.background,
          '--hero-fg-dark': custom.dark.text,
        } as CSSProperties,
        css: {
          backgroundColor: 'var(--hero-bg)',
          color: 'var(--hero-fg)',
          _dark: { backgroundColor: 'var(--hero-bg-dark)', color: 'var(--hero-fg-dark)' },
          // depth without changing the colour: a light sheen at the start, a shade at the end
          backgroundImage: 'linear-gradient(to bottom left, rgb(255 255 255 / .12), rgb(0 0 0 / .12))',
        },
      }
    : {
        css: {
          color: 'white',
          backgroundImage: 'linear-gradient(to bottom right, var(--chakra-colors-blue-700), var(--chakra-colors-purple-700))',
          _dark: {
            backgroundImage: 'linear-gradient(to bottom right, var(--chakra-colors-blue-900), var(--chakra-colors-purple-900))',
          },
        },
      };
  const shadow = !custom || custom.light.text === '#ffffff' ? SHADOW : undefined;
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      rounded="2xl"
      px={{ base: '6', md: '12' }}
      py={{ base: '12', md: '20' }}
      textAlign="center"
      data-testid="hero"
      {...look}
    >
      {/*
        Two lines reserved on phones, the text centred in them: before the bold font arrives the fallback font's wider
        letters wrap the default title onto a second line, and the hero shrinking by a line when it swapped in moved
        everything below (CLS 0.05 on /). A title of one or two lines now keeps the same box in either font.
      */}
      <Heading
        as="h1"
        id="hero-title"
        size={{ base: '2xl', md: '4xl' }}
        lineHeight="1.4"
        textShadow={shadow}
        minH={{ base: '2lh', md: 'auto' }}
        display="flex"
        alignItems="center"
        justifyContent="center"
      >
        {layout.heroTitle?.trim() || t('home.heroTitle')}
      </Heading>
      <Text mt="4" fontSize={{ base: 'md', md: 'xl' }} maxW="2xl" mx="auto" textShadow={shadow}>
        {layout.heroSubtitle?.trim() || t('home.heroSubtitle')}
      </Text>
    </Box>
  );
}
