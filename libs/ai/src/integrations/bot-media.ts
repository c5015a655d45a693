import { FILE_STORAGE, type FileStorage, mediaUrlOfKey, OutboundUrlGuard, storageKeyName, storedFileName } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { guardedFetch } from '../common/guarded-fetch';
import { type ChatbotMedia, type ChatbotMessage, type StoredBotMedia } from './protocols';
import { fileNameIn, mediaTypeOf } from './protocols/protocol-replies';

/**
 * The largest file of each kind, WhatsApp's own limits for what a business sends (images 5 MB, audio
 * and video 16 MB, documents 100 MB): a larger one would be refused by WhatsApp after the download.
 */
export const BOT_MEDIA_MAX_BYTES: Record<ChatbotMedia['mediaType'], number> = {
  image: 5 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  video: 16 * 1024 * 1024,
  document: 100 * 1024 * 1024,
};
/** How long one file may take to download, the answer's other media meanwhile (they download together). */
export const BOT_MEDIA_TIMEOUT_MS = 20_000;

const MIME = /^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/;
const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  txt: 'text/plain',
  zip: 'application/zip',
};

/** Why a bot's media is sent as its link instead (logged, never shown to the customer). */
class UnsendableMedia extends Error {}

/** The content type the server declared, or the one the file's name says when it declared none usable. */
function mimetypeOf(declared: string | null, name: string): string | undefined {
  const type = declared?.split(';')[0]?.trim().toLowerCase();
  if (type && MIME.test(type) && type !== 'application/octet-stream' && type !== 'binary/octet-stream') return type;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) ?? (type && MIME.test(type) ? type : undefined);
}

/** The body, refused once it passes `max` bytes (read as it streams: a lying or absent content-length changes nothing). */
async function bodyUpTo(response: Response, max: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw new UnsendableMedia(`larger than ${max} bytes (${declared})`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    size += read.value.byteLength;
    if (size > max) {
      await reader!.cancel();
      throw new UnsendableMedia(`larger than ${max} bytes`);
    }
    chunks.push(Buffer.from(read.value));
  }
  return Buffer.concat(chunks);
}

/**
 * A chatbot's media (an image, audio, video or document the bot answered by URL) as real WhatsApp
 * media: downloaded through the outbound URL guard (a bot cannot make the platform fetch from its own
 * network), within the kind's size limit and a timeout, and kept in the company's media storage where
 * whatsapp's sender loads it from (as the assistants' voice notes are). A media that cannot be (the
 * guard refuses its URL, the server fails, it is too large, it is not what the bot said) stays as it
 * was and goes as its caption and link: the customer still gets it.
 */
@Injectable()
export class BotMedia {
  private readonly logger = new Logger(BotMedia.name);
  private readonly fetch: typeof fetch;

  constructor(
    guard: OutboundUrlGuard,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {
    this.fetch = guardedFetch(guard);
  }

  /** The reply's messages with each media downloaded and stored (`stored`), all at once; the others as they were. */
  async store(companyId: number, integrationId: number, messages: ChatbotMessage[]): Promise<ChatbotMessage[]> {
    return Promise.all(
      messages.map(async (message) => {
        if (message.kind !== 'media') return message;
        // Only what this download stored is trusted as stored.
        const { stored: _ignored, ...media } = message;
        try {
          return { ...media, stored: await this.download(companyId, media) };
        } catch (error) {
          const reason = error instanceof Error ? `${error.name === 'TimeoutError' ? 'timeout: ' : ''}${error.message}` : String(error);
          this.logger.warn({ companyId, integrationId, mediaType: media.mediaType, reason }, 'a bot media goes as its link');
          return media;
        }
      }),
    );
  }

  private async download(companyId: number, media: ChatbotMedia): Promise<StoredBotMedia> {
    const url = new URL(media.url);
    const response = await this.fetch(url.href, { signal: AbortSignal.timeout(BOT_MEDIA_TIMEOUT_MS) });
    if (!response.ok) {
      await response.body?.cancel();
      throw new UnsendableMedia(`answered ${response.status}`);
    }
    const data = await bodyUpTo(response, BOT_MEDIA_MAX_BYTES[media.mediaType]);
    if (data.length === 0) throw new UnsendableMedia('empty');
    const named = media.fileName?.trim() || fileNameIn(url.href) || media.mediaType;
    const mimetype = mimetypeOf(response.headers.get('content-type'), named);
    if (!mimetype) throw new UnsendableMedia('no content type');
    const kind = mediaTypeOf(mimetype) ?? 'document';
    // An "image" that is a web page is not sent as a file the customer did not expect.
    if (media.mediaType !== 'document' && kind !== media.mediaType) throw new UnsendableMedia(`${media.mediaType} answered as ${mimetype}`);
    const fileName = storedFileName(named);
    const key = `companies/${companyId}/ai/bot-media/${storageKeyName(fileName)}`;
    await this.storage.put(key, data, mimetype, { fileName });
    return { mediaUrl: mediaUrlOfKey(key), mimetype, fileName, kind };
  }
}
