import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster, toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { aBlock, aCalendar, someSettings } from '../testing/schedule-fakes';
import { BlocksModal } from './blocks-modal';
import { CalendarsModal } from './calendars-modal';
import { ScheduleSettingsModal } from './schedule-settings-modal';

const SP = 'America/Sao_Paulo';
const checkbox = (testId: string) => within(screen.getByTestId(testId)).getByRole('checkbox', { hidden: true });

describe('calendars', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("the default calendar is not deleted: 'Não é possível deletar o calendário padrão'", async () => {
    const calls = stubApi();
    renderWithProviders(
      <>
        <CalendarsModal
          calendars={[aCalendar(), aCalendar({ id: 2, name: 'Salão', isDefault: false, color: '#2ecc71' })]}
          onClose={() => {}}
        />
        <Toaster />
      </>,
    );
    const rows = await screen.findAllByTestId('calendars-row');
    expect(within(rows[0]!).getByText('Padrão')).toBeTruthy();
    fireEvent.click(within(rows[0]!).getByTestId('calendars-delete'));
    expect(await screen.findByText('Não é possível deletar o calendário padrão')).toBeTruthy();
    expect(screen.queryByTestId('calendar-delete-dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('another calendar is deleted after its confirmation', async () => {
    const calls = stubApi(on('DELETE', '/calendars/2', 200, { message: 'Calendar deleted' }));
    renderWithProviders(
      <CalendarsModal calendars={[aCalendar(), aCalendar({ id: 2, name: 'Salão', isDefault: false })]} onClose={() => {}} />,
    );
    fireEvent.click(within((await screen.findAllByTestId('calendars-row'))[1]!).getByTestId('calendars-delete'));
    fireEvent.click(await screen.findByTestId('calendar-delete-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/calendars/2')).toBe(true));
  });

  it("a new calendar is #3498db from the 15-colour palette, needs a name ('Nome do calendário é obrigatório') and is sent active", async () => {
    const calls = stubApi(on('POST', '/calendars', 201, aCalendar({ id: 3, name: 'Estética', isDefault: false, color: '#e74c3c' })));
    renderWithProviders(<CalendarsModal calendars={[aCalendar()]} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('calendars-add'));
    const swatches = await screen.findAllByTestId('calendar-color-swatch');
    expect(swatches).toHaveLength(15);
    expect(swatches.find((swatch) => swatch.getAttribute('aria-pressed') === 'true')?.dataset.color).toBe('#3498db');
    fireEvent.click(screen.getByTestId('calendar-save'));
    expect(await screen.findByText('Nome do calendário é obrigatório')).toBeTruthy();
    fireEvent.change(screen.getByTestId('calendar-name'), { target: { value: 'Estética' } });
    fireEvent.click(swatches.find((swatch) => swatch.dataset.color === '#e74c3c')!);
    fireEvent.click(screen.getByTestId('calendar-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Estética',
        description: null,
        color: '#e74c3c',
        isDefault: false,
        isActive: true,
      }),
    );
  });

  it('the active switch sends the calendar inactive', async () => {
    const salao = aCalendar({ id: 2, name: 'Salão', isDefault: false });
    const calls = stubApi(on('PUT', '/calendars/2', 200, { ...salao, isActive: false }));
    renderWithProviders(<CalendarsModal calendars={[aCalendar(), salao]} onClose={() => {}} />);
    const row = (await screen.findAllByTestId('calendars-row'))[1]!;
    fireEvent.click(within(row).getByRole('checkbox', { hidden: true }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ name: 'Salão', isActive: false }));
  });

  it("the Google Calendar options are shown disabled with 'Funcionalidade do Google Calendar temporariamente desabilitada', and call nothing", async () => {
    const calls = stubApi();
    renderWithProviders(<CalendarsModal calendars={[aCalendar()]} onClose={() => {}} />);
    expect((await screen.findByTestId('google-calendar-disabled')).textContent).toBe(
      'Funcionalidade do Google Calendar temporariamente desabilitada',
    );
    expect(screen.getByTestId<HTMLButtonElement>('google-calendar-connect').disabled).toBe(true);
    expect(checkbox('google-calendar-sync')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('google-calendar-connect'));
    expect(calls.filter((call) => call.url.includes('google'))).toEqual([]);
  });
});

