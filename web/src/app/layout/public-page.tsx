import { Box, Card, Center, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { PublicLogo } from '@/features/logos/components/public-logo';
import type { LogoDestination } from '@/features/logos/types';

type PublicPageProps = {
  /** Which uploaded logo the page shows (spec 3: the login and sign-up logos). */
  logo: LogoDestination;
  testId: string;
  children: ReactNode;
};

/** The frame of the pages before login: language and theme at the top, the logo, one card. */
export function PublicPage({ logo, testId, children }: PublicPageProps) {
  return (
    <Box minH="100vh" bg="bg.subtle">
      <HStack justify="flex-end" p="3" gap="2">
        <LanguageSwitcher />
        <ThemeToggle />
      </HStack>
      <Center px="4" pb="16" flexDirection="column" gap="6">
        <PublicLogo destination={logo} />
        <Card.Root w="full" maxW="md" data-testid={testId}>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
      </Center>
    </Box>
  );
}
