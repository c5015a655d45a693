/** One weekday's slot of the schedule settings (spec 2, 'Schedule settings'): dayOfWeek 0 Sunday to 6 Saturday. */
export type TimeSlotDraft = {
  id?: number;
  dayOfWeek: number;
  enabled: boolean;
  startTime: string;
  endTime: string;
};

/** Spec 2 section 9: a new slot runs 09:00 to 17:00. */
export const NEW_SLOT_START = '09:00';
export const NEW_SLOT_END = '17:00';
export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export function newSlot(dayOfWeek: number): TimeSlotDraft {
  return { dayOfWeek, enabled: true, startTime: NEW_SLOT_START, endTime: NEW_SLOT_END };
}

export function slotsOfDay(slots: readonly TimeSlotDraft[], dayOfWeek: number): TimeSlotDraft[] {
  return slots.filter((slot) => slot.dayOfWeek === dayOfWeek);
}

/** Spec 2 section 4: a day with a single slot cannot have it deleted. */
export function canDeleteSlot(slots: readonly TimeSlotDraft[], dayOfWeek: number): boolean {
  return slotsOfDay(slots, dayOfWeek).length > 1;
}

/** Adds a 09:00-17:00 slot to the day, enabled when the day is (or when it has none yet). */
export function addSlot(slots: readonly TimeSlotDraft[], dayOfWeek: number): TimeSlotDraft[] {
  const day = slotsOfDay(slots, dayOfWeek);
  const enabled = day.length === 0 || day.some((slot) => slot.enabled);
  return [...slots, { ...newSlot(dayOfWeek), enabled }];
}

/** Removes the day's slot at `index` (its position among the day's slots), unless it is the day's only one. */
export function removeSlot(slots: readonly TimeSlotDraft[], dayOfWeek: number, index: number): TimeSlotDraft[] {
  if (!canDeleteSlot(slots, dayOfWeek)) return [...slots];
  const target = slotsOfDay(slots, dayOfWeek)[index];
  return slots.filter((slot) => slot !== target);
}

/** Changes one field of the day's slot at `index`. */
export function updateSlot(
  slots: readonly TimeSlotDraft[],
  dayOfWeek: number,
  index: number,
  change: Partial<Pick<TimeSlotDraft, 'startTime' | 'endTime'>>,
): TimeSlotDraft[] {
  const target = slotsOfDay(slots, dayOfWeek)[index];
  return slots.map((slot) => (slot === target ? { ...slot, ...change } : slot));
}

/** Whether the day is on: any of its slots is enabled. */
export function isDayEnabled(slots: readonly TimeSlotDraft[], dayOfWeek: number): boolean {
  return slotsOfDay(slots, dayOfWeek).some((slot) => slot.enabled);
}

/** Spec 2 section 4: the day toggle enables or disables all of its slots; a day turned on with none gets a new slot. */
export function toggleDay(slots: readonly TimeSlotDraft[], dayOfWeek: number, enabled: boolean): TimeSlotDraft[] {
  if (enabled && slotsOfDay(slots, dayOfWeek).length === 0) return [...slots, newSlot(dayOfWeek)];
  return slots.map((slot) => (slot.dayOfWeek === dayOfWeek ? { ...slot, enabled } : slot));
}

/** 'HH:mm' as minutes of the day; null when it is not a time. */
export function minutesOfDay(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** The slots whose end is not after their start (the settings dialog refuses to save them). */
export function invalidSlots(slots: readonly TimeSlotDraft[]): TimeSlotDraft[] {
  return slots.filter((slot) => {
    const start = minutesOfDay(slot.startTime);
    const end = minutesOfDay(slot.endTime);
    return start === null || end === null || end <= start;
  });
}
