import { MEDIA_UPLOAD_TYPES } from '@app/contracts';
import { acceptedUploadType, type FileStorage, MEDIA_ROUTE, mediaUrlOfKey, storageKeyName, storedFileName } from '@app/platform';

import type { OutgoingMedia } from './outbound-message.service';

export interface UploadedMedia {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
  size: number;
}

/** Where the WhatsApp service serves and loads a company's media from (its media route). */
export const WHATSAPP_MEDIA_ROUTE = MEDIA_ROUTE;

/**
 * Stores a file sent with a message (multipart `medias`) or a queue's media under the company,
 * where the WhatsApp service's media route serves it and its sender loads it: the two services share
 * the file storage (`STORAGE_DIR`), as whatsapp replicas do. The declared type must be accepted and
 * confirmed by the bytes; the key is ASCII, the name as sent is kept with the file.
 */
export async function storeOutgoingMedia(
  storage: FileStorage,
  companyId: number,
  file: UploadedMedia,
  field = 'medias',
): Promise<OutgoingMedia> {
  const type = acceptedUploadType(file, MEDIA_UPLOAD_TYPES, field);
  const fileName = storedFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'));
  const key = `companies/${companyId}/conversations/uploads/${storageKeyName(fileName)}`;
  await storage.put(key, file.buffer, type, { fileName });
  return { url: mediaUrlOfKey(key), mimetype: type, fileName };
}
