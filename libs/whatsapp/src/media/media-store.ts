import type { StoredMedia } from '@app/contracts';
import {
  companyMediaKey,
  FILE_STORAGE,
  type FileStorage,
  mediaUrlOfKey,
  storageKeyName,
  type StoredFile,
  storedFileName,
  typeOfReceived,
} from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

export { companyOfKey, MEDIA_ROUTE } from '@app/platform';

/**
 * Storage keys of this service's files: always under the owning company, the name in ASCII after a
 * unique part (the name as sent is kept with the file and in the message).
 */
export const mediaKeys = {
  received: (companyId: number, connectionId: number, messageId: string, fileName: string) =>
    `companies/${companyId}/whatsapp/${connectionId}/${storageKeyName(fileName, safeId(messageId))}`,
  uploaded: (companyId: number, fileName: string) => `companies/${companyId}/whatsapp/uploads/${storageKeyName(fileName)}`,
  /** The folder of a company's uploads for sends (and, before they had their own, its API media). */
  uploads: (companyId: number) => `companies/${companyId}/whatsapp/uploads`,
  simulatorInbound: (companyId: number, connectionId: number, messageId: string, fileName: string) =>
    `companies/${companyId}/whatsapp/${connectionId}/simulator/${storageKeyName(fileName, safeId(messageId))}`,
};

/** WhatsApp message ids are hex or alphanumeric; anything else is dropped from the key. */
const safeId = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64) || 'message';

export const mediaUrl = mediaUrlOfKey;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'application/pdf': 'pdf',
};

/** Received media and uploads in the platform's file storage, referenced by URL. */
@Injectable()
export class MediaStore {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  /**
   * A customer's file: stored under the type its bytes are (the sender's mimetype is only a claim),
   * so an "image" holding SVG or HTML is kept, and later served, as what it is.
   */
  async storeReceived(
    companyId: number,
    connectionId: number,
    messageId: string,
    bytes: Buffer,
    mimetype: string,
    fileName: string,
  ): Promise<StoredMedia> {
    const type = typeOfReceived(mimetype || 'application/octet-stream', bytes);
    const name = storedFileName(fileName || `${messageId}.${EXTENSIONS[type.split(';')[0]!.trim()] ?? 'bin'}`);
    const key = mediaKeys.received(companyId, connectionId, messageId, name);
    const stored = await this.storage.put(key, bytes, type, { fileName: name });
    return { url: mediaUrl(key), mimetype: type, fileName: name, size: stored.size };
  }

  async put(key: string, bytes: Buffer, contentType: string, fileName?: string): Promise<StoredFile> {
    return this.storage.put(key, bytes, contentType, { fileName });
  }

  /** The bytes of a media URL of the given company; refuses another company's files. */
  async load(companyId: number, url: string): Promise<Buffer> {
    const key = companyMediaKey(url, companyId);
    if (!key) throw new Error(`media ${url} is not a file of company ${companyId}`);
    const file = await this.storage.get(key);
    if (!file) throw new Error(`media ${url} does not exist`);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
