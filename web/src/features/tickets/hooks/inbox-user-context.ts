import { createContext, useContext } from 'react';

import type { InboxUser } from '../types';

/** The signed-in user, for parts of the chat deep in the tree (the contact card's start-a-ticket). */
export const InboxUserContext = createContext<InboxUser | null>(null);

export function useInboxUser(): InboxUser | null {
  return useContext(InboxUserContext);
}
