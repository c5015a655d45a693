import { ChakraProvider } from '@chakra-ui/react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { ColorModeProvider } from '@/components/ui/color-mode';
import { Toaster, toastError } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { i18n } from '@/lib/i18n';
import { queryConfig } from '@/lib/react-query';
import { system } from '@/lib/theme';

type AppProviderProps = {
  children: ReactNode;
};

/** Failed queries and mutations show as toasts (spec section 8) unless their meta says `silent`. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        toastError(query.meta?.errorKey ? i18n.t(query.meta.errorKey as 'errors.generic') : error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silent) return;
        toastError(mutation.meta?.errorKey ? i18n.t(mutation.meta.errorKey as 'errors.generic') : error);
      },
    }),
  });
}

export function AppProvider({ children }: AppProviderProps) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>{children}</AuthProvider>
        </QueryClientProvider>
        <Toaster />
      </ColorModeProvider>
    </ChakraProvider>
  );
}
