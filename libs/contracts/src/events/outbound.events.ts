import { z } from 'zod';

import { campaignProgressSchema, campaignSchema, contactListItemSchema, contactListSchema, fileListSchema } from '../api/outbound';
import { defineEvent } from './define-event';

const id = z.number().int().positive();

const outboundEvent = <T extends string, S extends z.ZodType>(type: T, payload: S) =>
  defineEvent({ type, version: 1, topic: 'outbound.events', payload });

/** A contact list was created or changed (its name, or its counts after items changed). */
export const contactListSaved = outboundEvent(
  'outbound.contactList.saved',
  z.object({ contactList: contactListSchema, created: z.boolean() }),
);
/** A contact list was removed, with its items. */
export const contactListDeleted = outboundEvent('outbound.contactList.deleted', z.object({ contactListId: id }));

/** One item of a list was created or changed (by hand, or its number checked). */
export const contactListItemSaved = outboundEvent(
  'outbound.contactListItem.saved',
  z.object({ item: contactListItemSchema, created: z.boolean() }),
);
export const contactListItemDeleted = outboundEvent('outbound.contactListItem.deleted', z.object({ itemId: id, contactListId: id }));

/** Many items of a list changed at once (a sheet imported, a batch of numbers checked): its items load again. */
export const contactListItemsChanged = outboundEvent(
  'outbound.contactListItems.changed',
  z.object({ contactListId: id, reason: z.enum(['imported', 'checked']) }),
);

/** A file list was created or changed (name, message, attachments). */
export const fileListSaved = outboundEvent('outbound.fileList.saved', z.object({ fileList: fileListSchema, created: z.boolean() }));
export const fileListDeleted = outboundEvent('outbound.fileList.deleted', z.object({ fileListId: id }));

/** A campaign was created or changed (its fields, its attachment, or its status). */
export const campaignSaved = outboundEvent('outbound.campaign.saved', z.object({ campaign: campaignSchema, created: z.boolean() }));
/** A campaign was removed, with its shipping records. */
export const campaignDeleted = outboundEvent('outbound.campaign.deleted', z.object({ campaignId: id }));
/** A campaign's shipping records advanced (sent, confirmed, failed) or a connection paused: its figures now. */
export const campaignProgressed = outboundEvent('outbound.campaign.progressed', z.object({ progress: campaignProgressSchema }));

export const OUTBOUND_EVENTS = [
  contactListSaved,
  contactListDeleted,
  contactListItemSaved,
  contactListItemDeleted,
  contactListItemsChanged,
  fileListSaved,
  fileListDeleted,
  campaignSaved,
  campaignDeleted,
  campaignProgressed,
];
