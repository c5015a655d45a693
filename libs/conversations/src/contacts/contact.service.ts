import {
  can,
  type Contact,
  type ContactCreateBody,
  contactDeleted,
  type ContactImportResponse,
  type ContactListResponse,
  contactSaved,
  type ContactUpdateBody,
  type ContactUploadResponse,
} from '@app/contracts';
import { AppError, inSheetImportSlot, OutboxWriter, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ContactRepository, type ContactRow, mapContact } from '../common/contact.repository';
import { readContactSheet } from './contact-sheet';
import { WhatsappNumbers } from './whatsapp-numbers.client';

/** Contacts written (and announced) per statement when many are created at once. */
const SHEET_SLICE = 500;

const isDuplicateNumber = (error: unknown) =>
  (error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === 'contacts_number_unique';

@Injectable()
export class ContactService {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly outbox: OutboxWriter,
    private readonly numbers: WhatsappNumbers,
  ) {}

  async list(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<ContactListResponse> {
    const page = await this.contacts.page(tenancy.companyId, searchParam, pageNumber);
    return { contacts: page.contacts.map((row) => ({ ...mapContact(row), tags: row.tags })), hasMore: page.hasMore };
  }

  /** GET /contacts/list: every contact of the company (pickers), by name. */
  async all(tenancy: Tenancy): Promise<Contact[]> {
    return (await this.contacts.all(tenancy.companyId)).map(mapContact);
  }

  async get(tenancy: Tenancy, id: number): Promise<Contact> {
    return mapContact(await this.find(null, tenancy.companyId, id));
  }

  /**
   * The number is checked on WhatsApp first (when the company has a connected connection) and kept
   * in WhatsApp's own form; `authorization` is the caller's, passed on to the whatsapp service.
   */
  async create(
    tenancy: Tenancy,
    body: Required<Pick<ContactCreateBody, 'name' | 'number'>> & ContactCreateBody,
    authorization = '',
  ): Promise<Contact> {
    body = { ...body, number: (await this.numbers.verify(tenancy.companyId, authorization, body.number)).number };
    try {
      return await this.contacts.transaction(async (manager) => {
        const id = await this.contacts.insert(manager, tenancy.companyId, {
          name: body.name,
          number: body.number,
          email: body.email ?? '',
          extraInfo: withIds(body.extraInfo ?? []),
        });
        return this.saved(manager, id, tenancy.companyId, true);
      });
    } catch (error) {
      if (isDuplicateNumber(error)) throw await this.duplicate(tenancy.companyId, body.number);
      throw error;
    }
  }

  async update(tenancy: Tenancy, id: number, body: ContactUpdateBody, authorization = ''): Promise<Contact> {
    if (body.number !== undefined) {
      const current = await this.find(null, tenancy.companyId, id);
      if (current.number !== body.number) {
        body = { ...body, number: (await this.numbers.verify(tenancy.companyId, authorization, body.number)).number };
      }
    }
    try {
      return await this.contacts.transaction(async (manager) => {
        const found = await this.contacts.update(manager, tenancy.companyId, id, {
          name: body.name ?? null,
          number: body.number ?? null,
          email: body.email ?? null,
          extraInfo: body.extraInfo ? withIds(body.extraInfo) : null,
        });
        if (!found) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
        return this.saved(manager, id, tenancy.companyId, false);
      });
    } catch (error) {
      if (isDuplicateNumber(error)) throw await this.duplicate(tenancy.companyId, body.number!);
      throw error;
    }
  }

  /**
   * POST /contacts/import: every entry of the company's phone address books (what the connected
   * phones sent) whose number is not a contact yet becomes one, in one statement.
   */
  async importFromPhone(tenancy: Tenancy): Promise<ContactImportResponse> {
    return this.contacts.transaction(async (manager) => {
      const { total, created } = await this.contacts.importAddressBook(manager, tenancy.companyId);
      await this.publishCreated(manager, tenancy.companyId, created);
      return { imported: created.length, skipped: total - created.length };
    });
  }

  /**
   * POST /contacts/upload: the valid rows of a sheet become contacts, numbers already known are
   * skipped, and each refused row is reported. Rows are not checked on WhatsApp (one by one would be slow).
   */
  async upload(tenancy: Tenancy, file: { originalname: string; buffer: Buffer }): Promise<ContactUploadResponse> {
    const sheet = await readContactSheet(Buffer.from(file.originalname, 'latin1').toString('utf8'), file.buffer);
    const created = await inSheetImportSlot(() =>
      this.contacts.transaction(async (manager) => {
        let count = 0;
        // In slices: one statement (and one outbox write) of 100,000 rows would hold this thread while pg builds it.
        for (let at = 0; at < sheet.contacts.length; at += SHEET_SLICE) {
          const rows = await this.contacts.insertMany(
            manager,
            tenancy.companyId,
            sheet.contacts
              .slice(at, at + SHEET_SLICE)
              .map((c) => ({ name: c.name, number: c.number, email: c.email, extraInfo: withIds(c.extraInfo) })),
          );
          await this.publishRows(manager, tenancy.companyId, rows);
          count += rows.length;
        }
        return count;
      }),
    );
    return { created, skipped: sheet.contacts.length - created, invalid: sheet.invalid };
  }

  /** The same contactSaved event a single creation publishes, for each created contact. */
  private async publishCreated(manager: EntityManager, companyId: number, ids: number[]): Promise<void> {
    for (let at = 0; at < ids.length; at += SHEET_SLICE) {
      await this.publishRows(manager, companyId, await this.contacts.views(manager, companyId, ids.slice(at, at + SHEET_SLICE)));
    }
  }

  private async publishRows(manager: EntityManager, companyId: number, rows: ContactRow[]): Promise<void> {
    await this.outbox.addAll(
      manager,
      rows.map((row) => ({
        definition: contactSaved,
        companyId,
        key: `contact-${row.id}`,
        payload: { contact: mapContact(row), created: true },
      })),
    );
  }

  async delete(tenancy: Tenancy, id: number): Promise<void> {
    if (!can(tenancy, 'contacts-page:deleteContact')) throw new AppError('ERR_NO_PERMISSION', 'No permission');
    await this.contacts.transaction(async (manager) => {
      if (!(await this.contacts.delete(manager, tenancy.companyId, id))) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
      await this.outbox.add(manager, {
        definition: contactDeleted,
        companyId: tenancy.companyId,
        key: `contact-${id}`,
        payload: { contactId: id },
      });
    });
  }

  private async saved(manager: EntityManager, id: number, companyId: number, created: boolean): Promise<Contact> {
    const contact = mapContact(await this.find(manager, companyId, id));
    await this.outbox.add(manager, { definition: contactSaved, companyId, key: `contact-${id}`, payload: { contact, created } });
    return contact;
  }

  private async duplicate(companyId: number, number: string): Promise<AppError> {
    const existing = await this.contacts.withNumber(companyId, number);
    return new AppError('ERR_DUPLICATED_CONTACT', 'A contact with this number exists', {
      alreadyExists: true,
      existingContact: existing ? mapContact(existing) : null,
    });
  }

  private async find(manager: EntityManager | null, companyId: number, id: number): Promise<ContactRow> {
    const row = await this.contacts.view(manager, companyId, id);
    if (!row) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
    return row;
  }
}

/** Extra info rows keep their ids; new ones get the next. */
function withIds(extraInfo: { id?: number; name: string; value: string }[]) {
  let next = Math.max(0, ...extraInfo.map((item) => item.id ?? 0));
  return extraInfo.map((item) => ({ id: item.id ?? ++next, name: item.name, value: item.value }));
}
