import type { CalendarRecord, ScheduleBlockRecord, ScheduleRecord } from '@app/contracts';
import { Box } from '@chakra-ui/react';
import type { DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { useMediaQuery } from '@/hooks/use-media-query';
import { calendarNow, fromCalendarDate, toCalendarTime, zonedDay } from '@/lib/company-time';

/** Spec 2: month, week, day and agenda views. */
export const CALENDAR_VIEWS = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  agenda: 'listWeek',
} as const;

const STATUS_COLORS: Record<ScheduleRecord['status'], string | undefined> = {
  PENDENTE: undefined,
  ENVIANDO: '#f39c12',
  ENVIADA: '#2ecc71',
  ERRO: '#e53e3e',
};

type ScheduleCalendarProps = {
  schedules: readonly ScheduleRecord[];
  blocks: readonly ScheduleBlockRecord[];
  calendars: readonly CalendarRecord[];
  zone: string;
  /** The visible range changed: its instants [start, end). */
  onRangeChange: (range: { start: Date; end: Date }) => void;
  onOpenSchedule: (schedule: ScheduleRecord) => void;
  /** A block clicked: opens it for editing. */
  onOpenBlock: (block: ScheduleBlockRecord) => void;
  /** A day or time clicked: a new appointment at that instant. */
  onNewAt: (sendAt: Date) => void;
};

/**
 * The calendar (FullCalendar: month, week, day and agenda). It draws in 'UTC' and is handed each
 * event's wall-clock time in the company's zone, so every viewer sees the company's times whatever
 * the browser's zone (decision 0036). Appointments take their calendar's colour (red when their send
 * failed); blocks their own.
 */
