import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { HelpCenter } from '@/features/helps/components/help-center';

/** /helps: for everyone. */
export function HelpsRoute() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" data-testid="helps-page">
      <Heading as="h1" size="xl">
        {t('helps.title')}
      </Heading>
      <HelpCenter />
    </Stack>
  );
}
