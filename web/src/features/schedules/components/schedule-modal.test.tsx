import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster, toaster } from '@/components/ui/toaster';
import { toZonedInput } from '@/lib/company-time';
import { i18n } from '@/lib/i18n';
import { aContact } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { aCalendar, aSchedule, aService } from '../testing/schedule-fakes';
import { scheduleFormSchema } from '../utils/schedule-form';
import { ScheduleModal } from './schedule-modal';

const SP = 'America/Sao_Paulo';
const lookups = [
  on('GET', '/services/list', 200, { services: [aService()] }),
  on('GET', '/contacts/5', 200, aContact({ id: 5, name: 'Ana Souza', number: '5511999998888' })),
];

describe('the appointment dialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('opens for the contact of ?contactId= with the send time one hour ahead in the company zone, 60 minutes and the 15 to 180 options', async () => {
    stubApi(...lookups);
    const before = toZonedInput(new Date(Date.now() + 3_600_000), SP);
    renderWithProviders(<ScheduleModal schedule={null} contactId={5} calendars={[aCalendar()]} zone={SP} onClose={() => {}} />);
    const after = toZonedInput(new Date(Date.now() + 3_600_000), SP);
    expect((await screen.findByTestId('schedule-modal-title')).textContent).toBe('Novo agendamento');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('schedule-contact').value).toBe('Ana Souza (5511999998888)'));
    expect([before, after]).toContain(screen.getByTestId<HTMLInputElement>('schedule-send-at').value);
    const duration = screen.getByTestId<HTMLSelectElement>('schedule-duration');
    expect(duration.value).toBe('60');
    expect([...duration.options].map((option) => option.value)).toEqual(['15', '30', '45', '60', '90', '120', '180']);
    expect(within(screen.getByTestId('schedule-reminders')).getAllByRole('checkbox', { hidden: true })).toHaveLength(4);
    expect(screen.getByText('1 dia antes')).toBeTruthy();
    expect(screen.getByText('3 horas antes')).toBeTruthy();
    expect(screen.getByText('1 hora antes')).toBeTruthy();
    expect(screen.getByText('5 minutos antes')).toBeTruthy();
  });

  it("picking a service sets the duration to the service's, one of the options even when not a listed one", async () => {
    stubApi(
      on('GET', '/services/list', 200, {
        services: [aService({ id: 3, duration: 90 }), aService({ id: 4, name: 'Avaliação', duration: 50 })],
      }),
    );
    renderWithProviders(<ScheduleModal schedule={null} calendars={[]} zone={SP} onClose={() => {}} />);
    const service = await screen.findByTestId<HTMLSelectElement>('schedule-service');
    await waitFor(() => expect(service.options).toHaveLength(3));
    const duration = screen.getByTestId<HTMLSelectElement>('schedule-duration');
    expect(duration.value).toBe('60');
    fireEvent.change(service, { target: { value: '3' } });
    await waitFor(() => expect(duration.value).toBe('90'));
    fireEvent.change(service, { target: { value: '4' } });
    await waitFor(() => expect(duration.value).toBe('50'));
    expect(duration.selectedOptions[0]?.textContent).toBe('50 minutos');
    // The length stays the user's to change after the pick.
    fireEvent.change(duration, { target: { value: '120' } });
    expect(duration.value).toBe('120');
  });

  it("says 'Obrigatório' for a missing contact and message, and 'Mensagem muito curta' under 5 characters", async () => {
    const calls = stubApi(...lookups);
    renderWithProviders(<ScheduleModal schedule={null} calendars={[]} zone={SP} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('schedule-save'));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('schedule-body'), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByTestId('schedule-save'));
    expect(await screen.findByText('Mensagem muito curta')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("a duration under 5 minutes is 'Duração mínima de 5 minutos'", () => {
    const values = {
      contactId: '5',
      body: 'Olá, tudo bem?',
      sendAt: '2026-11-26T14:30',
      serviceId: '',
      calendarId: '',
      duration: '3',
      extraInfo: '',
      reminder1DayEnabled: false,
      reminder3HoursEnabled: false,
      reminder1HourEnabled: false,
      reminder5MinutesEnabled: false,
    };
    const result = scheduleFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(i18n.t(result.error!.issues[0]!.message as 'schedules.validation.durationMin')).toBe('Duração mínima de 5 minutos');
    expect(scheduleFormSchema.safeParse({ ...values, duration: '5' }).success).toBe(true);
  });

  it('sends the send time as a UTC instant read in the company zone, the service, the reminders, then the one attachment', async () => {
    const calls = stubApi(
      ...lookups,
      on('POST', '/schedules', 201, aSchedule({ id: 9 })),
      on('POST', '/schedules/9/media-upload', 200, aSchedule({ id: 9, mediaName: 'mapa.png', mediaPath: 'x/mapa.png' })),
    );
    const onClose = vi.fn();
    renderWithProviders(<ScheduleModal schedule={null} contactId={5} calendars={[aCalendar()]} zone={SP} onClose={onClose} />);
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('schedule-contact').value).toBe('Ana Souza (5511999998888)'));
    fireEvent.change(screen.getByTestId('schedule-body'), { target: { value: 'Sua massagem está confirmada' } });
    fireEvent.change(screen.getByTestId('schedule-send-at'), { target: { value: '2026-12-01T14:30' } });
    await screen.findByRole('option', { name: 'Massagem' });
    fireEvent.change(screen.getByTestId('schedule-service'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('schedule-duration'), { target: { value: '90' } });
    fireEvent.change(screen.getByTestId('schedule-extra-info'), { target: { value: 'Trazer toalha' } });
    fireEvent.click(within(screen.getByTestId('schedule-reminder1HourEnabled')).getByRole('checkbox', { hidden: true }));
    fireEvent.click(within(screen.getByTestId('schedule-reminder5MinutesEnabled')).getByRole('checkbox', { hidden: true }));
    const file = new File(['png'], 'mapa.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('schedule-file-input'), { target: { files: [file] } });
    expect((await screen.findByTestId('schedule-attachment-name')).textContent).toBe('mapa.png');
    fireEvent.click(screen.getByTestId('schedule-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/schedules')?.body).toEqual({
      contactId: 5,
      body: 'Sua massagem está confirmada',
      sendAt: '2026-12-01T17:30:00.000Z',
      serviceId: 3,
      calendarId: null,
      duration: 90,
      extraInfo: 'Trazer toalha',
      reminder1DayEnabled: false,
      reminder3HoursEnabled: false,
      reminder1HourEnabled: true,
      reminder5MinutesEnabled: true,
    });
    const upload = calls.find((call) => call.url === '/api/schedules/9/media-upload');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('file') as File).name).toBe('mapa.png');
  });

  it("a refused booking shows the server's reason (a block, the hours, another appointment)", async () => {
    stubApi(
      ...lookups,
      on('POST', '/schedules', 409, { error: 'ERR_SCHEDULE_CONFLICT', message: 'Fora do horário de atendimento (08:00 às 18:00)' }),
    );
    renderWithProviders(
      <>
        <ScheduleModal schedule={null} contactId={5} calendars={[]} zone={SP} onClose={() => {}} />
        <Toaster />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('schedule-contact').value).not.toBe(''));
    fireEvent.change(screen.getByTestId('schedule-body'), { target: { value: 'Sua massagem está confirmada' } });
    fireEvent.click(screen.getByTestId('schedule-save'));
    expect(await screen.findByText('Fora do horário de atendimento (08:00 às 18:00)')).toBeTruthy();
  });

  it("the title shows the status, 'Erro de Envio' with the reason for ERRO", async () => {
    stubApi(...lookups);
    const { unmount } = renderWithProviders(
      <ScheduleModal schedule={aSchedule({ status: 'PENDENTE' })} calendars={[]} zone={SP} onClose={() => {}} />,
    );
    expect((await screen.findByTestId('schedule-modal-title')).textContent).toBe('Agendamento: Pendente');
    expect(screen.getByTestId<HTMLInputElement>('schedule-send-at').value).toBe('2026-11-26T14:30');
    unmount();
    renderWithProviders(
      <ScheduleModal
        schedule={aSchedule({ status: 'ERRO', errorReason: 'Conexão desconectada' })}
        calendars={[]}
        zone={SP}
        onClose={() => {}}
      />,
    );
    expect((await screen.findByTestId('schedule-modal-title')).textContent).toBe('Erro de Envio');
    expect(screen.getByTestId('schedule-error-reason').textContent).toBe('Motivo: Conexão desconectada');
    expect(screen.getByTestId('schedule-save')).toBeTruthy();
  });

  it('a sent appointment has no submit: its fields are read-only and the dialog only closes', async () => {
    stubApi(...lookups);
    renderWithProviders(
      <ScheduleModal
        schedule={aSchedule({ status: 'ENVIADA', sentAt: '2026-11-26T17:30:02.000Z', mediaName: 'mapa.png' })}
        calendars={[]}
        zone={SP}
        onClose={() => {}}
      />,
    );
    expect((await screen.findByTestId('schedule-modal-title')).textContent).toBe('Agendamento: Enviada');
    expect(screen.queryByTestId('schedule-save')).toBeNull();
    expect(screen.getByTestId('schedule-sent-note').textContent).toContain('Enviado em 26/11/2026 14:30');
    expect(screen.getByTestId<HTMLTextAreaElement>('schedule-body').closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByTestId('schedule-attachment-remove')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Fechar' }).length).toBeGreaterThan(0);
  });
});
