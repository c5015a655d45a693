import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { useVersion } from '../api/get-version';

/** The product version (shown to admins at the bottom of the side menu); nothing when unavailable. */
export function VersionLabel() {
  const { t } = useTranslation();
  const versionQuery = useVersion();
  const version = versionQuery.data?.version;
  if (!version || typeof version !== 'string') return null;
  return (
    <Text fontSize="xs" color="fg.muted" textAlign="center" data-testid="app-version">
      {t('layout.version', { version })}
    </Text>
  );
}
