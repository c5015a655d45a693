import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { fromZonedInput, zonedDay } from '@/lib/company-time';
import { aContact } from '@/testing/contract-fakes';
import { type FakeCall, on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { queryKeysFor } from '../hooks/use-schedules-realtime';
import { aBlock, aCalendar, aSchedule, aService, someSettings } from '../testing/schedule-fakes';
import { SchedulesPage } from './schedules-page';

const schedules = [
  aSchedule({
    id: 1,
    sendAt: '2026-11-26T17:30:00.000Z',
    body: 'Olá; sua massagem está confirmada',
    extraInfo: 'Trazer toalha',
    service: { id: 3, name: 'Massagem', price: 150.5, duration: 90 },
    serviceId: 3,
  }),
  aSchedule({
    id: 2,
    sendAt: '2026-11-25T13:00:00.000Z',
    status: 'ERRO',
    errorReason: 'Sem conexão',
    contact: { id: 6, name: 'Bruno', number: '551133334444' },
    contactId: 6,
    body: 'Lembrete do seu corte',
  }),
];

function stubSchedulesApi(...extra: ((call: FakeCall) => { status: number; body?: unknown } | undefined)[]) {
  return stubApi(
    ...extra,
    on('GET', '/schedule-settings', 200, someSettings()),
    on('GET', '/calendars', 200, { calendars: [aCalendar()] }),
    on('GET', '/schedule-blocks', 200, { scheduleBlocks: [] }),
    on('GET', '/schedules/', 200, { schedules, count: schedules.length, hasMore: false }),
    on('GET', '/services/list', 200, { services: [aService()] }),
    on('GET', '/contacts/5', 200, aContact({ id: 5, name: 'Ana Souza', number: '5511999998888' })),
  );
}

describe('the schedules page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('?contactId= opens the new-appointment dialog for that contact', async () => {
    stubSchedulesApi();
    renderWithProviders(<SchedulesPage companyId={7} contactId={5} />);
    expect((await screen.findByTestId('schedule-modal-title')).textContent).toBe('Novo agendamento');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('schedule-contact').value).toBe('Ana Souza (5511999998888)'));
  });

  it('asks the calendar its visible range and shows the summary statistics of it', async () => {
    const calls = stubSchedulesApi();
    renderWithProviders(<SchedulesPage companyId={7} contactId={null} />);
    await waitFor(() => expect(screen.getByTestId('schedule-stat-total-value').textContent).toBe('2'));
    expect(screen.getByTestId('schedule-stat-pending-value').textContent).toBe('1');
    expect(screen.getByTestId('schedule-stat-errors-value').textContent).toBe('1');
    const range = new URL(calls.find((call) => call.url.startsWith('/api/schedules/?'))!.url, 'http://x').searchParams;
    expect(range.get('startDate')).toMatch(/^\d{4}-\d{2}-\d{2}T03:00:00\.000Z$/);
    expect(new Date(range.get('endDate')!).getTime() - new Date(range.get('startDate')!).getTime()).toBe(7 * 86_400_000);
  });

  it('exports the appointments in view as CSV with the columns, the phone without 55, named with the date', async () => {
    stubSchedulesApi();
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x'), revokeObjectURL: () => {} }));
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithProviders(<SchedulesPage companyId={7} contactId={null} />);
    await waitFor(() => expect(screen.getByTestId('schedule-stat-total-value').textContent).toBe('2'));
    fireEvent.click(screen.getByTestId('schedules-export'));
    expect(click).toHaveBeenCalledTimes(1);
    expect(names[0]).toMatch(/^agendamentos_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (
      await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blobs[0]!);
      })
    ).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')).toEqual([
      'Data;Hora;Serviço;Cliente;Telefone;Informações extras;Descrição',
      '25/11/2026;10:00;;Bruno;(11) 3333-4444;;Lembrete do seu corte',
      '26/11/2026;14:30;Massagem;Ana Souza;(11) 99999-8888;Trazer toalha;"Olá; sua massagem está confirmada"',
    ]);
  });

  it('the table view lists the appointments with their status and opens one', async () => {
    stubSchedulesApi();
    renderWithProviders(<SchedulesPage companyId={7} contactId={null} />);
    fireEvent.click(await screen.findByTestId('schedules-view-table'));
    const rows = await screen.findAllByTestId('schedules-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('schedule-status').textContent).toBe('Pendente');
    expect(within(rows[0]!).getAllByRole('cell')[1]!.textContent).toBe('26/11/2026 14:30');
    expect(within(rows[1]!).getByTestId('schedule-status').textContent).toBe('Erro de Envio');
    fireEvent.click(within(rows[1]!).getByTestId('schedules-edit'));
    expect((await screen.findByTestId('schedule-modal-title')).textContent).toBe('Erro de Envio');
  });

  it('prints the chosen period as a printable page, opening the print 500 ms after it is ready', async () => {
    const calls = stubSchedulesApi();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderWithProviders(<SchedulesPage companyId={7} contactId={null} />);
    fireEvent.click(await screen.findByTestId('schedules-print'));
    fireEvent.change(await screen.findByTestId('print-period'), { target: { value: 'day' } });
    fireEvent.change(await screen.findByTestId('print-day'), { target: { value: '2026-11-26' } });
    fireEvent.click(screen.getByTestId('print-confirm'));
    expect((await screen.findByTestId('schedule-print-heading')).textContent).toBe('Agendamentos de 26/11/2026');
    const row = await screen.findByTestId('schedule-print-row');
    expect(row.textContent).toContain('14:30');
    expect(row.textContent).toContain('(11) 99999-8888');
    expect(screen.getAllByTestId('schedule-print-row')).toHaveLength(1);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(calls.some((call) => call.url.includes('startDate=2026-11-26T03%3A00%3A00.000Z&endDate=2026-11-27T03%3A00%3A00.000Z'))).toBe(
      true,
    );
  });
});

