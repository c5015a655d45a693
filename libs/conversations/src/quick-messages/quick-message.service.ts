import {
  can,
  CONVERSATIONS_MESSAGES,
  QUICK_MESSAGES_PAGE_SIZE,
  type QuickMessage,
  quickMessageChanged,
  type QuickMessageCreateBody,
  type QuickMessagePageResponse,
  type QuickMessageUpdateBody,
} from '@app/contracts';
import { AppError, FILE_STORAGE, type FileStorage, OutboxWriter, type Tenancy } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { storeOutgoingMedia, type UploadedMedia } from '../sending/media-upload';
import {
  isShortcodeTaken,
  mapQuickMessage,
  type QuickMessageReader,
  QuickMessageRepository,
  type QuickMessageRow,
} from './quick-message.repository';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Quick message not found');
/** Refused as a tag's taken name is: the field and its text. */
const shortcodeTaken = () =>
  new AppError('ERR_VALIDATION', 'A quick message with this shortcode exists', {
    fields: [{ path: 'shortcode', message: CONVERSATIONS_MESSAGES.quickMessageShortcodeExists }],
  });

/** The work, with the database's refusal of a taken shortcode answered as a validation error. */
async function refusingTakenShortcode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isShortcodeTaken(error) ? shortcodeTaken() : error;
  }
}

/**
 * Quick messages (spec 2, docs/permissions.md): a user reads their own and the general ones and
 * changes only their own private ones; admins and supervisors (quick-messages:editAny) read and
 * change any of the company; only admins make one general (quick-messages:setGeneral), others'
 * `geral` is ignored. Another company's quick message, or another user's private one seen by a
 * user, is not found (404).
 */
@Injectable()
export class QuickMessageService {
  constructor(
    private readonly quickMessages: QuickMessageRepository,
    private readonly outbox: OutboxWriter,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async page(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<QuickMessagePageResponse> {
    const { rows, count } = await this.quickMessages.page(readerOf(tenancy), searchParam, pageNumber);
    return { records: rows.map(mapQuickMessage), count, hasMore: (pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE + rows.length < count };
  }

  async list(tenancy: Tenancy): Promise<QuickMessage[]> {
    return (await this.quickMessages.suggestions(tenancy.companyId, tenancy.userId)).map(mapQuickMessage);
  }

  async get(tenancy: Tenancy, id: number): Promise<QuickMessage> {
    const row = await this.quickMessages.findReadable(readerOf(tenancy), id);
    if (!row) throw notFound();
    return mapQuickMessage(row);
  }

  /**
   * A shortcode may be used once among the quick messages one user picks from: their own and the
   * general ones (migration 1732500001330); another's private one of the same shortcode is no clash.
   */
  async create(tenancy: Tenancy, body: QuickMessageCreateBody): Promise<QuickMessage> {
    return refusingTakenShortcode(() =>
      this.quickMessages.transaction(async (manager) => {
        const row = await this.quickMessages.insert(manager, tenancy.companyId, tenancy.userId, {
          shortcode: body.shortcode,
          message: body.message ?? '',
          geral: can(tenancy, 'quick-messages:setGeneral') ? ((body.geral ?? false) as boolean) : false,
          status: (body.status ?? true) as boolean,
        });
        return this.announce(manager, row, 'create');
      }),
    );
  }

  async update(tenancy: Tenancy, id: number, body: QuickMessageUpdateBody): Promise<QuickMessage> {
    return refusingTakenShortcode(() =>
      this.quickMessages.transaction(async (manager) => {
        const current = await this.editable(manager, tenancy, id);
        const row = await this.quickMessages.update(manager, id, {
          shortcode: body.shortcode ?? current.shortcode,
          message: body.message ?? current.message,
          geral: body.geral !== undefined && can(tenancy, 'quick-messages:setGeneral') ? (body.geral as boolean) : current.geral,
          status: (body.status ?? current.status) as boolean,
        });
        return this.announce(manager, row, 'update');
      }),
    );
  }

  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    await this.quickMessages.transaction(async (manager) => {
      await this.editable(manager, tenancy, id);
      await this.quickMessages.delete(manager, id);
      await this.outbox.add(manager, {
        definition: quickMessageChanged,
        companyId: tenancy.companyId,
        key: `quick-message-${id}`,
        payload: { quickMessageId: id, action: 'delete' },
      });
    });
    return { message: CONVERSATIONS_MESSAGES.quickMessageDeleted };
  }

  /**
   * POST /quick-messages/:id/media-upload (multipart `file`, `typeArch=quickMessage`): the file (an
   * accepted media type confirmed by its bytes, spaces in its name made underscores) becomes the
   * quick message's one attachment. A replaced file is kept: messages sent with it point at it.
   */
  async attachMedia(tenancy: Tenancy, id: number, file: UploadedMedia | undefined): Promise<QuickMessage> {
    if (!file)
      throw new AppError('ERR_VALIDATION', 'file is required', { fields: [{ path: 'file', message: CONVERSATIONS_MESSAGES.required }] });
    // Refused before anything is stored.
    await this.quickMessages.transaction((manager) => this.editable(manager, tenancy, id));
    const media = await storeOutgoingMedia(this.storage, tenancy.companyId, file, 'file');
    return this.quickMessages.transaction(async (manager) => {
      await this.editable(manager, tenancy, id);
      const row = await this.quickMessages.setMedia(manager, id, { path: media.url, name: media.fileName, type: media.mimetype });
      return this.announce(manager, row, 'update');
    });
  }

  /** DELETE /quick-messages/:id/media-upload: no attachment any more (the file stays for messages sent with it). */
  async detachMedia(tenancy: Tenancy, id: number): Promise<QuickMessage> {
    return this.quickMessages.transaction(async (manager) => {
      await this.editable(manager, tenancy, id);
      return this.announce(manager, await this.quickMessages.setMedia(manager, id, null), 'update');
    });
  }

  /** The quick message, locked, when the caller may change it: 404 when they may not read it, 403 when they only read it. */
  private async editable(manager: EntityManager, tenancy: Tenancy, id: number): Promise<QuickMessageRow> {
    const reader = readerOf(tenancy);
    const row = await this.quickMessages.lockReadable(manager, reader, id);
    if (!row) throw notFound();
    if (!reader.all && (row.geral || row.user_id !== tenancy.userId)) {
      throw new AppError('ERR_NO_PERMISSION', 'Only admins and supervisors change general quick messages');
    }
    return row;
  }

  private async announce(manager: EntityManager, row: QuickMessageRow, action: 'create' | 'update'): Promise<QuickMessage> {
    await this.outbox.add(manager, {
      definition: quickMessageChanged,
      companyId: row.company_id,
      key: `quick-message-${row.id}`,
      payload: { quickMessageId: row.id, action },
    });
    return mapQuickMessage(row);
  }
}

function readerOf(tenancy: Tenancy): QuickMessageReader {
  return { companyId: tenancy.companyId, userId: tenancy.userId, all: can(tenancy, 'quick-messages:editAny') };
}
