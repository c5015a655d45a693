import { queueCreateSchema, queueUpdateSchema } from './conversations';

/** The ticketz client's OpenHours form (`schedules: { weeklyRules, overrides, timezone }`) read as the house's week. */
describe("a queue's schedules sent as the ticketz OpenHours object", () => {
  const base = { name: 'Suporte', color: '#5C59A0' };

  it('each weekday gets an entry per interval of the rules naming it; a day no rule opens is closed (00:00 to 00:00)', () => {
    const parsed = queueCreateSchema.parse({
      ...base,
      schedules: {
        timezone: 'America/Sao_Paulo',
        weeklyRules: [
          {
            days: ['mon', 'tue', 'wed', 'thu', 'fri'],
            hours: [
              { from: '13:00', to: '18:00' },
              { from: '08:00', to: '12:00' },
            ],
          },
          { days: ['sat'], hours: [{ from: '08:00', to: '12:00' }] },
        ],
        overrides: [
          { date: '2026-12-25', closed: true, label: 'Natal' },
          { date: '2026-01-01', repeat: 'yearly', hours: [] },
        ],
      },
    });
    expect(parsed.schedules).toHaveLength(5 * 2 + 1 + 1);
    expect(parsed.schedules!.filter((entry) => entry.weekdayEn === 'monday')).toEqual([
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '12:00' },
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '13:00', endTime: '18:00' },
    ]);
    expect(parsed.schedules!.filter((entry) => entry.weekdayEn === 'saturday')).toEqual([
      { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
    ]);
    expect(parsed.schedules!.filter((entry) => entry.weekdayEn === 'sunday')).toEqual([
      { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
    ]);
  });

  it('the older form {} and the legacy { weeklyRules: [], overrides: [] } set no hours (the empty week: always open)', () => {
    expect(queueCreateSchema.parse({ ...base, schedules: {} }).schedules).toEqual([]);
    expect(queueUpdateSchema.parse({ schedules: { weeklyRules: [], overrides: [] } }).schedules).toEqual([]);
  });

  it('the list of weekday entries (the Whaticket SaaS form) is read as before', () => {
    const week = [{ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' }];
    expect(queueUpdateSchema.parse({ schedules: week }).schedules).toEqual(week);
  });

  it('bad days, times or intervals ending before they start are refused naming the field', () => {
    for (const [weeklyRules, path, message] of [
      [[{ days: ['monday'], hours: [{ from: '08:00', to: '12:00' }] }], 'schedules.weeklyRules.0.days.0', undefined],
      [[{ days: ['mon'], hours: [{ from: '8h', to: '12:00' }] }], 'schedules.weeklyRules.0.hours.0.from', '##:##'],
      [
        [{ days: ['mon'], hours: [{ from: '12:00', to: '08:00' }] }],
        'schedules.weeklyRules.0.hours.0.to',
        'O fim deve ser depois do início',
      ],
    ] as const) {
      const result = queueUpdateSchema.safeParse({ schedules: { weeklyRules } });
      expect(result.success).toBe(false);
      const [issue] = result.error!.issues;
      expect(issue!.path.join('.')).toBe(path);
      if (message) expect(issue!.message).toBe(message);
    }
    const list = queueUpdateSchema.safeParse({ schedules: [{ weekday: 'x', weekdayEn: 'someday', startTime: '08:00', endTime: '' }] });
    expect(list.error!.issues[0]!.path.join('.')).toBe('schedules.0.weekdayEn');
  });
});
