import { describe, expect, it } from 'vitest';

import { addSlot, canDeleteSlot, invalidSlots, isDayEnabled, newSlot, removeSlot, slotsOfDay, toggleDay, updateSlot } from './time-slots';

describe('schedule time slots', () => {
  it('a new slot runs 09:00 to 17:00, enabled', () => {
    expect(newSlot(1)).toEqual({ dayOfWeek: 1, enabled: true, startTime: '09:00', endTime: '17:00' });
    expect(addSlot([], 3)).toEqual([{ dayOfWeek: 3, enabled: true, startTime: '09:00', endTime: '17:00' }]);
  });

  it("a day's single slot cannot be deleted; with two, one can", () => {
    const one = [newSlot(1)];
    expect(canDeleteSlot(one, 1)).toBe(false);
    expect(removeSlot(one, 1, 0)).toEqual(one);
    const two = updateSlot(addSlot(one, 1), 1, 1, { startTime: '18:00', endTime: '20:00' });
    expect(canDeleteSlot(two, 1)).toBe(true);
    expect(removeSlot(two, 1, 0)).toEqual([{ dayOfWeek: 1, enabled: true, startTime: '18:00', endTime: '20:00' }]);
  });

  it('the day toggle disables and enables all of its slots, and leaves other days alone', () => {
    const slots = [newSlot(1), { ...newSlot(1), startTime: '18:00', endTime: '19:00' }, newSlot(2)];
    const off = toggleDay(slots, 1, false);
    expect(slotsOfDay(off, 1).map((slot) => slot.enabled)).toEqual([false, false]);
    expect(isDayEnabled(off, 1)).toBe(false);
    expect(isDayEnabled(off, 2)).toBe(true);
    expect(slotsOfDay(toggleDay(off, 1, true), 1).map((slot) => slot.enabled)).toEqual([true, true]);
    // A day turned on with no slot gets the 09:00-17:00 one.
    expect(toggleDay(slots, 6, true).filter((slot) => slot.dayOfWeek === 6)).toEqual([newSlot(6)]);
  });

  it('a slot whose end is not after its start is invalid', () => {
    expect(invalidSlots([newSlot(1), { ...newSlot(2), endTime: '09:00' }, { ...newSlot(3), startTime: '25:00' }])).toHaveLength(2);
  });
});
