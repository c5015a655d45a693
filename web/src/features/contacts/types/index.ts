export type { Contact, ContactCreateBody, ContactListResponse, ContactUpdateBody } from '@app/contracts';

/** The signed-in user as the contacts page needs it. */
export type ContactsUser = { id: number; companyId: number; profile: string; super?: boolean; queues?: { id: number }[] };
