import {
  CONTACT_LISTS_PAGE_SIZE,
  type ContactList,
  type ContactListBody,
  contactListDeleted,
  type ContactListPageResponse,
  type ContactListSummary,
  type ContactListUploadResponse,
} from '@app/contracts';
import { AppError, inSheetImportSlot, OutboxWriter, type Tenancy, writeSpreadsheet } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { ContactListRepository, mapContactList } from './contact-list.repository';
import { ContactListEvents } from './contact-list-events';
import { ContactListItemRepository } from './contact-list-item.repository';
import { readContactListSheet, SAMPLE_SHEET_ROWS } from './contact-list-sheet';
import { NumberChecks } from './number-checks';

export const contactListNotFound = () => new AppError('ERR_NOT_FOUND', 'Contact list not found');

/**
 * Contact lists of the caller's company (spec 2): another company's list is not found (404). The
 * routes need the plan's campaigns (the controller says so).
 */
@Injectable()
export class ContactListService {
  constructor(
    private readonly lists: ContactListRepository,
    private readonly items: ContactListItemRepository,
    private readonly events: ContactListEvents,
    private readonly numberChecks: NumberChecks,
    private readonly outbox: OutboxWriter,
  ) {}

  async page(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<ContactListPageResponse> {
    const { rows, count } = await this.lists.page(tenancy.companyId, searchParam, pageNumber);
    return { records: rows.map(mapContactList), count, hasMore: (pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE + rows.length < count };
  }

  async all(tenancy: Tenancy): Promise<ContactListSummary[]> {
    return (await this.lists.all(tenancy.companyId)).map((row) => ({ id: row.id, name: row.name, contactsCount: row.contacts_count }));
  }

  async get(tenancy: Tenancy, id: number): Promise<ContactList> {
    const row = await this.lists.view(null, tenancy.companyId, id);
    if (!row) throw contactListNotFound();
    return mapContactList(row);
  }

  async create(tenancy: Tenancy, body: ContactListBody): Promise<ContactList> {
    return this.lists.transaction(async (manager) => {
      const id = await this.lists.insert(manager, tenancy.companyId, body.name);
      return (await this.events.saved(manager, tenancy.companyId, id, true))!;
    });
  }

  async rename(tenancy: Tenancy, id: number, body: ContactListBody): Promise<ContactList> {
    return this.lists.transaction(async (manager) => {
      if (!(await this.lists.rename(manager, tenancy.companyId, id, body.name))) throw contactListNotFound();
      return (await this.events.saved(manager, tenancy.companyId, id))!;
    });
  }

  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    await this.lists.transaction(async (manager) => {
      if (!(await this.lists.delete(manager, tenancy.companyId, id))) throw contactListNotFound();
      await this.outbox.add(manager, {
        definition: contactListDeleted,
        companyId: tenancy.companyId,
        key: `contact-list-${id}`,
        payload: { contactListId: id },
      });
    });
    return { message: 'Contact list deleted' };
  }

  /** The sample sheet: the columns an upload reads, with one example row. */
  sample(): Buffer {
    return writeSpreadsheet('Contatos', SAMPLE_SHEET_ROWS);
  }

  /**
   * POST /contact-lists/{id}/upload: a sheet's valid rows become items of the list in one transaction
   * (a refused sheet imports nothing), numbers the list holds are skipped, refused rows are reported;
   * the new numbers are then checked on WhatsApp, throttled (NumberChecks).
   */
  async upload(
    tenancy: Tenancy,
    id: number,
    file: { originalname: string; buffer: Buffer } | undefined,
  ): Promise<ContactListUploadResponse> {
    if (!file) throw new AppError('ERR_VALIDATION', 'file is required', { fields: [{ path: 'file', message: 'Required' }] });
    if (!(await this.lists.view(null, tenancy.companyId, id))) throw contactListNotFound();
    const sheet = await readContactListSheet(Buffer.from(file.originalname, 'latin1').toString('utf8'), file.buffer);
    const created = await inSheetImportSlot(() =>
      this.lists.transaction(async (manager) => {
        if (!(await this.lists.lock(manager, tenancy.companyId, id))) throw contactListNotFound();
        const count = await this.items.insertMany(manager, tenancy.companyId, id, sheet.items);
        if (count > 0) {
          await this.events.itemsChanged(manager, tenancy.companyId, id, 'imported');
          await this.numberChecks.resume(manager, tenancy.companyId);
        }
        return count;
      }),
    );
    return { created, skipped: sheet.items.length - created, invalid: sheet.invalid };
  }
}
