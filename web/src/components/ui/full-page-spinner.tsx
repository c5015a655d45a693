import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Center h="100vh" w="full" data-testid="page-loading">
      <Spinner size="xl" color="brand.solid" role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/** A page of the signed-in shell still loading (a route's code on its first visit): the shell stays, the spinner fills the page. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center minH="60vh" w="full" data-testid="page-loading">
      <Spinner size="xl" color="brand.solid" role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
