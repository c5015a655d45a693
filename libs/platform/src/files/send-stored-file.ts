import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { Response } from 'express';

import type { FileContent } from '../storage/file-storage';
import { baseType, servesInline } from './file-type';

/** What an active or unknown file is served with: it downloads, and if opened anyway runs nothing. */
export const ATTACHMENT_CSP = "sandbox; default-src 'none'";

export interface SendStoredFileOptions {
  /** The name the user sees; defaults to the name kept with the file, else the key's last part. */
  fileName?: string | null;
  cacheControl: string;
}

/**
 * The one way a stored file leaves the server. Inert media whose bytes confirm their type (images,
 * audio, video, PDF) go inline; anything else (SVG, HTML, XML, scripts, unknown bytes) goes as an
 * attachment under a sandboxing CSP. Always nosniff, and the name RFC 5987-encoded.
 */
export async function sendStoredFile(response: Response, file: FileContent, options: SendStoredFileOptions): Promise<void> {
  const { head, stream } = await peek(file.stream);
  const inline = servesInline(file.contentType, head);
  const name = options.fileName || file.fileName || file.key.split('/').pop() || 'file';
  response.setHeader('Content-Type', inline ? file.contentType : activeSafeType(file.contentType));
  response.setHeader('Content-Length', String(file.size));
  response.setHeader('Cache-Control', options.cacheControl);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', name));
  if (!inline) response.setHeader('Content-Security-Policy', ATTACHMENT_CSP);
  // Chrome's PDF viewer does not open under the app's `object-src 'none'`; it runs outside our origin.
  else if (baseType(file.contentType) === 'application/pdf') response.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
  await pipeline(stream, response).catch(() => undefined); // a client that goes away mid-file
}

/** Types with a charset keep it; a stored type that is not a valid token becomes a plain download. */
function activeSafeType(contentType: string): string {
  return /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w-]+=[\w."-]+)*$/.test(contentType.trim()) ? contentType.trim() : 'application/octet-stream';
}

/** `inline; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 with RFC 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%]/g, '_')
      .trim() || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The first chunk of a stream, and a stream that still yields every byte. */
async function peek(source: Readable): Promise<{ head: Buffer; stream: Readable }> {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : Buffer.from(first.value);
  async function* all(): AsyncGenerator<Buffer> {
    try {
      if (!first.done) yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      source.destroy();
    }
  }
  return { head, stream: Readable.from(all(), { objectMode: false }) };
}
