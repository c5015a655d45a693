/**
 * How many sheet imports of this process write at once; the others wait their turn. Writing a sheet
 * is mostly work of the request thread (rows to statements, events to the outbox), so ten imports at
 * once would take turns with every other request, each turn holding them up; two keep the thread's
 * turns short and the database busy.
 */
const WRITING_AT_ONCE = 2;

let writing = 0;
const waiting: (() => void)[] = [];

/** Runs `write` (an import's writing, after its sheet is read) when a slot is free. */
export async function inSheetImportSlot<T>(write: () => Promise<T>): Promise<T> {
  if (writing >= WRITING_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else writing++;
  try {
    return await write();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else writing--;
  }
}
