import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { renderSystem } from './theme';

/** Chakra (RTL through LocaleProvider "ar"), the query client and the one toaster. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ChakraProvider value={renderSystem}>
      <LocaleProvider locale="ar">
        <QueryClientProvider client={queryClient}>
          {children}
          <Toaster />
        </QueryClientProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
