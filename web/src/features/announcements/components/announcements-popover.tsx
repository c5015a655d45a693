import { Box, Image, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuMegaphone } from 'react-icons/lu';

import { CountIconButton } from '@/components/ui/count-icon-button';
import { PopoverPanel } from '@/components/ui/popover-panel';
import { formatDate } from '@/lib/format';

import { useAnnouncements } from '../api/get-announcements';
import { useAnnouncementsRealtime } from '../hooks/use-announcements-realtime';
import { priorityColor } from '../utils/priority';

/** The top-bar announcements: every active notice, coloured by priority, updated live. */
export function AnnouncementsPopover() {
  const { t, i18n } = useTranslation();
  const announcementsQuery = useAnnouncements('', { silent: true });
  useAnnouncementsRealtime();
  const records = (announcementsQuery.data?.pages.flatMap((page) => page.records) ?? []).filter((record) => record.status);

  return (
    <PopoverPanel
      placement="bottom-end"
      trigger={
        <CountIconButton
          label={t('announcements.title')}
          icon={<LuMegaphone />}
          count={records.length}
          countTestId="announcements-count"
          data-testid="announcements-button"
        />
      }
      testId="announcements-popover"
      contentProps={{ w: 'sm', maxH: 'md' }}
      arrow
    >
      <Stack gap="3">
        {records.length === 0 && <Text color="fg.muted">{t('common.noRecords')}</Text>}
        {records.map((record) => (
          <Box
            key={record.id}
            borderLeftWidth="4px"
            borderColor={`${priorityColor(record.priority)}.solid`}
            ps="3"
            data-testid="announcement-item"
          >
            <Text fontWeight="semibold">{record.title}</Text>
            <Text fontSize="xs" color="fg.muted">
              {formatDate(record.createdAt, i18n.language)}
            </Text>
            {record.mediaPath && <Image src={record.mediaPath} alt={record.mediaName ?? record.title} maxH="40" my="2" borderRadius="sm" />}
            <Text fontSize="sm" whiteSpace="pre-line">
              {record.text}
            </Text>
          </Box>
        ))}
      </Stack>
    </PopoverPanel>
  );
}