describe('blocks', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("a block needs a title ('Título é obrigatório') and an end after its start ('Data/hora de fim deve ser posterior ao início')", async () => {
    const calls = stubApi(on('GET', '/schedule-blocks', 200, { scheduleBlocks: [] }));
    renderWithProviders(<BlocksModal zone={SP} onClose={() => {}} />);
    await screen.findByTestId('blocks-empty');
    // A new block is 09:00 to 17:00 in #ff5722.
    expect(screen.getByTestId<HTMLInputElement>('block-start').value).toMatch(/T09:00$/);
    expect(screen.getByTestId<HTMLInputElement>('block-end').value).toMatch(/T17:00$/);
    expect(
      screen.getAllByTestId('block-color-swatch').find((swatch) => swatch.getAttribute('aria-pressed') === 'true')?.dataset.color,
    ).toBe('#ff5722');
    fireEvent.click(screen.getByTestId('block-save'));
    expect(await screen.findByText('Título é obrigatório')).toBeTruthy();
    fireEvent.change(screen.getByTestId('block-title'), { target: { value: 'Reunião' } });
    fireEvent.change(screen.getByTestId('block-start'), { target: { value: '2026-12-01T14:00' } });
    fireEvent.change(screen.getByTestId('block-end'), { target: { value: '2026-12-01T13:00' } });
    fireEvent.click(screen.getByTestId('block-save'));
    expect(await screen.findByText('Data/hora de fim deve ser posterior ao início')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("an all-day block is the whole start day, sent as UTC instants; 'Bloqueio criado com sucesso!'", async () => {
    const calls = stubApi(
      on('GET', '/schedule-blocks', 200, { scheduleBlocks: [] }),
      on('POST', '/schedule-blocks', 201, aBlock({ title: 'Natal' })),
    );
    renderWithProviders(
      <>
        <BlocksModal zone={SP} onClose={() => {}} />
        <Toaster />
      </>,
    );
    await screen.findByTestId('blocks-empty');
    fireEvent.change(screen.getByTestId('block-title'), { target: { value: 'Natal' } });
    fireEvent.click(checkbox('block-all-day'));
    await waitFor(() => expect(screen.queryByTestId('block-end')).toBeNull());
    fireEvent.change(screen.getByTestId('block-start'), { target: { value: '2026-12-25T10:00' } });
    fireEvent.click(screen.getByTestId('block-save'));
    expect(await screen.findByText('Bloqueio criado com sucesso!')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Natal',
      startDateTime: '2026-12-25T03:00:00.000Z',
      endDateTime: null,
      isAllDay: true,
      reason: null,
      color: '#ff5722',
    });
  });

  it("a refused block shows the server's message, else 'Erro ao criar bloqueio'", async () => {
    stubApi(on('GET', '/schedule-blocks', 200, { scheduleBlocks: [] }), (call) =>
      call.method === 'POST' ? { status: 500, body: {} } : undefined,
    );
    renderWithProviders(
      <>
        <BlocksModal zone={SP} onClose={() => {}} />
        <Toaster />
      </>,
    );
    await screen.findByTestId('blocks-empty');
    fireEvent.change(screen.getByTestId('block-title'), { target: { value: 'Reunião' } });
    fireEvent.click(screen.getByTestId('block-save'));
    expect(await screen.findByText('Erro ao criar bloqueio')).toBeTruthy();
  });

  it('lists the blocks from today on, all-day ones by their day', async () => {
    stubApi(on('GET', '/schedule-blocks', 200, { scheduleBlocks: [aBlock({ title: 'Natal', reason: 'Feriado nacional' })] }));
    renderWithProviders(<BlocksModal zone={SP} onClose={() => {}} />);
    const row = await screen.findByTestId('blocks-row');
    expect(row.textContent).toContain('Natal');
    expect(row.textContent).toContain('25/12/2026 · Dia inteiro');
    expect(row.textContent).toContain('Feriado nacional');
  });

  it("edits a block in the same form: its values in the company's zone, the same rules, PUT with its calendar; 'Bloqueio atualizado com sucesso!'", async () => {
    const meeting = aBlock({
      id: 9,
      title: 'Reunião',
      startDateTime: '2026-12-01T17:00:00.000Z',
      endDateTime: '2026-12-01T19:00:00.000Z',
      isAllDay: false,
      reason: 'Equipe',
      color: '#2ecc71',
      calendarId: 4,
    });
    const calls = stubApi(
      on('GET', '/schedule-blocks', 200, { scheduleBlocks: [meeting] }),
      on('PUT', '/schedule-blocks/9', 200, { ...meeting, title: 'Reunião longa' }),
    );
    renderWithProviders(
      <>
        <BlocksModal zone={SP} onClose={() => {}} />
        <Toaster />
      </>,
    );
    fireEvent.click(within(await screen.findByTestId('blocks-row')).getByTestId('blocks-edit'));
    await waitFor(() => expect(screen.getByTestId('block-form-title').textContent).toBe('Editar bloqueio'));
    expect(screen.getByTestId<HTMLInputElement>('block-title').value).toBe('Reunião');
    expect(screen.getByTestId<HTMLInputElement>('block-start').value).toBe('2026-12-01T14:00');
    expect(screen.getByTestId<HTMLInputElement>('block-end').value).toBe('2026-12-01T16:00');
    expect(screen.getByTestId<HTMLTextAreaElement>('block-reason').value).toBe('Equipe');
    expect(
      screen.getAllByTestId('block-color-swatch').find((swatch) => swatch.getAttribute('aria-pressed') === 'true')?.dataset.color,
    ).toBe('#2ecc71');
    expect(screen.getByTestId('block-save').textContent).toBe('Salvar alterações');
    // The same rules as a new block.
    fireEvent.change(screen.getByTestId('block-title'), { target: { value: ' ' } });
    fireEvent.change(screen.getByTestId('block-end'), { target: { value: '2026-12-01T13:00' } });
    fireEvent.click(screen.getByTestId('block-save'));
    expect(await screen.findByText('Título é obrigatório')).toBeTruthy();
    expect(await screen.findByText('Data/hora de fim deve ser posterior ao início')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByTestId('block-title'), { target: { value: 'Reunião longa' } });
    fireEvent.change(screen.getByTestId('block-end'), { target: { value: '2026-12-01T17:30' } });
    fireEvent.click(screen.getByTestId('block-save'));
    expect(await screen.findByText('Bloqueio atualizado com sucesso!')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/schedule-blocks/9',
      body: {
        title: 'Reunião longa',
        startDateTime: '2026-12-01T17:00:00.000Z',
        endDateTime: '2026-12-01T20:30:00.000Z',
        isAllDay: false,
        reason: 'Equipe',
        color: '#2ecc71',
        calendarId: 4,
      },
    });
    // Saved: the form is a new block's again.
    await waitFor(() => expect(screen.getByTestId('block-form-title').textContent).toBe('Novo bloqueio'));
    expect(screen.getByTestId<HTMLInputElement>('block-title').value).toBe('');
  });

  it("an all-day block is edited as its day; a refused edit says 'Erro ao atualizar bloqueio'; cancelling goes back to a new block", async () => {
    const holiday = aBlock({ id: 3, title: 'Natal' });
    const calls = stubApi(on('GET', '/schedule-blocks', 200, { scheduleBlocks: [holiday] }), (call) =>
      call.method === 'PUT' ? { status: 500, body: {} } : undefined,
    );
    renderWithProviders(
      <>
        <BlocksModal zone={SP} onClose={() => {}} />
        <Toaster />
      </>,
    );
    fireEvent.click(within(await screen.findByTestId('blocks-row')).getByTestId('blocks-edit'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('block-start').value).toBe('2026-12-25T00:00'));
    expect(screen.queryByTestId('block-end')).toBeNull();
    fireEvent.change(screen.getByTestId('block-start'), { target: { value: '2026-12-24T00:00' } });
    fireEvent.click(screen.getByTestId('block-save'));
    expect(await screen.findByText('Erro ao atualizar bloqueio')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      startDateTime: '2026-12-24T03:00:00.000Z',
      endDateTime: null,
      isAllDay: true,
    });
    // Still editing after a refusal; cancelled, the form is a new block's.
    expect(screen.getByTestId('block-form-title').textContent).toBe('Editar bloqueio');
    fireEvent.click(screen.getByTestId('block-cancel-edit'));
    await waitFor(() => expect(screen.getByTestId('block-form-title').textContent).toBe('Novo bloqueio'));
    expect(screen.getByTestId<HTMLInputElement>('block-title').value).toBe('');
    expect(screen.getByTestId('block-save').textContent).toBe('Criar bloqueio');
  });
});

