import type { ScheduleRecord, ScheduleSocketPayload } from '@app/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

const handlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/socket')>()),
  useSocketEvent: (event: string | null, handler: (payload: unknown) => void) => {
    if (event) handlers.set(event, handler);
  },
}));

const { SchedulesPage } = await import('../components/schedules-page');
const { applyScheduleEvent } = await import('./use-schedules-realtime');
const { aCalendar, aSchedule, aService, someSettings } = await import('../testing/schedule-fakes');

/** Wednesday 26 November 2026, 14:30 in São Paulo, with its 1-day and 1-hour reminders. */
const booked = aSchedule({
  id: 1,
  sendAt: '2026-11-26T17:30:00.000Z',
  reminder1DayEnabled: true,
  reminder1HourEnabled: true,
  reminders: [
    { kind: '1d', at: '2026-11-25T17:30:00.000Z', status: 'PENDENTE', sentAt: null, errorReason: null },
    { kind: '1h', at: '2026-11-26T16:30:00.000Z', status: 'PENDENTE', sentAt: null, errorReason: null },
  ],
});
const withReminders = (schedule: ScheduleRecord, ...changes: Partial<ScheduleRecord['reminders'][number]>[]): ScheduleRecord => ({
  ...schedule,
  reminders: schedule.reminders.map((reminder, index) => ({ ...reminder, ...changes[index] })),
});

describe('live schedule events in the cache', () => {
  const rangeKey = ['schedules', 'range', { startDate: 'a', endDate: 'b', calendarId: null }];
  const pagesKey = ['schedules', 'pages', { searchParam: '', calendarId: null }];
  const oneKey = ['schedules', 'one', 1];
  const cached = () => {
    const client = new QueryClient();
    client.setQueryData(rangeKey, { schedules: [booked], count: 1, hasMore: false });
    client.setQueryData(pagesKey, { pages: [{ schedules: [booked], count: 1, hasMore: false }], pageParams: [1] });
    client.setQueryData(oneKey, booked);
    return client;
  };
  const invalidated = (client: QueryClient) => [rangeKey, pagesKey, oneKey].map((key) => client.getQueryState(key)?.isInvalidated);

  it('a reminder sent or failed is put into the calendar, the table and the dialog at once, without loading them again', () => {
    const client = cached();
    const sent = withReminders(booked, { status: 'ENVIADA', sentAt: '2026-11-25T17:30:02.000Z' });
    applyScheduleEvent(client, { action: 'update', schedule: sent });
    expect(client.getQueryData<{ schedules: ScheduleRecord[] }>(rangeKey)!.schedules[0]!.reminders[0]!.status).toBe('ENVIADA');
    expect(client.getQueryData<{ pages: { schedules: ScheduleRecord[] }[] }>(pagesKey)!.pages[0]!.schedules[0]!.reminders[0]!.sentAt).toBe(
      '2026-11-25T17:30:02.000Z',
    );
    expect(client.getQueryData<ScheduleRecord>(oneKey)).toEqual(sent);
    expect(invalidated(client)).toEqual([false, false, false]);
    const failed = { ...withReminders(sent, {}, { status: 'ERRO', errorReason: 'Sem conexão' }), status: 'ERRO' as const };
    applyScheduleEvent(client, { action: 'update', schedule: failed });
    expect(client.getQueryData<ScheduleRecord>(oneKey)).toEqual(failed);
    expect(invalidated(client)).toEqual([false, false, false]);
  });

  it('an appointment moved or changed otherwise, one no list had, and create, delete and reload load the appointments again', () => {
    const events: ScheduleSocketPayload[] = [
      { action: 'update', schedule: { ...booked, sendAt: '2026-11-27T17:30:00.000Z' } },
      { action: 'update', schedule: { ...booked, body: 'Outra mensagem' } },
      { action: 'update', schedule: { ...booked, id: 2 } },
      { action: 'create', schedule: { ...booked, id: 3 } },
      { action: 'delete', scheduleId: 1 },
      { action: 'reload', scope: 'schedules' },
    ];
    for (const event of events) {
      const client = cached();
      applyScheduleEvent(client, event);
      expect([event, invalidated(client)]).toEqual([event, [true, true, true]]);
    }
    // The moved one is shown where it now is while the lists load again.
    const client = cached();
    applyScheduleEvent(client, events[0]!);
    expect(client.getQueryData<ScheduleRecord>(oneKey)!.sendAt).toBe('2026-11-27T17:30:00.000Z');
  });
});

