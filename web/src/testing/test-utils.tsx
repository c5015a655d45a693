import '@/lib/i18n';

import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

import { ColorModeProvider } from '@/components/ui/color-mode';
import { system } from '@/lib/theme';

type ProvidersProps = {
  children: ReactNode;
  initialPath?: string;
};

export function TestProviders({ children, initialPath = '/' }: ProvidersProps) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[initialPath]}>{children}</MemoryRouter>
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions & { initialPath?: string } = {}) {
  const { initialPath, ...rest } = options;
  return render(ui, {
    wrapper: ({ children }) => <TestProviders initialPath={initialPath}>{children}</TestProviders>,
    ...rest,
  });
}

/** A syntactically valid JWT (unsigned) with the given claims. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
    return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
