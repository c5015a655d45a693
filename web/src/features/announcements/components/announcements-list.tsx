import { Badge, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { ListToolbar } from '@/components/list/list-toolbar';
import { RowActions } from '@/components/list/row-actions';
import { useRecordDialogs } from '@/components/list/use-record-dialogs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { useDeleteAnnouncement } from '../api/delete-announcement';
import { useAnnouncements } from '../api/get-announcements';
import { useAnnouncementsRealtime } from '../hooks/use-announcements-realtime';
import type { AnnouncementResponse } from '../types';
import { priorityColor } from '../utils/priority';
import { AnnouncementModal } from './announcement-modal';

/** /announcements (super users): searchable list with add, edit and delete. */
export function AnnouncementsList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), 500);
  const announcementsQuery = useAnnouncements(searchParam);
  const deleteAnnouncement = useDeleteAnnouncement();
  const dialogs = useRecordDialogs<AnnouncementResponse>({ remove: deleteAnnouncement, deletedMessage: t('common.operationSuccess') });
  useAnnouncementsRealtime();

  const records = announcementsQuery.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <Stack gap="4">
      <ListToolbar
        search={search}
        onSearchChange={setSearch}
        searchTestId="announcements-search"
        addLabel={t('announcements.buttons.add')}
        onAdd={dialogs.add}
        addTestId="announcements-add"
      />
      <DataTable
        testId="announcements-table"
        rowTestId="announcements-row"
        rows={records}
        rowKey={(record) => record.id}
        loading={announcementsQuery.isPending}
        columns={[
          { header: t('announcements.modal.title'), cell: (record) => record.title },
          {
            header: t('announcements.modal.priority'),
            cell: (record) => (
              <Badge colorPalette={priorityColor(record.priority)} data-priority={record.priority}>
                {t(`announcements.priorities.${record.priority}` as 'announcements.priorities.3')}
              </Badge>
            ),
          },
          { header: t('announcements.modal.attachment'), cell: (record) => record.mediaName ?? '-' },
          {
            header: t('announcements.modal.status'),
            cell: (record) => (record.status ? t('announcements.status.active') : t('announcements.status.inactive')),
          },
        ]}
        actions={(record) => <RowActions onEdit={() => dialogs.edit(record)} onDelete={() => dialogs.askDelete(record)} />}
      />
      <InfiniteListFooter query={announcementsQuery} />
      <AnnouncementModal open={dialogs.editing !== null} announcement={dialogs.editing?.record ?? null} onClose={dialogs.closeEditor} />
      <ConfirmDialog {...dialogs.deleteDialog} title={dialogs.deleting?.title ?? ''} />
    </Stack>
  );
}