describe('the schedules screen follows company-{id}-schedule', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('an open dialog, the table and the statistics show a reminder and then the message sent, as the events come', async () => {
    let current = booked;
    const calls = stubApi(
      (call) => (call.method === 'GET' && call.url === '/api/schedules/1' ? { status: 200, body: current } : undefined),
      on('GET', '/schedule-settings', 200, someSettings()),
      on('GET', '/calendars', 200, { calendars: [aCalendar()] }),
      on('GET', '/schedule-blocks', 200, { scheduleBlocks: [] }),
      (call) =>
        call.method === 'GET' && call.url.startsWith('/api/schedules/?')
          ? { status: 200, body: { schedules: [current], count: 1, hasMore: false } }
          : undefined,
      on('GET', '/services/list', 200, { services: [aService()] }),
    );
    renderWithProviders(<SchedulesPage companyId={7} contactId={null} />);
    fireEvent.click(await screen.findByTestId('schedules-view-table'));
    fireEvent.click(within((await screen.findAllByTestId('schedules-row'))[0]!).getByTestId('schedules-edit'));
    expect((await screen.findByTestId('schedule-reminder-state-1d')).textContent).toBe('Envio em 25/11/2026 14:30');
    expect(screen.getByTestId('schedule-reminder-state-1h').textContent).toBe('Envio em 26/11/2026 13:30');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/schedules/1')).toBe(true));
    const loads = () => calls.filter((call) => call.url.startsWith('/api/schedules')).length;
    const before = loads();
    const emit = async (schedule: ScheduleRecord) => {
      current = schedule;
      await act(async () => {
        handlers.get('company-7-schedule')!({ action: 'update', schedule });
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    };

    await emit(withReminders(booked, { status: 'ENVIADA', sentAt: '2026-11-25T17:30:04.000Z' }));
    expect(screen.getByTestId('schedule-reminder-state-1d').textContent).toBe('Enviado em 25/11/2026 14:30');
    expect(screen.getByTestId('schedule-reminder-state-1d').dataset.status).toBe('ENVIADA');
    await emit(withReminders(current, {}, { status: 'ERRO', errorReason: 'Sem conexão' }));
    expect(screen.getByTestId('schedule-reminder-state-1h').textContent).toBe('Erro: Sem conexão');
    expect(screen.getByTestId('schedule-modal-title').textContent).toBe('Agendamento: Pendente');
    expect(screen.getByTestId('schedule-save')).toBeTruthy();

    await emit({ ...current, status: 'ENVIADA', sentAt: '2026-11-26T17:30:03.000Z' });
    expect(screen.getByTestId('schedule-modal-title').textContent).toBe('Agendamento: Enviada');
    expect(screen.queryByTestId('schedule-save')).toBeNull();
    expect(screen.getByTestId('schedule-sent-note').textContent).toContain('26/11/2026 14:30');
    expect(within(screen.getAllByTestId('schedules-row')[0]!).getByTestId('schedule-status').textContent).toBe('Enviada');
    // Sends only changed their state: nothing was loaded again for them.
    expect(loads()).toBe(before);
  });

  it('an open dialog whose appointment is deleted elsewhere says so and offers nothing more to save', async () => {
    let exists = true;
    stubApi(
      (call) =>
        call.method === 'GET' && call.url === '/api/schedules/1'
          ? exists
            ? { status: 200, body: booked }
            : { status: 404, body: { error: 'ERR_NOT_FOUND', message: 'Schedule not found' } }
          : undefined,
      on('GET', '/schedule-settings', 200, someSettings()),
      on('GET', '/calendars', 200, { calendars: [aCalendar()] }),
      on('GET', '/schedule-blocks', 200, { scheduleBlocks: [] }),
      (call) =>
        call.method === 'GET' && call.url.startsWith('/api/schedules/?')
          ? { status: 200, body: { schedules: exists ? [booked] : [], count: exists ? 1 : 0, hasMore: false } }
          : undefined,
      on('GET', '/services/list', 200, { services: [aService()] }),
    );
    renderWithProviders(<SchedulesPage companyId={7} contactId={null} />);
    fireEvent.click(await screen.findByTestId('schedules-view-table'));
    fireEvent.click(within((await screen.findAllByTestId('schedules-row'))[0]!).getByTestId('schedules-edit'));
    await screen.findByTestId('schedule-save');
    expect(screen.queryByTestId('schedule-gone-note')).toBeNull();
    exists = false;
    act(() => handlers.get('company-7-schedule')!({ action: 'delete', scheduleId: 1 }));
    expect((await screen.findByTestId('schedule-gone-note')).textContent).toBe('Este agendamento foi excluído.');
    expect(screen.queryByTestId('schedule-save')).toBeNull();
    expect(screen.queryByTestId('schedule-delete')).toBeNull();
  });

  it('a payload of another shape loads the appointments again', async () => {
    const calls = stubApi(
      on('GET', '/schedule-settings', 200, someSettings()),
      on('GET', '/calendars', 200, { calendars: [aCalendar()] }),
      on('GET', '/schedule-blocks', 200, { scheduleBlocks: [] }),
      on('GET', '/schedules/', 200, { schedules: [booked], count: 1, hasMore: false }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<SchedulesPage companyId={7} contactId={null} />);
    await waitFor(() => expect(screen.getByTestId('schedule-stat-total-value').textContent).toBe('1'));
    const before = calls.filter((call) => call.url.startsWith('/api/schedules/?')).length;
    act(() => handlers.get('company-7-schedule')!({ action: 'update', schedule: { id: 1 } }));
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/api/schedules/?')).length).toBe(before + 1));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
