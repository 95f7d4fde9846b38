import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { renderSystem } from './theme';

/**
 * Chakra (RTL through LocaleProvider "ar"), the query client and the one toaster (left out of a site-wide fragment
 * rendered on its own: the page around it has it).
 */
export function AppProviders({
  queryClient,
  children,
  toaster = true,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  toaster?: boolean;
}) {
  return (
    <ChakraProvider value={renderSystem}>
      <LocaleProvider locale="ar">
        <QueryClientProvider client={queryClient}>
          {children}
          {toaster && <Toaster />}
        </QueryClientProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
