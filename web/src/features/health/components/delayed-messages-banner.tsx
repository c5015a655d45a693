import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { useBackendHealth } from '../api/get-health';

/**
 * Says that messages are late while the backend is degraded (its database or broker away: what it
 * accepted waits and comes after their return); gone once /health says ok again.
 */
export function DelayedMessagesBanner() {
  const { t } = useTranslation();
  const health = useBackendHealth();
  if (health.data !== 'degraded') return null;
  return (
    <Alert.Root status="warning" borderRadius="0" py="2" data-testid="delayed-messages" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('health.delayedTitle')}</Alert.Title>
        <Alert.Description>{t('health.delayedDescription')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
