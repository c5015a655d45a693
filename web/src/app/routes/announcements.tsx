import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { AnnouncementsList } from '@/features/announcements/components/announcements-list';
import { RoleGuard } from '@/features/auth/components/role-guard';

/** /announcements: super users only; anyone else is told they may not see it and goes to / after 1 s. */
export function AnnouncementsRoute() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" data-testid="announcements-page">
      <Heading as="h1" size="xl">
        {t('announcements.title')}
      </Heading>
      <RoleGuard role="super">
        <AnnouncementsList />
      </RoleGuard>
    </Stack>
  );
}
