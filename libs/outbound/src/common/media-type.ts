import type { FileListMediaType } from '@app/contracts';

/** The kind of media WhatsApp is asked to send a file of this mimetype as (campaign attachments, file lists, appointment messages). */
export const mediaTypeOf = (mimetype: string): FileListMediaType =>
  mimetype.startsWith('image/') ? 'image' : mimetype.startsWith('audio/') ? 'audio' : mimetype.startsWith('video/') ? 'video' : 'document';
