import { buffer } from 'node:stream/consumers';

import { API_MEDIA_TYPES, type ApiMediaFile, type ApiMediaInUse } from '@app/contracts';
import {
  acceptedUploadType,
  AppError,
  FILE_STORAGE,
  type FileStorage,
  type ListedFile,
  storageKeyName,
  storedFileName,
} from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { ConnectionRepository } from '../common/connection.repository';
import { mediaKeys, mediaUrl } from './media-store';

export interface ApiMediaUpload {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
}

const folderOf = (companyId: number) => `companies/${companyId}/whatsapp/api-medias`;

const isApiMediaType = (type: string) => (API_MEDIA_TYPES as readonly string[]).includes(type);

/**
 * The images and videos a company uploaded for its connections' API media positions (spec 1,
 * Connections), kept under their own folder so agents' chat attachments never show up among them.
 * A position holds a file's name; the same name uploaded again is a newer version of that file.
 */
@Injectable()
export class ApiMediaLibrary {
  /**
   * Held names already looked for among the earlier uploads: one found was copied, one not found
   * never will be (the card uploads to the folder since), so the uploads are read once per name.
   */
  private readonly searched = new Set<string>();

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly connections: ConnectionRepository,
  ) {}

  /**
   * One entry per name, its newest upload, newest first. A name a position holds that the folder
   * lacks was uploaded before the folder existed: it is brought in from the uploads (see `adopt`).
   */
  async list(companyId: number): Promise<ApiMediaFile[]> {
    let byName = newestByName(await this.storage.list(folderOf(companyId)));
    const missing = (await this.connections.apiMediaNamesHeld(companyId)).filter(
      (name) => !byName.has(name) && !this.searched.has(searchKey(companyId, name)),
    );
    if (missing.length > 0) {
      const adopted = await this.adopt(companyId, new Set(missing));
      for (const name of missing) this.searched.add(searchKey(companyId, name));
      if (adopted > 0) byName = newestByName(await this.storage.list(folderOf(companyId)));
    }
    return [...byName.values()].map(entryOf);
  }

  async names(companyId: number): Promise<Set<string>> {
    return new Set((await this.list(companyId)).map((file) => file.name));
  }

  /** An image or video whose bytes confirm its declared type; spaces in its name become underscores. */
  async upload(companyId: number, file: ApiMediaUpload): Promise<ApiMediaFile> {
    const type = acceptedUploadType(file, API_MEDIA_TYPES, 'file');
    const fileName = storedFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'));
    const key = `${folderOf(companyId)}/${storageKeyName(fileName)}`;
    const stored = await this.storage.put(key, file.buffer, type, { fileName });
    return entryOf({ ...stored, fileName, storedAt: new Date() });
  }

  /**
   * Removes every version of the name. Refused with 409 ERR_API_MEDIA_IN_USE, naming the
   * connections and positions, while a position holds it: the position is what an integration's
   * API send attaches, and emptying it behind the admin's back would change what customers get.
   * Under the lock connection changes take, so no position can take the name meanwhile.
   */
  async delete(companyId: number, name: string): Promise<void> {
    await this.connections.transaction(async (manager) => {
      await this.connections.lockCompany(manager, companyId);
      const holders = await this.connections.apiMediaHolders(manager, companyId, name);
      if (holders.length > 0) {
        const details: ApiMediaInUse = { connections: holders };
        throw new AppError(
          'ERR_API_MEDIA_IN_USE',
          `'${name}' is in use: ${holders.map((holder) => `${holder.name} (${holder.positions.join(', ')})`).join('; ')}`,
          details,
        );
      }
      const versions = (await this.storage.list(folderOf(companyId))).filter((file) => file.fileName === name);
      if (versions.length === 0) throw new AppError('ERR_NOT_FOUND', 'API media not found');
      for (const version of versions) await this.storage.delete(version.key);
    });
  }

  /**
   * Copies into the folder the newest image or video among the company's earlier uploads for each
   * missing name (the card uploaded them with the chat attachments before this folder existed);
   * answers how many it copied. Names found nowhere stay missing (the card shows them as such).
   */
  private async adopt(companyId: number, missing: ReadonlySet<string>): Promise<number> {
    const found = newestByName((await this.storage.list(mediaKeys.uploads(companyId))).filter((file) => missing.has(file.fileName ?? '')));
    let adopted = 0;
    for (const [fileName, file] of found) {
      const content = await this.storage.get(file.key);
      if (!content) continue; // deleted meanwhile
      await this.storage.put(`${folderOf(companyId)}/${storageKeyName(fileName)}`, await buffer(content.stream), file.contentType, {
        fileName,
      });
      adopted += 1;
    }
    return adopted;
  }
}

const searchKey = (companyId: number, name: string) => `${companyId}/${name}`;

/** The newest image or video of each name, newest first. */
function newestByName(files: ListedFile[]): Map<string, ListedFile> {
  const usable = files.filter((file) => file.fileName && isApiMediaType(file.contentType));
  usable.sort((a, b) => b.storedAt.getTime() - a.storedAt.getTime() || b.key.localeCompare(a.key));
  const byName = new Map<string, ListedFile>();
  for (const file of usable) {
    if (!byName.has(file.fileName!)) byName.set(file.fileName!, file);
  }
  return byName;
}

function entryOf(file: ListedFile): ApiMediaFile {
  return {
    name: file.fileName!,
    type: file.contentType.startsWith('video/') ? 'video' : 'image',
    mimetype: file.contentType,
    size: file.size,
    uploadedAt: file.storedAt.toISOString(),
    url: mediaUrl(file.key),
  };
}