describe('schedule settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("a day's single slot cannot be deleted; a new slot is 09:00-17:00; the day toggle turns all its slots off; all is POSTed", async () => {
    const calls = stubApi(on('GET', '/schedule-settings', 200, someSettings()), on('POST', '/schedule-settings', 200, someSettings()));
    const onClose = vi.fn();
    renderWithProviders(<ScheduleSettingsModal calendars={[aCalendar()]} onClose={onClose} />);
    const monday = (await screen.findAllByTestId('settings-day')).find((day) => day.dataset.day === '1')!;
    expect(screen.getByTestId('settings-company-time-zone').textContent).toBe(
      'Fuso horário da empresa: America/Sao_Paulo (altere em Configurações)',
    );
    expect(within(monday).getAllByTestId('settings-slot')).toHaveLength(1);
    expect(within(monday).getByTestId<HTMLButtonElement>('settings-remove-slot').disabled).toBe(true);
    expect(within(monday).getByTestId('settings-remove-slot').getAttribute('aria-label')).toBe(
      'O único horário do dia não pode ser excluído',
    );

    fireEvent.click(within(monday).getByTestId('settings-add-slot'));
    const slots = within(monday).getAllByTestId('settings-slot');
    expect(slots).toHaveLength(2);
    expect(within(slots[1]!).getByTestId<HTMLInputElement>('settings-slot-start').value).toBe('09:00');
    expect(within(slots[1]!).getByTestId<HTMLInputElement>('settings-slot-end').value).toBe('17:00');
    fireEvent.change(within(slots[1]!).getByTestId('settings-slot-start'), { target: { value: '18:00' } });
    fireEvent.change(within(slots[1]!).getByTestId('settings-slot-end'), { target: { value: '20:00' } });
    expect(
      within(monday)
        .getAllByTestId<HTMLButtonElement>('settings-remove-slot')
        .every((button) => !button.disabled),
    ).toBe(true);

    const friday = screen.getAllByTestId('settings-day').find((day) => day.dataset.day === '5')!;
    fireEvent.click(within(friday).getByRole('checkbox', { hidden: true }));
    await waitFor(() => expect(within(friday).getByTestId<HTMLInputElement>('settings-slot-start').disabled).toBe(true));
    fireEvent.click(checkbox('settings-allow-overlaps'));
    // The root's state is React's (a click flips the native input at once, before the re-render).
    await waitFor(() => expect(screen.getByTestId('settings-allow-overlaps').dataset.state).toBe('checked'));
    fireEvent.click(checkbox('settings-active-day-6'));
    await waitFor(() => expect(screen.getByTestId('settings-active-day-6').dataset.state).toBe('checked'));
    fireEvent.click(screen.getByTestId('settings-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = calls.find((call) => call.method === 'POST')?.body as {
      allowOverlaps: boolean;
      activeDays: number[];
      workHoursStart: string;
      workHoursEnd: string;
      timeSlots: { id?: number; dayOfWeek: number; enabled: boolean; startTime: string; endTime: string }[];
    };
    expect(body).toMatchObject({ allowOverlaps: true, activeDays: [1, 2, 3, 4, 5, 6], workHoursStart: '08:00', workHoursEnd: '18:00' });
    // The zone is the company's setting (decision 0037): shown, never sent.
    expect(body).not.toHaveProperty('timeZone');
    expect(body.timeSlots.filter((slot) => slot.dayOfWeek === 1)).toEqual([
      { id: 101, dayOfWeek: 1, enabled: true, startTime: '09:00', endTime: '17:00' },
      { dayOfWeek: 1, enabled: true, startTime: '18:00', endTime: '20:00' },
    ]);
    expect(body.timeSlots.find((slot) => slot.dayOfWeek === 5)).toMatchObject({ id: 105, enabled: false });
  }, 20_000);

  it('a slot that ends before it starts cannot be saved', async () => {
    const calls = stubApi(on('GET', '/schedule-settings', 200, someSettings()));
    renderWithProviders(<ScheduleSettingsModal calendars={[]} onClose={() => {}} />);
    const tuesday = (await screen.findAllByTestId('settings-day')).find((day) => day.dataset.day === '2')!;
    fireEvent.change(within(tuesday).getByTestId('settings-slot-end'), { target: { value: '08:00' } });
    expect(await within(tuesday).findByText('O horário de fim deve ser posterior ao de início')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('settings-save').disabled).toBe(true);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("a calendar's own settings are read from and saved to /calendars/{id}/schedule-settings", async () => {
    const calls = stubApi(
      on('GET', '/schedule-settings', 200, someSettings()),
      on('GET', '/calendars/2/schedule-settings', 200, someSettings({ calendarId: 2, inherited: true })),
      on('POST', '/calendars/2/schedule-settings', 200, someSettings({ calendarId: 2 })),
    );
    renderWithProviders(<ScheduleSettingsModal calendars={[aCalendar({ id: 2, name: 'Salão', isDefault: false })]} onClose={() => {}} />);
    await screen.findByTestId('schedule-settings-form');
    fireEvent.change(screen.getByTestId('schedule-settings-scope'), { target: { value: '2' } });
    expect(await screen.findByText('Este calendário usa as configurações da empresa até que sejam salvas para ele.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url === '/api/calendars/2/schedule-settings')).toBe(true),
    );
  });
});
