import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Center h="100vh" w="full" data-testid="page-loading">
      <Spinner size="xl" color="brand.solid" aria-label={t('common.loading')} />
    </Center>
  );
}
