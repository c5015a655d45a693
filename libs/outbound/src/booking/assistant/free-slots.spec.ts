import type { SettingsWithSlots } from '../settings/booking-settings.repository';
import { freeSlots } from './free-slots';

const zone = 'America/Sao_Paulo';
/** Monday to Friday 08:00 to 12:00, slots 08:00 to 10:00 and 11:00 to 12:00 on Mondays. */
const settings: SettingsWithSlots = {
  id: 1,
  company_id: 1,
  calendar_id: null,
  allow_overlaps: false,
  active_days: [1, 2, 3, 4, 5],
  work_hours_start: '08:00',
  work_hours_end: '12:00',
  time_zone: zone,
  slots: [
    { id: 1, settings_id: 1, day_of_week: 1, enabled: true, start_time: '08:00', end_time: '10:00' },
    { id: 2, settings_id: 1, day_of_week: 1, enabled: true, start_time: '11:00', end_time: '12:00' },
    { id: 3, settings_id: 1, day_of_week: 1, enabled: false, start_time: '10:00', end_time: '11:00' },
  ],
};
// Monday 2030-01-07 in São Paulo (UTC-3).
const at = (hhmm: string, day = '2030-01-07') => new Date(`${day}T${hhmm}:00-03:00`);
const times = (slots: { start: Date }[]) =>
  slots.map((slot) => slot.start.toLocaleTimeString('pt-BR', { timeZone: zone, hour: '2-digit', minute: '2-digit' }));

describe('freeSlots', () => {
  const range = { from: at('00:00', '2030-01-06'), until: at('00:00', '2030-01-08'), notBefore: at('00:00', '2030-01-01') };

  it('offers the enabled slots of active days within the work hours, stepping by the duration, a day off giving none', () => {
    expect(times(freeSlots(settings, range, 30, { blocks: [], appointments: [] }, 50))).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '11:00',
      '11:30',
    ]);
  });

  it('leaves out what a block or an appointment meets, and what starts before notBefore', () => {
    const taken = {
      blocks: [{ start: at('08:15'), end: at('08:45'), title: 'Reunião' }],
      appointments: [{ start: at('11:00'), end: at('11:30') }],
    };
    expect(times(freeSlots(settings, { ...range, notBefore: at('09:00') }, 30, taken, 50))).toEqual(['09:30', '11:30']);
    expect(times(freeSlots(settings, range, 30, taken, 50))).toEqual(['09:00', '09:30', '11:30']);
  });

  it('gives at most `limit`, earliest first, and none when the duration fits no slot', () => {
    expect(times(freeSlots(settings, range, 30, { blocks: [], appointments: [] }, 2))).toEqual(['08:00', '08:30']);
    expect(freeSlots(settings, range, 180, { blocks: [], appointments: [] }, 50)).toEqual([]);
  });
});
