import path from 'node:path';

import { type FileContent, sendStoredFile as sendPlatformStoredFile, sniff, type SniffedFamily } from '@app/platform';
import type { Response } from 'express';

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

const KIND_OF_FAMILY: Partial<Record<SniffedFamily, ImageKind>> = { png: 'png', jpeg: 'jpeg', ico: 'ico', svg: 'svg' };

/** What the bytes are (the platform's sniffing), whatever the name or the browser's claimed type says. */
export function detectImageKind(buffer: Buffer): ImageKind | null {
  return KIND_OF_FAMILY[sniff(buffer)] ?? null;
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

/**
 * Sends a stored file through the platform's one way of serving files: images inline, an SVG as an
 * attachment under a sandboxing CSP (an <img> still shows it; opened, it runs nothing in our origin).
 */
export function sendStoredFile(response: Response, file: FileContent, cacheSeconds: number): Promise<void> {
  return sendPlatformStoredFile(response, file, { cacheControl: `public, max-age=${cacheSeconds}` });
}
