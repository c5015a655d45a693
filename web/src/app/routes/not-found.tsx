import { Button, Center, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Center minH="60vh" data-testid="not-found">
      <Stack align="center" gap="4">
        <Heading as="h1" size="xl">
          {t('common.pageNotFound')}
        </Heading>
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.home}>{t('common.backHome')}</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
