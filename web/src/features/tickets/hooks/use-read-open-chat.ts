import { useEffect, useRef, useState } from 'react';

import { useMarkTicketRead } from '../api/mark-ticket-read';
import type { Ticket } from '../types';

/** Whether the agent can see the page: its tab is shown and its window has the focus. */
function pageFocused(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/**
 * Messages that arrive in the open chat while the agent looks at it are read, as on WhatsApp Web:
 * once its messages are shown, whenever the ticket counts unread ones and the page has the focus
 * (or gets it back), the server is told. One call per unread count, so a failure does not loop.
 */
export function useReadOpenChat(ticket: Pick<Ticket, 'id' | 'unreadMessages'> | undefined, messagesShown: boolean) {
  const { mutate } = useMarkTicketRead();
  const [focused, setFocused] = useState(pageFocused);
  const asked = useRef<string | null>(null);

  useEffect(() => {
    const update = () => setFocused(pageFocused());
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);

  const ticketId = ticket?.id;
  const unread = ticket?.unreadMessages ?? 0;
  useEffect(() => {
    if (unread === 0) asked.current = null;
    if (ticketId == null || !messagesShown || !focused || unread === 0) return;
    const key = `${ticketId}:${unread}`;
    if (asked.current === key) return;
    asked.current = key;
    mutate(ticketId);
  }, [ticketId, unread, messagesShown, focused, mutate]);
}
