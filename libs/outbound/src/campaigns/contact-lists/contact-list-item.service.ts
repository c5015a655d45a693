import {
  can,
  CONTACT_LIST_ITEMS_PAGE_SIZE,
  type ContactListItem,
  contactListItemDeleted,
  type ContactListItemFields,
  type ContactListItemPageResponse,
  contactListItemSaved,
} from '@app/contracts';
import { AppError, OutboxWriter, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ContactListRepository } from './contact-list.repository';
import { contactListNotFound } from './contact-list.service';
import { ContactListEvents } from './contact-list-events';
import { ContactListItemRepository, type ContactListItemRow, mapContactListItem } from './contact-list-item.repository';
import { NumberChecks } from './number-checks';

const itemNotFound = () => new AppError('ERR_NOT_FOUND', 'Contact list item not found');
const duplicate = () => new AppError('ERR_DUPLICATED_CONTACT', 'This list already has a contact with this number');

/**
 * The contacts of a list (spec 2): the campaign screens are admins' (the controller says so), and
 * deleting also needs contacts-page:deleteContact. A new or changed number is checked on WhatsApp.
 */
@Injectable()
export class ContactListItemService {
  constructor(
    private readonly items: ContactListItemRepository,
    private readonly lists: ContactListRepository,
    private readonly events: ContactListEvents,
    private readonly numberChecks: NumberChecks,
    private readonly outbox: OutboxWriter,
  ) {}

  async page(tenancy: Tenancy, contactListId: number, searchParam: string, pageNumber: number): Promise<ContactListItemPageResponse> {
    if (!(await this.lists.view(null, tenancy.companyId, contactListId))) throw contactListNotFound();
    const { rows, count } = await this.items.page(tenancy.companyId, contactListId, searchParam, pageNumber);
    return {
      contacts: rows.map(mapContactListItem),
      count,
      hasMore: (pageNumber - 1) * CONTACT_LIST_ITEMS_PAGE_SIZE + rows.length < count,
    };
  }

  async get(tenancy: Tenancy, id: number): Promise<ContactListItem> {
    const row = await this.items.view(null, tenancy.companyId, id);
    if (!row) throw itemNotFound();
    return mapContactListItem(row);
  }

  async create(tenancy: Tenancy, contactListId: number, fields: ContactListItemFields): Promise<ContactListItem> {
    return this.items.transaction(async (manager) => {
      if (!(await this.lists.lock(manager, tenancy.companyId, contactListId))) throw contactListNotFound();
      const row = await this.items.insert(manager, tenancy.companyId, contactListId, fields);
      if (!row) throw duplicate();
      return this.saved(manager, row, true);
    });
  }

  async update(tenancy: Tenancy, id: number, fields: ContactListItemFields): Promise<ContactListItem> {
    return this.items.transaction(async (manager) => {
      const row = await this.items.update(manager, tenancy.companyId, id, fields);
      if (row === 'duplicate') throw duplicate();
      if (!row) throw itemNotFound();
      return this.saved(manager, row, false);
    });
  }

  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    if (!can(tenancy, 'contacts-page:deleteContact')) throw new AppError('ERR_NO_PERMISSION', 'No permission to delete contacts');
    await this.items.transaction(async (manager) => {
      const row = await this.items.delete(manager, tenancy.companyId, id);
      if (!row) throw itemNotFound();
      await this.outbox.add(manager, {
        definition: contactListItemDeleted,
        companyId: tenancy.companyId,
        key: `contact-list-${row.contact_list_id}`,
        payload: { itemId: id, contactListId: row.contact_list_id },
      });
      await this.events.saved(manager, tenancy.companyId, row.contact_list_id);
    });
    return { message: 'Contact deleted' };
  }

  private async saved(manager: EntityManager, row: ContactListItemRow, created: boolean): Promise<ContactListItem> {
    const item = mapContactListItem(row);
    await this.outbox.add(manager, {
      definition: contactListItemSaved,
      companyId: row.company_id,
      key: `contact-list-${row.contact_list_id}`,
      payload: { item, created },
    });
    await this.events.saved(manager, row.company_id, row.contact_list_id);
    if (row.is_whatsapp_valid === null) await this.numberChecks.resume(manager, row.company_id);
    return item;
  }
}
