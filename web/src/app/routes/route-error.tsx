import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when rendering a route throws. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error) console.error(error);

  function handleReload() {
    window.location.reload();
  }

  return (
    <Center minH="100vh" data-testid="route-error">
      <Stack align="center" gap="4">
        <Heading as="h1" size="xl">
          {t('common.somethingWentWrong')}
        </Heading>
        {error instanceof Error && <Text color="fg.muted">{error.message}</Text>}
        <Button onClick={handleReload}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
