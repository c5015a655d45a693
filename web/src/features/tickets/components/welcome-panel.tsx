import { Center, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The right panel with no ticket selected: a welcome text and the logo. */
export function WelcomePanel({ logo }: { logo?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center h="full" bg="bg.subtle" data-testid="tickets-welcome">
      <Stack align="center" gap="3" textAlign="center" px="6" maxW="md">
        {logo}
        <Text fontSize="lg" fontWeight="semibold">
          {t('tickets.welcome.title')}
        </Text>
        <Text color="fg.muted">{t('tickets.welcome.text')}</Text>
      </Stack>
    </Center>
  );
}
