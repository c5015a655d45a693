import {
  campaignDeleted,
  campaignProgressed,
  campaignSaved,
  contactListDeleted,
  contactListItemDeleted,
  contactListItemSaved,
  contactListItemsChanged,
  type ContactListItemSocketPayload,
  contactListSaved,
  fileListDeleted,
  fileListSaved,
  scheduleDeleted,
  scheduleSaved,
  schedulesChanged,
} from '@app/contracts';
import { readEvent } from '@app/platform';

import { companySocketEmit, type SocketEmit, socketEmit, type SocketEventMapper, type SocketTarget } from '../../common/socket-emit';
import { rooms } from '../../common/socket-events';

/** The campaign screens are admins' (spec 2, section 6): their events reach the company's admins only. */
const admins = (companyId: number): SocketTarget => ({ kind: 'room', room: rooms.admins(companyId) });

/** An item's event goes to the company's channel and to its list's own. */
const toItems = (companyId: number, contactListId: number, payload: ContactListItemSocketPayload): SocketEmit[] => [
  companySocketEmit(admins(companyId), companyId, 'ContactListItem', payload),
  socketEmit(admins(companyId), `company-${companyId}-ContactListItem-${contactListId}`, payload),
];

/**
 * Outbound's events: contact lists on `company-{id}-ContactList`, their items on
 * `company-{id}-ContactListItem` and `company-{id}-ContactListItem-{listId}`, to the company's admins
 * (who alone may read them); file lists on `company-{id}-file`, and schedules on `company-{id}-schedule`
 * (create, update, delete, reload), to the whole company; campaigns and their progress on
 * `company-{id}-campaign`, to the admins.
 */
export const outboundSocketMapper: SocketEventMapper = {
  topic: 'outbound.events',
  map(envelope) {
    const companyId = envelope.companyId;
    if (!companyId) return [];
    const company = { kind: 'company', companyId } as const;
    const list = readEvent(contactListSaved, envelope);
    if (list) {
      return [
        companySocketEmit(admins(companyId), companyId, 'ContactList', {
          action: list.created ? 'create' : 'update',
          record: list.contactList,
        }),
      ];
    }
    const listGone = readEvent(contactListDeleted, envelope);
    if (listGone) return [companySocketEmit(admins(companyId), companyId, 'ContactList', { action: 'delete', id: listGone.contactListId })];
    const item = readEvent(contactListItemSaved, envelope);
    if (item) return toItems(companyId, item.item.contactListId, { action: item.created ? 'create' : 'update', record: item.item });
    const itemGone = readEvent(contactListItemDeleted, envelope);
    if (itemGone) {
      return toItems(companyId, itemGone.contactListId, { action: 'delete', id: itemGone.itemId, contactListId: itemGone.contactListId });
    }
    const items = readEvent(contactListItemsChanged, envelope);
    if (items) return toItems(companyId, items.contactListId, { action: 'reload', contactListId: items.contactListId });
    const fileList = readEvent(fileListSaved, envelope);
    if (fileList) {
      return [
        companySocketEmit(company, companyId, 'file', { action: fileList.created ? 'create' : 'update', fileList: fileList.fileList }),
      ];
    }
    const fileListGone = readEvent(fileListDeleted, envelope);
    if (fileListGone) return [companySocketEmit(company, companyId, 'file', { action: 'delete', fileId: fileListGone.fileListId })];
    const campaign = readEvent(campaignSaved, envelope);
    if (campaign) {
      return [
        companySocketEmit(admins(companyId), companyId, 'campaign', {
          action: campaign.created ? 'create' : 'update',
          record: campaign.campaign,
        }),
      ];
    }
    const campaignGone = readEvent(campaignDeleted, envelope);
    if (campaignGone)
      return [companySocketEmit(admins(companyId), companyId, 'campaign', { action: 'delete', id: campaignGone.campaignId })];
    const progress = readEvent(campaignProgressed, envelope);
    if (progress) return [companySocketEmit(admins(companyId), companyId, 'campaign', { action: 'progress', progress: progress.progress })];
    const schedule = readEvent(scheduleSaved, envelope);
    if (schedule) {
      return [
        companySocketEmit(company, companyId, 'schedule', { action: schedule.created ? 'create' : 'update', schedule: schedule.schedule }),
      ];
    }
    const scheduleGone = readEvent(scheduleDeleted, envelope);
    if (scheduleGone) return [companySocketEmit(company, companyId, 'schedule', { action: 'delete', scheduleId: scheduleGone.scheduleId })];
    const changed = readEvent(schedulesChanged, envelope);
    if (changed) return [companySocketEmit(company, companyId, 'schedule', { action: 'reload', scope: changed.scope })];
    return [];
  },
};
