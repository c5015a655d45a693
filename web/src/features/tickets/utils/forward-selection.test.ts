import { describe, expect, it } from 'vitest';

import { forwardOrder, isSelectable, keepSelected, NO_SELECTION, startSelection, toggleSelected } from './forward-selection';

const message = (id: number, createdAt: string) => ({ id, ticketId: 4, createdAt });

describe('forward selection', () => {
  it('"Encaminhar" on a message starts selection mode on its ticket with that message ticked', () => {
    const selection = startSelection(message(7, '2026-01-01T10:00:00Z'));
    expect(selection.ticketId).toBe(4);
    expect([...selection.messages.keys()]).toEqual([7]);
    expect(NO_SELECTION.ticketId).toBeNull();
  });

  it('ticking again unticks; the mode stays on with nothing ticked', () => {
    let selection = startSelection(message(7, '2026-01-01T10:00:00Z'));
    selection = toggleSelected(selection, message(8, '2026-01-01T10:01:00Z'));
    expect(selection.messages.size).toBe(2);
    selection = toggleSelected(toggleSelected(selection, message(7, '')), message(8, ''));
    expect(selection.messages.size).toBe(0);
    expect(selection.ticketId).toBe(4);
  });

  it('messages go out in chronological order, not in the order they were ticked (same time: by id)', () => {
    let selection = startSelection(message(30, '2026-01-01T10:05:00Z'));
    selection = toggleSelected(selection, message(12, '2026-01-01T09:00:00Z'));
    selection = toggleSelected(selection, message(25, '2026-01-01T10:00:00Z'));
    selection = toggleSelected(selection, message(21, '2026-01-01T10:00:00Z'));
    expect(forwardOrder(selection)).toEqual([12, 21, 25, 30]);
  });

  it('after a forward only the failed messages stay ticked', () => {
    let selection = startSelection(message(1, '2026-01-01T10:00:00Z'));
    selection = toggleSelected(selection, message(2, '2026-01-01T10:01:00Z'));
    expect([...keepSelected(selection, [2]).messages.keys()]).toEqual([2]);
  });

  it('deleted messages cannot be ticked', () => {
    expect(isSelectable({ isDeleted: true })).toBe(false);
    expect(isSelectable({ isDeleted: false })).toBe(true);
  });
});
