import { isSameDay } from '@/lib/format';

import type { Message } from '../types';

export type MessageRow =
  | { kind: 'day'; key: string; date: Date }
  | { kind: 'ticket'; key: string; endedAt: Date | null; startedAt: Date }
  | { kind: 'message'; key: string; message: Message };

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
    if (!previousDate || !isSameDay(previousDate, date)) {
      rows.push({ kind: 'day', key: `day-${message.id}`, date });
    }
    rows.push({ kind: 'message', key: `message-${message.id}`, message });
    previous = message;
  }
  return rows;
}
