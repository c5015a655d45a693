import { Box, Button, Dialog, Heading, HStack, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LuPrinter } from 'react-icons/lu';

import { FormField } from '@/components/form/form-field';
import { SelectInput } from '@/components/form/select-input';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { formatZonedDate, formatZonedTime, zonedDay } from '@/lib/company-time';

import { useSchedulesInRange } from '../api/get-schedules';
import { PRINT_PERIODS, type PrintPeriod, printRange } from '../utils/print-range';
import { formatSchedulePhone } from '../utils/schedules-csv';

/** Spec 2 section 9: the print opens 500 ms after the page is shown. */
export const PRINT_DELAY_MS = 500;

export type PrintRequest = { period: PrintPeriod; day: string };

type PrintDialogProps = {
  zone: string;
  onPrint: (request: PrintRequest) => void;
  onClose: () => void;
};

/** Chooses what to print: the next 7 days, this week, this month or a given day. */
export function PrintDialog({ zone, onPrint, onClose }: PrintDialogProps) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<PrintPeriod>('next7Days');
  const [day, setDay] = useState(() => zonedDay(new Date(), zone));
  return (
    <DialogFrame open onOpenChange={(details) => !details.open && onClose()} size="sm" placement="center" testId="print-dialog">
      <Dialog.Header>
        <Dialog.Title>{t('schedules.print.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label={t('schedules.print.period')}>
            <SelectInput value={period} onChange={(event) => setPeriod(event.target.value as PrintPeriod)} data-testid="print-period">
              {PRINT_PERIODS.map((item) => (
                <option key={item} value={item}>
                  {t(`schedules.print.${item}`)}
                </option>
              ))}
            </SelectInput>
          </FormField>
          {period === 'day' && (
            <FormField label={t('schedules.print.date')}>
              <Input type="date" value={day} onChange={(event) => setDay(event.target.value)} data-testid="print-day" />
            </FormField>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          colorPalette="brand"
          onClick={() => onPrint({ period, day })}
          disabled={period === 'day' && !day}
          data-testid="print-confirm"
        >
          <LuPrinter /> {t('schedules.print.print')}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}

type SchedulePrintPageProps = {
  request: PrintRequest;
  zone: string;
  calendarId: number | null;
  onClose: () => void;
};

/**
 * The printable page: the period's appointments by day and time, over the whole window; the print
 * stylesheet hides everything else (and this page's own buttons). The browser's print opens 500 ms
 * after the appointments are on it.
 */
export function SchedulePrintPage({ request, zone, calendarId, onClose }: SchedulePrintPageProps) {
  const { t } = useTranslation();
  const range = useMemo(() => printRange(request.period, zone, new Date(), request.day), [request, zone]);
  const query = useSchedulesInRange({ startDate: range.start.toISOString(), endDate: range.end.toISOString(), calendarId });
  const schedules = useMemo(
    () =>
      (query.data?.schedules ?? [])
        .filter((schedule) => {
          const at = new Date(schedule.sendAt).getTime();
          return at >= range.start.getTime() && at < range.end.getTime();
        })
        .sort((a, b) => new Date(a.sendAt).getTime() - new Date(b.sendAt).getTime()),
    [query.data, range],
  );
  const ready = query.isSuccess && !query.isPlaceholderData;

  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready]);

  const lastDay = new Date(range.end.getTime() - 1);
  const heading =
    request.period === 'day'
      ? t('schedules.print.headingDay', { day: formatZonedDate(range.start, zone) })
      : t('schedules.print.heading', { from: formatZonedDate(range.start, zone), to: formatZonedDate(lastDay, zone) });
  const days = [...new Set(schedules.map((schedule) => zonedDay(schedule.sendAt, zone)))];

  return createPortal(
    <Box data-schedules-print="" position="fixed" inset="0" zIndex="modal" bg="bg" color="fg" overflowY="auto" p={{ base: '4', md: '8' }}>
      <style>{PRINT_CSS}</style>
      <Stack gap="4" maxW="5xl" mx="auto" data-testid="schedule-print-page">
        <HStack justify="space-between" wrap="wrap" className="schedules-no-print">
          <Button variant="outline" onClick={onClose} data-testid="print-close">
            {t('schedules.print.close')}
          </Button>
          <Button colorPalette="brand" onClick={() => window.print()} disabled={!ready}>
            <LuPrinter /> {t('schedules.print.print')}
          </Button>
        </HStack>
        <Heading as="h1" size="lg" data-testid="schedule-print-heading">
          {heading}
        </Heading>
        <Text color="fg.muted">{t('schedules.print.count', { count: schedules.length })}</Text>
        {!ready && <Spinner />}
        {ready && schedules.length === 0 && <Text data-testid="schedule-print-empty">{t('schedules.print.empty')}</Text>}
        {days.map((day) => (
          <Stack key={day} gap="2" className="schedules-print-day">
            <Heading as="h2" size="md">
              {formatZonedDate(`${day}T12:00:00Z`, 'UTC')}
            </Heading>
            <Table.Root size="sm" variant="outline">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('schedules.csv.time')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('schedules.csv.client')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('schedules.csv.phone')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('schedules.csv.service')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('schedules.csv.extraInfo')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('schedules.csv.description')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {schedules
                  .filter((schedule) => zonedDay(schedule.sendAt, zone) === day)
                  .map((schedule) => (
                    <Table.Row key={schedule.id} data-testid="schedule-print-row">
                      <Table.Cell>{formatZonedTime(schedule.sendAt, zone)}</Table.Cell>
                      <Table.Cell>{schedule.contact?.name ?? ''}</Table.Cell>
                      <Table.Cell>{formatSchedulePhone(schedule.contact?.number)}</Table.Cell>
                      <Table.Cell>{schedule.service?.name ?? ''}</Table.Cell>
                      <Table.Cell>{schedule.extraInfo ?? ''}</Table.Cell>
                      <Table.Cell whiteSpace="pre-wrap">{schedule.body}</Table.Cell>
                    </Table.Row>
                  ))}
              </Table.Body>
            </Table.Root>
          </Stack>
        ))}
      </Stack>
    </Box>,
    document.body,
  );
}

/** On paper only the printable page shows, in black on white, without its buttons, a day's table kept on one page where it fits. */
const PRINT_CSS = `
@media print {
  body > *:not([data-schedules-print]) { display: none !important; }
  [data-schedules-print] { position: static !important; overflow: visible !important; background: #fff !important; color: #000 !important; padding: 0 !important; }
  [data-schedules-print] .schedules-no-print { display: none !important; }
  [data-schedules-print] .schedules-print-day { break-inside: avoid; }
  [data-schedules-print] th, [data-schedules-print] td { color: #000 !important; border-color: #999 !important; }
}
@page { margin: 12mm; }
`;
