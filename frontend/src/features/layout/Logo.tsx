import { Box, HStack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { t } from '@/i18n';

export function Logo() {
  return (
    <Link to="/" aria-label={t('blog.name')}>
      <HStack gap="2">
        <Box
          aria-hidden
          w="9"
          h="9"
          rounded="lg"
          bgGradient="to-br"
          gradientFrom="blue.600"
          gradientTo="purple.600"
          color="white"
          display="grid"
          placeItems="center"
          fontWeight="bold"
          fontSize="lg"
        >
          م
        </Box>
        <Text as="span" fontWeight="bold" fontSize="xl">
          {t('blog.name')}
        </Text>
      </HStack>
    </Link>
  );
}
