import { formatPhoneForExport } from '../../phone';
import { calendarBodySchema, scheduleBlockBodySchema, scheduleBodySchema, scheduleSettingsBodySchema } from './schedules';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the schedules contracts', () => {
  it("an appointment: body at least 5 ('Mensagem muito curta'), contactId and sendAt required, duration at least 5, 60 when absent", () => {
    expect(issues(scheduleBodySchema.safeParse({}))).toEqual([
      ['body', 'Obrigatório'],
      ['contactId', 'Obrigatório'],
      ['sendAt', 'Obrigatório'],
    ]);
    expect(issues(scheduleBodySchema.safeParse({ body: 'Oi', contactId: 1, sendAt: '2026-12-01T10:00', duration: 4 }))).toEqual([
      ['body', 'Mensagem muito curta'],
      ['duration', 'Duração mínima de 5 minutos'],
    ]);
    expect(issues(scheduleBodySchema.safeParse({ body: 'Olá, tudo bem?', contactId: '', sendAt: 'amanhã' }))).toEqual([
      ['contactId', 'Obrigatório'],
      ['sendAt', 'Data/hora inválida'],
    ]);
    const parsed = scheduleBodySchema.parse({ body: ' Olá, tudo bem? ', contactId: 1, sendAt: '2026-12-01 10:00:00', serviceId: '' });
    expect(parsed).toMatchObject({ body: 'Olá, tudo bem?', duration: 60, serviceId: null, reminder1DayEnabled: false });
  });

  it("a block: title required, end after the start unless all day; a calendar's name required", () => {
    expect(issues(scheduleBlockBodySchema.safeParse({ startDateTime: '2026-12-01T09:00' }))).toEqual([
      ['title', 'Título é obrigatório'],
      ['endDateTime', 'Obrigatório'],
    ]);
    expect(scheduleBlockBodySchema.parse({ title: 'Feriado', startDateTime: '2026-12-01T00:00', isAllDay: true }).color).toBe('#ff5722');
    expect(issues(calendarBodySchema.safeParse({ name: '  ' }))).toEqual([['name', 'Nome do calendário é obrigatório']]);
    expect(calendarBodySchema.parse({ name: 'Equipe' })).toMatchObject({ color: '#3498db', isActive: true, isDefault: false });
  });

  it('settings: times on a 5-minute step, ends after starts; defaults Monday to Friday 08:00 to 18:00; a sent zone is dropped', () => {
    expect(scheduleSettingsBodySchema.parse({ timeZone: 'Asia/Tokyo' })).not.toHaveProperty('timeZone');
    expect(scheduleSettingsBodySchema.parse({})).toEqual({
      allowOverlaps: false,
      activeDays: [1, 2, 3, 4, 5],
      workHoursStart: '08:00',
      workHoursEnd: '18:00',
    });
    expect(scheduleSettingsBodySchema.parse({ timeSlots: [{ dayOfWeek: 1 }] }).timeSlots).toEqual([
      { dayOfWeek: 1, enabled: true, startTime: '09:00', endTime: '17:00' },
    ]);
    expect(
      issues(
        scheduleSettingsBodySchema.safeParse({
          workHoursStart: '18:00',
          workHoursEnd: '08:00',
          timeZone: 'Mars/Olympus',
          timeSlots: [
            { dayOfWeek: 2, startTime: '10:03', endTime: '11:00' },
            { dayOfWeek: 3, startTime: '12:00', endTime: '11:00' },
          ],
        }),
      ),
    ).toEqual([
      ['timeSlots.0.startTime', 'Horário inválido (HH:mm, de 5 em 5 minutos)'],
      ['workHoursEnd', 'O horário de fim deve ser posterior ao de início'],
      ['timeSlots.1.endTime', 'O horário de fim deve ser posterior ao de início'],
    ]);
  });

  it('the export writes phones without the 55 prefix, with 10 or 11 national digits formatted', () => {
    expect(formatPhoneForExport('5511999998888')).toBe('(11) 99999-8888');
    expect(formatPhoneForExport('551133334444@s.whatsapp.net')).toBe('(11) 3333-4444');
    expect(formatPhoneForExport('351912345678')).toBe('351912345678');
  });
});
