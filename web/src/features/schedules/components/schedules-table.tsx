import type { ScheduleRecord } from '@app/contracts';
import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/list/data-table';
import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { RowActions } from '@/components/list/row-actions';
import { formatZonedDateTime } from '@/lib/company-time';

import { useSchedulesPages } from '../api/get-schedules';
import { ScheduleStatusBadge } from './schedule-status-badge';

type SchedulesTableProps = {
  searchParam: string;
  calendarId: number | null;
  zone: string;
  onOpen: (schedule: ScheduleRecord) => void;
  onDelete: (schedule: ScheduleRecord) => void;
};

/** The table view: every appointment, newest first, 40 a page loaded as the list scrolls. */
export function SchedulesTable({ searchParam, calendarId, zone, onOpen, onDelete }: SchedulesTableProps) {
  const { t } = useTranslation();
  const query = useSchedulesPages(searchParam, calendarId);
  const rows = query.data?.pages.flatMap((page) => page.schedules) ?? [];
  return (
    <Stack gap="2">
      <DataTable
        testId="schedules-table"
        rowTestId="schedules-row"
        emptyTestId="schedules-empty"
        loading={query.isPending}
        busy={query.isFetching}
        rows={rows}
        rowKey={(schedule) => schedule.id}
        columns={[
          {
            header: t('schedules.table.contact'),
            cell: (schedule) => (
              <Stack gap="0">
                <Text>{schedule.contact?.name ?? ''}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {schedule.contact?.number ?? ''}
                </Text>
              </Stack>
            ),
          },
          { header: t('schedules.table.sendAt'), cell: (schedule) => formatZonedDateTime(schedule.sendAt, zone) },
          { header: t('schedules.table.service'), cell: (schedule) => schedule.service?.name ?? '' },
          { header: t('schedules.table.status'), cell: (schedule) => <ScheduleStatusBadge status={schedule.status} /> },
          {
            header: t('schedules.table.body'),
            cell: (schedule) => (
              <Text lineClamp={2} maxW="sm">
                {schedule.body}
              </Text>
            ),
          },
        ]}
        actions={(schedule) => (
          <RowActions
            onEdit={() => onOpen(schedule)}
            onDelete={() => onDelete(schedule)}
            editTestId="schedules-edit"
            deleteTestId="schedules-delete"
          />
        )}
      />
      <InfiniteListFooter
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        showLoadMore
      />
    </Stack>
  );
}
