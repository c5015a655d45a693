import { contactListItemsChanged, contactListSaved } from '@app/contracts';
import { OutboxWriter } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ContactListRepository, mapContactList } from './contact-list.repository';

/** The events of a list whose items changed in the caller's transaction: its new counts, and a reload of its items. */
@Injectable()
export class ContactListEvents {
  constructor(
    private readonly lists: ContactListRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async saved(manager: EntityManager, companyId: number, contactListId: number, created = false) {
    const row = await this.lists.view(manager, companyId, contactListId);
    if (!row) return null;
    const contactList = mapContactList(row);
    await this.outbox.add(manager, {
      definition: contactListSaved,
      companyId,
      key: `contact-list-${contactListId}`,
      payload: { contactList, created },
    });
    return contactList;
  }

  async itemsChanged(manager: EntityManager, companyId: number, contactListId: number, reason: 'imported' | 'checked'): Promise<void> {
    await this.outbox.add(manager, {
      definition: contactListItemsChanged,
      companyId,
      key: `contact-list-${contactListId}`,
      payload: { contactListId, reason },
    });
    await this.saved(manager, companyId, contactListId);
  }
}
