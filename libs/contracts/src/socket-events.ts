import type { AgentSocketPayload, PromptSocketPayload, QueueIntegrationSocketPayload } from './api/ai';
import type { PaymentSocketPayload } from './api/billing';
import type {
  AppMessageSocketPayload,
  ChatSocketPayload,
  ContactSocketPayload,
  PresenceSocketPayload,
  QueueSocketPayload,
  QuickMessageSocketPayload,
  TagSocketPayload,
  TicketSocketPayload,
} from './api/conversations';
import type { AnnouncementSocketPayload, AuthSocketPayload, SettingSocketPayload, UserSocketPayload } from './api/identity';
import type {
  CampaignSocketPayload,
  ContactListItemSocketPayload,
  ContactListSocketPayload,
  FileListSocketPayload,
  ScheduleSocketPayload,
} from './api/outbound';
import type { WhatsappSessionSocketPayload, WhatsappSocketPayload } from './api/whatsapp';

/**
 * The real-time socket's events (spec 1, "Real-time socket"): each event name with the payload it
 * carries. The gateway's emitters and the web's `useSocketEvent` both read this one map, so a payload
 * field renamed on one side fails to compile on the other.
 */

/** The per-company events, `company-{id}-<kind>`, by kind. */
export type CompanySocketPayloads = {
  ticket: TicketSocketPayload;
  appMessage: AppMessageSocketPayload;
  contact: ContactSocketPayload;
  queue: QueueSocketPayload;
  tag: TagSocketPayload;
  /** Quick messages (the Whaticket family's spelling of the channel). */
  quickemessage: QuickMessageSocketPayload;
  chat: ChatSocketPayload;
  presence: PresenceSocketPayload;
  user: UserSocketPayload;
  auth: AuthSocketPayload;
  settings: SettingSocketPayload;
  whatsapp: WhatsappSocketPayload;
  whatsappSession: WhatsappSessionSocketPayload;
  /** Contact lists and their items (the Whaticket family's capitalised channel names). */
  ContactList: ContactListSocketPayload;
  ContactListItem: ContactListItemSocketPayload;
  /** File lists. */
  file: FileListSocketPayload;
  /** Campaigns and their progress (admins). */
  campaign: CampaignSocketPayload;
  /** Schedules: appointments, and reload when calendars, blocks or settings changed. */
  schedule: ScheduleSocketPayload;
  /** Prompts (the ai service). */
  prompt: PromptSocketPayload;
  /** A paid invoice and the company's renewal (the billing service). */
  payment: PaymentSocketPayload;
  /** AI agents (the ai service). */
  agent: AgentSocketPayload;
  /** Queue integrations (the ai service). */
  queueIntegration: QueueIntegrationSocketPayload;
};
export type CompanySocketEventKind = keyof CompanySocketPayloads;
export type CompanySocketEventName<K extends CompanySocketEventKind = CompanySocketEventKind> = `company-${number}-${K}`;

/** The spec's company-wide notice channel (not per company: announcements are for everyone). */
export const ANNOUNCEMENT_SOCKET_EVENT = 'company-announcement';

export type SocketEventMap = { [K in CompanySocketEventKind as CompanySocketEventName<K>]: CompanySocketPayloads[K] } & {
  [ANNOUNCEMENT_SOCKET_EVENT]: AnnouncementSocketPayload;
} & {
  /** One internal chat's events (its members only). */
  [chat: `company-${number}-chat-${number}`]: ChatSocketPayload;
  /** A member's list of internal chats. */
  [member: `company-${number}-chat-user-${number}`]: ChatSocketPayload;
  /** The items of one contact list. */
  [listItems: `company-${number}-ContactListItem-${number}`]: ContactListItemSocketPayload;
} & {
  /** Sent to a socket just before the gateway closes it because its session changed. */
  sessionEnded: { reason: string };
};
export type SocketEventName = keyof SocketEventMap;

/** `company-{id}-<kind>`, typed so that its payload is the map's. */
export function companySocketEvent<K extends CompanySocketEventKind>(companyId: number, kind: K): CompanySocketEventName<K> {
  return `company-${companyId}-${kind}`;
}
