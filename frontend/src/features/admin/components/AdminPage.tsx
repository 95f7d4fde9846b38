import type { ReactNode } from 'react';
import { Box, Container, Flex, Heading, HStack, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useDocumentTitle } from './useDocumentTitle';

interface AdminPageProps {
  title: string;
  /** Where the back link goes (omit on the dashboard). */
  backTo?: string;
  backLabel?: string;
  actions?: ReactNode;
  children: ReactNode;
  maxW?: string;
}

/** Frame of every admin screen: back link, heading, actions on the inline end. */
export default function AdminPage({ title, backTo, backLabel = t.backToDashboard, actions, children, maxW = '6xl' }: AdminPageProps) {
  useDocumentTitle(title);
  return (
    <Container maxW={maxW} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        {backTo ? (
          <ChakraLink asChild fontSize="sm" color="fg.muted" w="fit-content">
            <Link to={backTo}>
              <ArrowRight size={16} aria-hidden />
              {backLabel}
            </Link>
          </ChakraLink>
        ) : null}
        <Flex justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="4">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          {actions ? (
            <HStack gap="2" wrap="wrap">
              {actions}
            </HStack>
          ) : null}
        </Flex>
        <Box>{children}</Box>
      </Stack>
    </Container>
  );
}