describe('blocks in the calendar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('a block clicked in the calendar opens the blocks dialog editing it', async () => {
    const today = fromZonedInput(`${zonedDay(new Date(), 'America/Sao_Paulo')}T00:00`, 'America/Sao_Paulo')!;
    const block = aBlock({
      id: 4,
      title: 'Inventário',
      startDateTime: today.toISOString(),
      endDateTime: new Date(today.getTime() + 86_400_000).toISOString(),
      isAllDay: true,
    });
    stubSchedulesApi(on('GET', '/schedule-blocks', 200, { scheduleBlocks: [block] }));
    const { container } = renderWithProviders(<SchedulesPage companyId={7} contactId={null} />);
    await waitFor(() => expect(container.querySelector('.schedule-block')).not.toBeNull());
    fireEvent.click(container.querySelector('.schedule-block')!);
    const dialog = await screen.findByTestId('blocks-modal');
    expect(within(dialog).getByTestId('block-form-title').textContent).toBe('Editar bloqueio');
    expect(within(dialog).getByTestId<HTMLInputElement>('block-title').value).toBe('Inventário');
    expect(within(dialog).getByTestId<HTMLInputElement>('block-start').value).toBe(`${zonedDay(today, 'America/Sao_Paulo')}T00:00`);
    expect(within(dialog).getByTestId('block-save').textContent).toBe('Salvar alterações');
  });
});

describe('live schedule events', () => {
  it('create, update and delete refresh the appointments; reload refreshes what its scope names', () => {
    const schedule = aSchedule();
    expect(queryKeysFor({ action: 'create', schedule })).toEqual([['schedules']]);
    expect(queryKeysFor({ action: 'update', schedule })).toEqual([['schedules']]);
    expect(queryKeysFor({ action: 'delete', scheduleId: 1 })).toEqual([['schedules']]);
    expect(queryKeysFor({ action: 'reload', scope: 'schedules' })).toEqual([['schedules']]);
    expect(queryKeysFor({ action: 'reload', scope: 'calendars' })).toEqual([['calendars'], ['schedules']]);
    expect(queryKeysFor({ action: 'reload', scope: 'blocks' })).toEqual([['schedule-blocks']]);
    expect(queryKeysFor({ action: 'reload', scope: 'settings' })).toEqual([['schedule-settings']]);
  });
});
