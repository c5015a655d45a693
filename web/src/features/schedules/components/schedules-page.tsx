import type { ScheduleBlockRecord, ScheduleRecord } from '@app/contracts';
import { Button, ButtonGroup, Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBan, LuCalendarCog, LuCalendarDays, LuDownload, LuPlus, LuPrinter, LuSettings, LuTable } from 'react-icons/lu';

import { SelectInput } from '@/components/form/select-input';
import { SearchField } from '@/components/list/search-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError, toastSuccess, toastWarning } from '@/components/ui/toaster';
import { useCompanyTimeZone } from '@/hooks/use-company-time-zone';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { downloadCsv } from '@/lib/csv';

import { useCalendars } from '../api/calendars';
import { useDeleteSchedule } from '../api/delete-schedule';
import { useSchedulesInRange } from '../api/get-schedules';
import { useScheduleBlocks } from '../api/schedule-blocks';
import { useSchedulesRealtime } from '../hooks/use-schedules-realtime';
import { type CsvHeaders, schedulesCsv, schedulesCsvFileName } from '../utils/schedules-csv';
import { BlocksModal } from './blocks-modal';
import { CalendarsModal } from './calendars-modal';
import { ScheduleCalendar } from './schedule-calendar';
import { ScheduleModal, type ScheduleModalStart } from './schedule-modal';
import { PrintDialog, type PrintRequest, SchedulePrintPage } from './schedule-print';
import { ScheduleSettingsModal } from './schedule-settings-modal';
import { ScheduleStats } from './schedule-stats';
import { SchedulesTable } from './schedules-table';

/** Spec 2 section 9: searches run 500 ms after typing stops. */
export const SCHEDULES_SEARCH_DEBOUNCE_MS = 500;

type SchedulesPageProps = {
  companyId: number;
  /** /schedules?contactId=: the new-appointment dialog opens for that contact. */
  contactId: number | null;
};

type OpenDialog = 'blocks' | 'calendars' | 'settings' | 'print' | null;

/**
 * /schedules (spec 2, 'Schedules screen'): the calendar (month, week, day, agenda) or the table, the
 * calendar selector, summary statistics, and the dialogs: appointment, blocks, calendars, settings,
 * print; the CSV export of the appointments in view. Times in the company's zone.
 */
