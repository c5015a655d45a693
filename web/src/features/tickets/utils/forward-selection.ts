import type { Message } from '../types';

/** Messages ticked for forwarding (spec 1: "forwarding with no selected messages shows an error"). */
export type ForwardSelection = {
  /** The ticket whose chat is in selection mode; null outside selection mode. */
  ticketId: number | null;
  messages: ReadonlyMap<number, Pick<Message, 'id' | 'createdAt'>>;
};

export const NO_SELECTION: ForwardSelection = { ticketId: null, messages: new Map() };

/** Selection mode starts from one message's "Encaminhar", with that message ticked. */
export function startSelection(message: Pick<Message, 'id' | 'ticketId' | 'createdAt'>): ForwardSelection {
  return { ticketId: message.ticketId, messages: new Map([[message.id, { id: message.id, createdAt: message.createdAt }]]) };
}

/** Ticks or unticks a message; the selection mode stays on even with nothing ticked. */
export function toggleSelected(selection: ForwardSelection, message: Pick<Message, 'id' | 'createdAt'>): ForwardSelection {
  const messages = new Map(selection.messages);
  if (messages.has(message.id)) messages.delete(message.id);
  else messages.set(message.id, { id: message.id, createdAt: message.createdAt });
  return { ...selection, messages };
}

/** Keeps only the given ids ticked (after a forward, the ones that failed). */
export function keepSelected(selection: ForwardSelection, ids: readonly number[]): ForwardSelection {
  const keep = new Set(ids);
  return { ...selection, messages: new Map([...selection.messages].filter(([id]) => keep.has(id))) };
}

/** The ticked messages in the order they were sent or received (oldest first), whatever order they were ticked in. */
export function forwardOrder(selection: ForwardSelection): number[] {
  return [...selection.messages.values()]
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id)
    .map((message) => message.id);
}

/** Deleted messages cannot be forwarded, so they get no checkbox. */
export function isSelectable(message: Pick<Message, 'isDeleted'>): boolean {
  return !message.isDeleted;
}
