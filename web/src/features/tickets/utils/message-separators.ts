import type { Message } from '../types';

export type MessageRow =
  | { kind: 'day'; key: string; date: Date }
  | { kind: 'ticket'; key: string; endedAt: Date | null; startedAt: Date }
  | { kind: 'message'; key: string; message: Message };

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * Messages (oldest first) with their separators: a day separator before the first message of each
 * day, and a marker where the conversation of one ticket ends and another starts.
 */
export function buildMessageRows(messages: readonly Message[]): MessageRow[] {
  const rows: MessageRow[] = [];
  let previous: Message | null = null;
  for (const message of messages) {
    const date = new Date(message.createdAt);
    const previousDate = previous ? new Date(previous.createdAt) : null;
    if (previous && previous.ticketId !== message.ticketId) {
      rows.push({ kind: 'ticket', key: `ticket-${message.ticketId}-${message.id}`, endedAt: previousDate, startedAt: date });
    }
    if (!previousDate || !sameDay(previousDate, date)) {
      rows.push({ kind: 'day', key: `day-${message.id}`, date });
    }
    rows.push({ kind: 'message', key: `message-${message.id}`, message });
    previous = message;
  }
  return rows;
}

/** dd/MM/yyyy (spec 1 section 9). */
export function formatMessageDay(date: Date): string {
  const day = String(date.getDate()).padStart(2, '0');
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return `${day}/${month}/${date.getFullYear()}`;
}

/** HH:mm */
export function formatMessageTime(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
