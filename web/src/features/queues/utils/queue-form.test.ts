import { describe, expect, it } from 'vitest';

import { nextQueueColor, QUEUE_COLORS, queueFormDefaults, queueFormSchema, queueLimit, toQueueBody } from './queue-form';

describe('queue form', () => {
  it('a new queue starts with the default week', () => {
    const schedules = queueFormDefaults(null).schedules;
    expect(schedules.map((item) => `${item.weekdayEn} ${item.startTime}-${item.endTime}`)).toEqual([
      'monday 08:00-18:00',
      'tuesday 08:00-18:00',
      'wednesday 08:00-18:00',
      'thursday 08:00-18:00',
      'friday 08:00-18:00',
      'saturday 08:00-12:00',
      'sunday 00:00-00:00',
    ]);
  });

  it('a new queue starts with a colour no queue of the company uses', () => {
    expect(queueFormDefaults(null, ['#2576D2']).color).toBe('#e91e63');
    expect(queueFormDefaults(null, ['#e91e63']).color).toBe('#2576d2');
    const all = [...QUEUE_COLORS];
    const beyond = nextQueueColor(all);
    expect(all).not.toContain(beyond);
    expect(nextQueueColor([...all, beyond])).not.toBe(beyond);
    expect(queueFormSchema.shape.color.safeParse(beyond).success).toBe(true);
  });

  it('the name takes 2 to 50 characters', () => {
    const base = queueFormDefaults(null);
    expect(queueFormSchema.safeParse({ ...base, name: 'V' }).error?.issues[0]?.message).toBe('queues.validation.tooShort');
    expect(queueFormSchema.safeParse({ ...base, name: 'V'.repeat(51) }).error?.issues[0]?.message).toBe('queues.validation.tooLong');
    expect(queueFormSchema.safeParse({ ...base, name: 'Vendas' }).success).toBe(true);
  });

  it('an empty order is sent as null', () => {
    expect(toQueueBody({ ...queueFormDefaults(null), name: 'Vendas' }).orderQueue).toBeNull();
    expect(toQueueBody({ ...queueFormDefaults(null), name: 'Vendas', orderQueue: '2' }).orderQueue).toBe(2);
  });

  it('the plan limit is reached at its maximum', () => {
    expect(queueLimit(3, 3)).toEqual({ reached: true, label: '3/3' });
    expect(queueLimit(2, 3).reached).toBe(false);
    expect(queueLimit(9, undefined).reached).toBe(false);
  });
});