export function ScheduleCalendar({
  schedules,
  blocks,
  calendars,
  zone,
  onRangeChange,
  onOpenSchedule,
  onOpenBlock,
  onNewAt,
}: ScheduleCalendarProps) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery('(max-width: 599px)');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale = language.startsWith('pt') ? ptBrLocale : language.startsWith('es') ? esLocale : undefined;

  const events = useMemo<EventInput[]>(() => {
    const colorOf = new Map(calendars.map((calendar) => [calendar.id, calendar.color]));
    const defaultColor = calendars.find((calendar) => calendar.isDefault)?.color;
    const appointments = schedules.map<EventInput>((schedule) => {
      const start = new Date(schedule.sendAt);
      const color = STATUS_COLORS[schedule.status] ?? (schedule.calendarId ? colorOf.get(schedule.calendarId) : undefined) ?? defaultColor;
      return {
        id: `schedule-${schedule.id}`,
        title: [schedule.contact?.name, schedule.service?.name ?? schedule.body].filter(Boolean).join(' · '),
        start: toCalendarTime(start, zone),
        end: toCalendarTime(new Date(start.getTime() + schedule.duration * 60_000), zone),
        backgroundColor: color,
        borderColor: color,
        classNames: ['schedule-event', `schedule-status-${schedule.status.toLowerCase()}`],
        extendedProps: { schedule },
      };
    });
    const blocked = blocks.map<EventInput>((block) => {
      const startDay = zonedDay(block.startDateTime, zone);
      const endDay = zonedDay(new Date(new Date(block.endDateTime).getTime() - 1), zone);
      return {
        id: `block-${block.id}`,
        title: t('schedules.blockEvent', { title: block.title }),
        ...(block.isAllDay
          ? { allDay: true, start: startDay, end: endDay > startDay ? addOneDay(endDay) : undefined }
          : { start: toCalendarTime(block.startDateTime, zone), end: toCalendarTime(block.endDateTime, zone) }),
        backgroundColor: block.color,
        borderColor: block.color,
        classNames: ['schedule-block'],
        extendedProps: { block },
      };
    });
    return [...blocked, ...appointments];
  }, [schedules, blocks, calendars, zone, t]);

  function handleDatesSet(arg: DatesSetArg) {
    onRangeChange({ start: fromCalendarDate(arg.start, zone), end: fromCalendarDate(arg.end, zone) });
  }

  function handleEventClick(arg: EventClickArg) {
    const schedule = arg.event.extendedProps.schedule as ScheduleRecord | undefined;
    const block = arg.event.extendedProps.block as ScheduleBlockRecord | undefined;
    if (schedule) onOpenSchedule(schedule);
    else if (block) onOpenBlock(block);
  }

  function handleDateClick(arg: DateClickArg) {
    const at = fromCalendarDate(arg.date, zone);
    // A day clicked in the month view books at 09:00 of that day, not at midnight.
    onNewAt(arg.allDay ? new Date(at.getTime() + 9 * 3_600_000) : at);
  }

  // FullCalendar's arrow glyphs are role="img" spans without a name, inside buttons named by their
  // hint: the glyphs are hidden from screen readers, each time the toolbar draws them.
  const boxRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const hideGlyphs = () =>
      box.querySelectorAll('.fc-icon[role="img"]:not([aria-hidden])').forEach((glyph) => glyph.setAttribute('aria-hidden', 'true'));
    hideGlyphs();
    const observer = new MutationObserver(hideGlyphs);
    observer.observe(box, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  return (
    <Box ref={boxRef} css={calendarStyles} data-testid="schedule-calendar">
      <FullCalendar
        // FullCalendar reads `now` once, at its first render, and keeps counting from it: the company's
        // zone arrives with the settings after that first render, so a new zone starts a new calendar.
        key={zone}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={narrow ? CALENDAR_VIEWS.agenda : CALENDAR_VIEWS.week}
        timeZone="UTC"
        now={() => calendarNow(zone)}
        locale={locale}
        headerToolbar={
          narrow
            ? { left: 'prev,next', center: 'title', right: 'today' }
            : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }
        }
        footerToolbar={narrow ? { center: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' } : undefined}
        buttonHints={{ prev: t('schedules.views.previous'), next: t('schedules.views.next') }}
        buttonText={{
          today: t('schedules.views.today'),
          month: t('schedules.views.month'),
          week: t('schedules.views.week'),
          day: t('schedules.views.day'),
          list: t('schedules.views.agenda'),
        }}
        noEventsText={t('schedules.table.empty')}
        events={events}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        allDaySlot
        nowIndicator
        height="auto"
        expandRows
        // The whole day: an appointment booked at 23:30 or 05:00 shows where it is (a 06:00–23:00 grid
        // left it out of the week and day views); the grid still opens at 08:00.
        slotMinTime="00:00:00"
        slotMaxTime="24:00:00"
        scrollTime="08:00:00"
        dayMaxEvents={3}
        datesSet={handleDatesSet}
        eventClick={handleEventClick}
        dateClick={handleDateClick}
      />
    </Box>
  );
}

function addOneDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** FullCalendar's own CSS variables on Chakra's tokens: it follows light and dark mode. */
const calendarStyles = {
  '--fc-border-color': 'var(--chakra-colors-border)',
  '--fc-page-bg-color': 'var(--chakra-colors-bg)',
  '--fc-neutral-bg-color': 'var(--chakra-colors-bg-muted)',
  '--fc-neutral-text-color': 'var(--chakra-colors-fg-muted)',
  '--fc-list-event-hover-bg-color': 'var(--chakra-colors-bg-muted)',
  '--fc-today-bg-color': 'var(--chakra-colors-brand-subtle, rgba(52, 152, 219, 0.12))',
  '--fc-now-indicator-color': 'var(--chakra-colors-red-500)',
  '--fc-event-border-color': 'transparent',
  '--fc-button-bg-color': 'var(--chakra-colors-bg-subtle)',
  '--fc-button-border-color': 'var(--chakra-colors-border)',
  '--fc-button-text-color': 'var(--chakra-colors-fg)',
  '--fc-button-hover-bg-color': 'var(--chakra-colors-bg-muted)',
  '--fc-button-hover-border-color': 'var(--chakra-colors-border-emphasized)',
  '--fc-button-active-bg-color': 'var(--chakra-colors-brand-solid, #3498db)',
  '--fc-button-active-border-color': 'var(--chakra-colors-brand-solid, #3498db)',
  color: 'fg',
  '& .fc .fc-button-primary:not(:disabled).fc-button-active': { color: 'white' },
  '& .fc .fc-button': { fontSize: 'sm', textTransform: 'none', boxShadow: 'none' },
  '& .fc .fc-toolbar': { flexWrap: 'wrap', gap: '2' },
  '& .fc .fc-toolbar-title': { fontSize: { base: 'md', md: 'xl' } },
  '& .fc .fc-col-header-cell-cushion, & .fc .fc-daygrid-day-number, & .fc .fc-list-day-text, & .fc .fc-list-day-side-text': {
    color: 'fg',
    textTransform: 'capitalize',
  },
  '& .fc .fc-list-event:hover td': { bg: 'bg.muted' },
  '& .fc .fc-list-event-title, & .fc .fc-list-event-time': { color: 'fg' },
  '& .fc .fc-event': { cursor: 'pointer' },
  '& .fc .schedule-block': { opacity: 0.85, cursor: 'default' },
} as const;
