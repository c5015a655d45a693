import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { ScheduleCalendar } from './schedule-calendar';

// 20:30Z is 17:30 of the 26th in São Paulo and 05:30 of the 27th in Tokyo.
const NOW = new Date('2026-11-26T20:30:00Z');

function calendar(zone: string) {
  return (
    <ScheduleCalendar
      schedules={[]}
      blocks={[]}
      calendars={[]}
      zone={zone}
      onRangeChange={vi.fn()}
      onOpenSchedule={vi.fn()}
      onOpenBlock={vi.fn()}
      onNewAt={vi.fn()}
    />
  );
}

const today = () => document.querySelector('.fc-col-header-cell.fc-day-today, .fc-daygrid-day.fc-day-today, .fc-timegrid-col.fc-day-today');

describe("the calendar's today and now line are the company's", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("follow the company's zone when it arrives after the first render (settings load after the page)", async () => {
    const view = renderWithProviders(calendar('America/Sao_Paulo'));
    await waitFor(() => expect(today()?.getAttribute('data-date')).toBe('2026-11-26'));
    view.rerender(calendar('Asia/Tokyo'));
    await waitFor(() => expect(today()?.getAttribute('data-date')).toBe('2026-11-27'));
  });
});
