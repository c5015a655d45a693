import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { QueueIntegrationsPanel } from './queue-integrations-panel';

type QueueIntegrationsPageProps = { companyId: number; limitReached: boolean; limitLabel: string };

/** /queue-integration (spec 3, queue integrations page): the integration cards with their new button. */
export function QueueIntegrationsPage({ companyId, limitReached, limitLabel }: QueueIntegrationsPageProps) {
  const { t } = useTranslation();
  const [showNewForm, setShowNewForm] = useState(false);
  return (
    <Stack gap="4" data-testid="queue-integrations-page">
      <Flex justify="space-between" align="center">
        <Heading as="h1" size="xl">
          {t('integrations.title')}
        </Heading>
        <Button colorPalette="blue" disabled={limitReached} onClick={() => setShowNewForm(true)} data-testid="integration-new">
          {limitReached ? t('queues.limitReached', { label: limitLabel }) : t('integrations.new')}
        </Button>
      </Flex>
      <QueueIntegrationsPanel
        companyId={companyId}
        limitReached={limitReached}
        showNewForm={showNewForm}
        onNewFormClose={() => setShowNewForm(false)}
      />
    </Stack>
  );
}
