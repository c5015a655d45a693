import {
  contactListDeleted,
  contactListItemDeleted,
  contactListItemSaved,
  contactListItemsChanged,
  type ContactListItemSocketPayload,
  contactListSaved,
  fileListDeleted,
  fileListSaved,
} from '@app/contracts';
import { readEvent } from '@app/platform';

import { companySocketEmit, type SocketEmit, socketEmit, type SocketEventMapper } from '../socket-emit';

/** An item's event goes to the company's channel and to its list's own. */
const toItems = (companyId: number, contactListId: number, payload: ContactListItemSocketPayload): SocketEmit[] => [
  companySocketEmit({ kind: 'company', companyId }, companyId, 'ContactListItem', payload),
  socketEmit({ kind: 'company', companyId }, `company-${companyId}-ContactListItem-${contactListId}`, payload),
];

/**
 * Outbound's events, all company-wide (every user of the company may see its lists): contact lists on
 * `company-{id}-ContactList`, their items on `company-{id}-ContactListItem` and
 * `company-{id}-ContactListItem-{listId}`, file lists on `company-{id}-file`.
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
        companySocketEmit(company, companyId, 'ContactList', { action: list.created ? 'create' : 'update', record: list.contactList }),
      ];
    }
    const listGone = readEvent(contactListDeleted, envelope);
    if (listGone) return [companySocketEmit(company, companyId, 'ContactList', { action: 'delete', id: listGone.contactListId })];
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
    return [];
  },
};
