import path from 'node:path';
import type { Response } from 'express';
import type { FileContent } from '@app/platform';

/** The part of a multer file we use (memory storage). */
export interface UploadedFileLike {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;

export type ImageKind = 'png' | 'jpeg' | 'ico' | 'svg';

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
};

const EXTENSION_KINDS: Record<string, ImageKind> = { '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg', '.ico': 'ico', '.svg': 'svg' };

/** What the bytes are, whatever the name or the browser's claimed type says. */
export function detectImageKind(buffer: Buffer): ImageKind | null {
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.length >= 4 && buffer.readUInt32BE(0) === 0x00000100) return 'ico';
  const head = buffer.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

/** Multer reads multipart file names as latin1; browsers send UTF-8. */
export const uploadedName = (file: UploadedFileLike) => Buffer.from(file.originalname, 'latin1').toString('utf8');

/**
 * The kind of an upload whose extension is one of `allowed` and whose bytes are of that same kind;
 * null otherwise (a renamed file, or a type not allowed).
 */
export function acceptedImageKind(file: UploadedFileLike, allowed: readonly string[]): ImageKind | null {
  const extension = path.extname(uploadedName(file)).toLowerCase();
  if (!allowed.includes(extension)) return null;
  const kind = detectImageKind(file.buffer);
  return kind && kind === EXTENSION_KINDS[extension] ? kind : null;
}

/** Sends a stored file with headers that keep it inert (an SVG never runs scripts in our origin). */
export function sendStoredFile(response: Response, file: FileContent, cacheSeconds: number): void {
  response.setHeader('Content-Type', file.contentType);
  response.setHeader('Content-Length', String(file.size));
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  response.setHeader('Cache-Control', `public, max-age=${cacheSeconds}`);
  file.stream.pipe(response);
}