export function SchedulesPage({ companyId, contactId }: SchedulesPageProps) {
  const { t } = useTranslation();
  const zone = useCompanyTimeZone();
  const calendars = useCalendars();
  const [view, setView] = useState<'calendar' | 'table'>('calendar');
  const [calendarId, setCalendarId] = useState<number | null>(null);
  const [range, setRange] = useState<{ start: Date; end: Date } | null>(null);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), SCHEDULES_SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<ScheduleModalStart | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  /** The block the blocks dialog opens on (one clicked in the calendar), or none for a new one. */
  const [blockToEdit, setBlockToEdit] = useState<ScheduleBlockRecord | null>(null);
  const [printing, setPrinting] = useState<PrintRequest | null>(null);
  const [deleting, setDeleting] = useState<ScheduleRecord | null>(null);
  const deleteMutation = useDeleteSchedule();
  useSchedulesRealtime(companyId);

  // The contact of ?contactId= opens the new-appointment dialog, once for each contact the address names.
  const [handledContact, setHandledContact] = useState<number | null>(null);
  if (contactId && handledContact !== contactId) {
    setHandledContact(contactId);
    setEditing({ schedule: null, contactId, calendarId });
  }

  const rangeQuery = useMemo(
    () => (range ? { startDate: range.start.toISOString(), endDate: range.end.toISOString(), calendarId } : null),
    [range, calendarId],
  );
  const schedules = useSchedulesInRange(rangeQuery);
  const blocks = useScheduleBlocks(rangeQuery);
  const inView = schedules.data?.schedules ?? [];
  const calendarList = calendars.data ?? [];

  function handleExport() {
    if (inView.length === 0) {
      toastWarning(t('schedules.csv.empty'));
      return;
    }
    const headers: CsvHeaders = [
      t('schedules.csv.date'),
      t('schedules.csv.time'),
      t('schedules.csv.service'),
      t('schedules.csv.client'),
      t('schedules.csv.phone'),
      t('schedules.csv.extraInfo'),
      t('schedules.csv.description'),
    ];
    downloadCsv(schedulesCsvFileName(new Date(), zone), schedulesCsv(inView, headers, zone));
  }

  async function handleConfirmDelete() {
    if (!deleting) return;
    try {
      await deleteMutation.mutateAsync(deleting.id);
      toastSuccess(t('schedules.toasts.deleted'));
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack gap="4" data-testid="schedules-page">
      <Flex gap="3" wrap="wrap" justify="space-between" align="center">
        <Heading as="h1" size="xl">
          {t('schedules.title')}
        </Heading>
        <Button colorPalette="brand" onClick={() => setEditing({ schedule: null, calendarId })} data-testid="schedules-new">
          <LuPlus /> {t('schedules.buttons.new')}
        </Button>
      </Flex>
      <Flex gap="2" wrap="wrap" align="center">
        <ButtonGroup size="sm" variant="outline" attached>
          <Button
            onClick={() => setView('calendar')}
            variant={view === 'calendar' ? 'solid' : 'outline'}
            aria-pressed={view === 'calendar'}
            data-testid="schedules-view-calendar"
          >
            <LuCalendarDays /> {t('schedules.views.calendar')}
          </Button>
          <Button
            onClick={() => setView('table')}
            variant={view === 'table' ? 'solid' : 'outline'}
            aria-pressed={view === 'table'}
            data-testid="schedules-view-table"
          >
            <LuTable /> {t('schedules.views.table')}
          </Button>
        </ButtonGroup>
        <HStack minW="48" flex={{ base: '1 1 100%', md: '0 1 auto' }}>
          <SelectInput
            aria-label={t('schedules.calendarSelector.label')}
            value={calendarId === null ? '' : String(calendarId)}
            onChange={(event) => setCalendarId(event.target.value ? Number(event.target.value) : null)}
            emptyOption={t('schedules.calendarSelector.all')}
            options={calendarList}
            data-testid="schedules-calendar-selector"
          />
        </HStack>
        <Flex gap="2" wrap="wrap" marginStart={{ md: 'auto' }}>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setBlockToEdit(null);
              setDialog('blocks');
            }}
            data-testid="schedules-blocks"
          >
            <LuBan /> {t('schedules.buttons.blocks')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDialog('calendars')} data-testid="schedules-calendars">
            <LuCalendarCog /> {t('schedules.buttons.calendars')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDialog('settings')} data-testid="schedules-settings">
            <LuSettings /> {t('schedules.buttons.settings')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDialog('print')} data-testid="schedules-print">
            <LuPrinter /> {t('schedules.buttons.print')}
          </Button>
          <Button size="sm" variant="outline" onClick={handleExport} data-testid="schedules-export">
            <LuDownload /> {t('schedules.buttons.exportCsv')}
          </Button>
        </Flex>
      </Flex>
      <ScheduleStats schedules={inView} zone={zone} />
      {view === 'calendar' ? (
        <ScheduleCalendar
          schedules={inView}
          blocks={blocks.data ?? []}
          calendars={calendarList}
          zone={zone}
          onRangeChange={setRange}
          onOpenSchedule={(schedule) => setEditing({ schedule })}
          onOpenBlock={(block) => {
            setBlockToEdit(block);
            setDialog('blocks');
          }}
          onNewAt={(sendAt) => setEditing({ schedule: null, sendAt, calendarId })}
        />
      ) : (
        <Stack gap="3">
          <SearchField value={search} onChange={setSearch} testId="schedules-search" name="searchParam" />
          <SchedulesTable
            searchParam={searchParam}
            calendarId={calendarId}
            zone={zone}
            onOpen={(schedule) => setEditing({ schedule })}
            onDelete={setDeleting}
          />
        </Stack>
      )}
      {editing && (
        <ScheduleModal
          key={editing.schedule?.id ?? 'new'}
          {...editing}
          calendars={calendarList}
          zone={zone}
          onClose={() => setEditing(null)}
        />
      )}
      {dialog === 'blocks' && (
        <BlocksModal key={blockToEdit?.id ?? 'new'} zone={zone} block={blockToEdit} onClose={() => setDialog(null)} />
      )}
      {dialog === 'calendars' && <CalendarsModal calendars={calendarList} onClose={() => setDialog(null)} />}
      {dialog === 'settings' && <ScheduleSettingsModal calendars={calendarList} onClose={() => setDialog(null)} />}
      {dialog === 'print' && (
        <PrintDialog
          zone={zone}
          onClose={() => setDialog(null)}
          onPrint={(request) => {
            setDialog(null);
            setPrinting(request);
          }}
        />
      )}
      {printing && <SchedulePrintPage request={printing} zone={zone} calendarId={calendarId} onClose={() => setPrinting(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('schedules.modal.delete')}
        message={t('schedules.confirmDelete')}
        loading={deleteMutation.isPending}
        onConfirm={() => void handleConfirmDelete()}
        onClose={() => setDeleting(null)}
        testId="schedules-delete-dialog"
        confirmTestId="schedules-delete-confirm"
      />
    </Stack>
  );
}
