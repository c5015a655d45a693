import type { ContactRef, Message, QueueRef, Tag, Ticket, TicketListItem } from '@app/contracts';

/**
 * The inbox's shapes come from the conversations contract (libs/contracts/src/api/conversations.ts),
 * with the spec's field names (spec 1 section 3).
 */
export type {
  AppMessageSocketPayload,
  ContactSocketPayload,
  Message,
  Ticket,
  TicketListItem,
  TicketSocketPayload,
  TicketStatus,
  TicketUpdateBody,
} from '@app/contracts';

export type TicketQueue = QueueRef;
export type TicketTag = Pick<Tag, 'id' | 'name' | 'color'>;
export type TicketContact = ContactRef;
export type TicketUser = { id: number; name: string };

/** A page of a ticket list with the cursor of the next (null on the last page); a search's tickets name the message found. */
export type TicketsPage = { tickets: TicketListItem[]; hasMore: boolean; nextUpdatedAt: string | null; nextTicketId: number | null };
/**
 * A page of messages with the cursor of the next, older one (null on the last page) and, for a chat
 * opened at a message, of the newer one (null once the newest is reached).
 */
export type MessagesPage = {
  messages: Message[];
  hasMore: boolean;
  ticket?: Ticket;
  nextId: number | null;
  hasNewer?: boolean;
  newerId?: number | null;
};
/** Where a ticket list page starts: after the previous page's last row (null: the first page). */
export type TicketsCursor = { nextUpdatedAt: string; nextTicketId: number } | null;

/** The open-tab sub-lists and the other tabs of the list panel. */
export type TicketsTab = 'open' | 'closed' | 'search';
export type OpenSubTab = 'open' | 'pending';

/** The signed-in user as the inbox needs it (the API sends the user's queues with /auth/me). */
export type InboxUser = {
  id: number;
  name?: string;
  profile: string;
  super?: boolean;
  companyId: number;
  queues?: { id: number; name?: string }[];
  /** The user's default connection for new tickets. */
  whatsappId?: number | null;
  /** 'enabled' puts pending tickets in the user's notifications. */
  allTicket?: string;
  /** The company's plan: useSchedules shows the contact's 'Agendar' (spec 1: schedule from contact). */
  company?: { plan?: { useSchedules?: boolean } | null } | null;
};
