import {
  FILE_LISTS_PAGE_SIZE,
  type FileListBody,
  fileListDeleted,
  type FileListMediaType,
  type FileListPageResponse,
  type FileListRecord,
  fileListSaved,
  MEDIA_UPLOAD_TYPES,
  OUTBOUND_MESSAGES,
} from '@app/contracts';
import {
  acceptedUploadType,
  AppError,
  FILE_STORAGE,
  type FileStorage,
  mediaUrlOfKey,
  OutboxWriter,
  storageKeyName,
  storedFileName,
  type Tenancy,
} from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { mediaTypeOf } from '../../common/media-type';
import { FileListRepository, mapFileList } from './file-list.repository';

export interface UploadedFile {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
  size: number;
}

const notFound = () => new AppError('ERR_NOT_FOUND', 'File list not found');

/** A multipart field sent once or repeated, as a list. */
const many = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * File lists of the caller's company (spec 2): any user of the company reads and changes them;
 * another company's is not found (404). Attachments are stored where the whatsapp service sends them from.
 */
@Injectable()
export class FileListService {
  constructor(
    private readonly fileLists: FileListRepository,
    private readonly outbox: OutboxWriter,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async page(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<FileListPageResponse> {
    const { rows, count } = await this.fileLists.page(tenancy.companyId, searchParam, pageNumber);
    return { files: rows.map(mapFileList), count, hasMore: (pageNumber - 1) * FILE_LISTS_PAGE_SIZE + rows.length < count };
  }

  async get(tenancy: Tenancy, id: number): Promise<FileListRecord> {
    const row = await this.fileLists.view(null, tenancy.companyId, id);
    if (!row) throw notFound();
    return mapFileList(row);
  }

  async create(tenancy: Tenancy, body: Required<Pick<FileListBody, 'name' | 'message'>> & FileListBody): Promise<FileListRecord> {
    return this.fileLists.transaction(async (manager) => {
      const id = await this.fileLists.insert(manager, tenancy.companyId, tenancy.userId, body);
      await this.fileLists.replaceOptions(manager, id, body.options ?? []);
      return this.announce(manager, tenancy.companyId, id, true);
    });
  }

  async update(
    tenancy: Tenancy,
    id: number,
    body: Required<Pick<FileListBody, 'name' | 'message'>> & FileListBody,
  ): Promise<FileListRecord> {
    return this.fileLists.transaction(async (manager) => {
      if (!(await this.fileLists.update(manager, tenancy.companyId, id, body))) throw notFound();
      await this.fileLists.replaceOptions(manager, id, body.options ?? []);
      return this.announce(manager, tenancy.companyId, id, false);
    });
  }

  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    await this.fileLists.transaction(async (manager) => {
      if (!(await this.fileLists.delete(manager, tenancy.companyId, id))) throw notFound();
      await this.outbox.add(manager, {
        definition: fileListDeleted,
        companyId: tenancy.companyId,
        key: `file-list-${id}`,
        payload: { fileListId: id },
      });
    });
    return { message: 'File list deleted' };
  }

  /**
   * POST /files/uploadList/{id}: each file (an accepted type confirmed by its bytes) becomes the file
   * of the option named by the `id` at its position, or of a new option (named by `name`, else the
   * file's name). Every file is checked before any is stored.
   */
  async upload(
    tenancy: Tenancy,
    id: number,
    files: UploadedFile[] | undefined,
    fields: { id?: string | string[]; name?: string | string[] },
  ): Promise<FileListRecord> {
    if (!files?.length) {
      throw new AppError('ERR_VALIDATION', 'files are required', {
        fields: [{ path: 'files', message: OUTBOUND_MESSAGES.genericRequired }],
      });
    }
    if (!(await this.fileLists.view(null, tenancy.companyId, id))) throw notFound();
    const types = files.map((file) => acceptedUploadType(file, MEDIA_UPLOAD_TYPES, 'files'));
    const optionIds = many(fields.id);
    const names = many(fields.name);
    const stored: { path: string; mimetype: string; mediaType: FileListMediaType; fileName: string }[] = [];
    for (const [index, file] of files.entries()) {
      const fileName = storedFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'));
      const key = `companies/${tenancy.companyId}/outbound/files/${storageKeyName(fileName)}`;
      await this.storage.put(key, file.buffer, types[index]!, { fileName });
      stored.push({ path: mediaUrlOfKey(key), mimetype: types[index]!, mediaType: mediaTypeOf(types[index]!), fileName });
    }
    return this.fileLists.transaction(async (manager) => {
      if (!(await this.fileLists.lock(manager, tenancy.companyId, id))) throw notFound();
      for (const [index, file] of stored.entries()) {
        const name = names[index]?.trim() || null;
        const optionId = Number(optionIds[index]);
        const attached =
          Number.isInteger(optionId) && optionId > 0 && (await this.fileLists.setOptionFile(manager, id, optionId, { ...file, name }));
        if (!attached) {
          const created = await this.fileLists.insertOption(manager, id, (name ?? file.fileName).slice(0, 255));
          await this.fileLists.setOptionFile(manager, id, created, { ...file, name: null });
        }
      }
      await this.fileLists.touch(manager, id);
      return this.announce(manager, tenancy.companyId, id, false);
    });
  }

  private async announce(manager: EntityManager, companyId: number, id: number, created: boolean): Promise<FileListRecord> {
    const fileList = mapFileList((await this.fileLists.view(manager, companyId, id))!);
    await this.outbox.add(manager, { definition: fileListSaved, companyId, key: `file-list-${id}`, payload: { fileList, created } });
    return fileList;
  }
}
