import { randomUUID } from 'node:crypto';
import { MEDIA_UPLOAD_TYPES } from '@app/contracts';
import { AppError, storedFileName, type FileStorage } from '@app/platform';
import type { OutgoingMedia } from './outbound-message.service';

export interface UploadedMedia {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
  size: number;
}

/** Where the WhatsApp service serves and loads a company's media from (its media route). */
export const WHATSAPP_MEDIA_ROUTE = '/api/whatsapp-media/';

/**
 * Stores a file sent with a message (multipart `medias`) under the company, where the WhatsApp
 * service's media route serves it and its sender loads it: the two services share the file storage
 * (`STORAGE_DIR`), as whatsapp replicas do.
 */
export async function storeOutgoingMedia(storage: FileStorage, companyId: number, file: UploadedMedia): Promise<OutgoingMedia> {
  const type = file.mimetype.split(';')[0]!.trim().toLowerCase();
  if (!(MEDIA_UPLOAD_TYPES as readonly string[]).includes(type)) {
    throw new AppError('ERR_VALIDATION', `Files of type ${file.mimetype} are not accepted`, {
      fields: [{ path: 'medias', message: 'tipo de arquivo não permitido' }],
    });
  }
  const fileName = storedFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'));
  const key = `companies/${companyId}/conversations/uploads/${randomUUID()}-${fileName}`;
  await storage.put(key, file.buffer, type);
  return { url: `${WHATSAPP_MEDIA_ROUTE}${key}`, mimetype: type, fileName };
}
