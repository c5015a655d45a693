import { API_MEDIA_TYPES, type ApiMediaFile } from '@app/contracts';
import { acceptedUploadType, FILE_STORAGE, type FileStorage, type ListedFile, storageKeyName, storedFileName } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { mediaUrl } from './media-store';

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
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  /** One entry per name, its newest upload, newest first. */
  async list(companyId: number): Promise<ApiMediaFile[]> {
    const files = (await this.storage.list(folderOf(companyId))).filter((file) => file.fileName && isApiMediaType(file.contentType));
    files.sort((a, b) => b.storedAt.getTime() - a.storedAt.getTime() || b.key.localeCompare(a.key));
    const byName = new Map<string, ApiMediaFile>();
    for (const file of files) {
      if (!byName.has(file.fileName!)) byName.set(file.fileName!, entryOf(file));
    }
    return [...byName.values()];
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
