import { Badge, Box, Float, IconButton, Image, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuMegaphone } from 'react-icons/lu';
import { formatDate } from '@/lib/dates';
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
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount>
      <Popover.Trigger asChild>
        <IconButton aria-label={t('announcements.title')} title={t('announcements.title')} variant="ghost" size="sm" position="relative" data-testid="announcements-button">
          <LuMegaphone />
          {records.length > 0 && (
            <Float placement="top-end" offset="1.5">
              <Badge size="xs" colorPalette="red" variant="solid" borderRadius="full" data-testid="announcements-count">
                {records.length}
              </Badge>
            </Float>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxH="md" overflowY="auto" data-testid="announcements-popover">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3">
                {records.length === 0 && <Text color="fg.muted">{t('common.noRecords')}</Text>}
                {records.map((record) => (
                  <Box key={record.id} borderLeftWidth="4px" borderColor={`${priorityColor(record.priority)}.solid`} ps="3" data-testid="announcement-item">
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
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
