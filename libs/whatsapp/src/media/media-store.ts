import { randomUUID } from 'node:crypto';
import { storedFileName, type FileStorage, type StoredFile } from '@app/platform';
import type { StoredMedia } from '@app/contracts';

export const MEDIA_ROUTE = '/api/whatsapp-media/';

/** Storage keys of this service's files: always under the owning company. */
export const mediaKeys = {
  received: (companyId: number, connectionId: number, messageId: string, fileName: string) =>
    `companies/${companyId}/whatsapp/${connectionId}/${messageId}-${storedFileName(fileName)}`,
  uploaded: (companyId: number, fileName: string) => `companies/${companyId}/whatsapp/uploads/${randomUUID()}-${storedFileName(fileName)}`,
  simulatorInbound: (companyId: number, connectionId: number, messageId: string, fileName: string) =>
    `companies/${companyId}/whatsapp/${connectionId}/simulator/${messageId}-${storedFileName(fileName)}`,
};

export const mediaUrl = (key: string) => `${MEDIA_ROUTE}${key}`;

/** The storage key behind a media URL, or null when the URL is not one of ours. */
export function keyOfMediaUrl(url: string): string | null {
  const path = url.startsWith('http') ? new URL(url).pathname : url;
  return path.startsWith(MEDIA_ROUTE) ? decodeURIComponent(path.slice(MEDIA_ROUTE.length)) : null;
}

/** The company a key belongs to (`companies/{id}/...`), or null. */
export function companyOfKey(key: string): number | null {
  const match = /^companies\/(\d+)\//.exec(key);
  return match ? Number(match[1]) : null;
}

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
export class MediaStore {
  constructor(private readonly storage: FileStorage) {}

  async storeReceived(companyId: number, connectionId: number, messageId: string, bytes: Buffer, mimetype: string, fileName: string): Promise<StoredMedia> {
    const type = mimetype.split(';')[0].trim() || 'application/octet-stream';
    const name = fileName || `${messageId}.${EXTENSIONS[type] ?? 'bin'}`;
    const key = mediaKeys.received(companyId, connectionId, messageId, name);
    const stored = await this.storage.put(key, bytes, mimetype);
    return { url: mediaUrl(key), mimetype, fileName: storedFileName(name), size: stored.size };
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<StoredFile> {
    return this.storage.put(key, bytes, contentType);
  }

  /** The bytes of a media URL of the given company; refuses another company's files. */
  async load(companyId: number, url: string): Promise<Buffer> {
    const key = keyOfMediaUrl(url);
    if (!key || companyOfKey(key) !== companyId) throw new Error(`media ${url} is not a file of company ${companyId}`);
    const file = await this.storage.get(key);
    if (!file) throw new Error(`media ${url} does not exist`);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
