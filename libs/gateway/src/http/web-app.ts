import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { contentSecurityPolicy, cspHeader } from '@app/platform';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

const NOT_SPA = /^\/(api|socket\.io|health|ready|metrics)(\/|$)/;

/** Vite writes every file of the bundle under assets/ with its content's hash in the name. */
const HASHED_FOLDER = 'assets';
/** A hashed file never changes under its name: browsers and proxies keep it a year without asking. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the public files (favicon...) keep their names across builds: asked again each time (304 when unchanged). */
export const REVALIDATE = 'no-cache';

/** The encodings the build writes beside each file (web/vite.config.ts), in the order we prefer them. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
export type WebEncoding = (typeof ENCODINGS)[number]['name'];

/** The CSP hashes (`sha256-...`) of the inline scripts of a page (index.html sets the colour mode before paint). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1]!)
    .filter((body) => body.length > 0)
    .map((body) => `sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
}

/**
 * The encoding to answer with, of those `available`, by the request's Accept-Encoding (RFC 9110
 * 12.5.3): the highest q wins, brotli before gzip at equal q; `*` stands for codings not named; q=0
 * refuses one. Null: send the file as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly WebEncoding[]): WebEncoding | null {
  if (!acceptEncoding || available.length === 0) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((token) => token.trim());
    if (!coding) continue;
    const q = parameters.map((parameter) => /^q=([0-9.]+)$/i.exec(parameter)?.[1]).find((value) => value !== undefined);
    quality.set(coding.toLowerCase(), q === undefined ? 1 : Number(q) || 0);
  }
  let best: WebEncoding | null = null;
  let bestQuality = 0;
  for (const encoding of available) {
    const q = quality.get(encoding) ?? (encoding === 'gzip' ? quality.get('x-gzip') : undefined) ?? quality.get('*') ?? 0;
    if (q > bestQuality) [best, bestQuality] = [encoding, q];
  }
  return best;
}

/**
 * The built file a request's path names, or null: none there, a folder, a dot-file, a path that
 * leaves the folder, or a precompressed copy (`x.js.br` is a way to send x.js, not a file of its own).
 */
function webFile(webDist: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  const segments = decoded.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((segment) => segment.startsWith('.') || segment.includes('\0') || segment.includes('\\'))) {
    return null;
  }
  const file = path.join(webDist, ...segments);
  if (ENCODINGS.some(({ suffix }) => file.endsWith(suffix) && existsSync(file.slice(0, -suffix.length)))) return null;
  return statSync(file, { throwIfNoEntry: false })?.isFile() ? file : null;
}

/**
 * Sends a built file in the encoding the browser takes best among the precompressed copies beside it
 * (`Vary: Accept-Encoding` when there is a choice), with the original's Content-Type and the given
 * Cache-Control. send() answers conditional requests (ETag, Last-Modified) and HEAD.
 */
function sendWebFile(request: Request, response: Response, next: NextFunction, file: string, cacheControl: string): void {
  const available = ENCODINGS.filter(({ suffix }) => existsSync(file + suffix));
  const encoding = chooseEncoding(
    request.headers['accept-encoding'],
    available.map(({ name }) => name),
  );
  const chosen = available.find(({ name }) => name === encoding);
  if (available.length > 0) response.vary('Accept-Encoding');
  response.setHeader('Cache-Control', cacheControl);
  response.type(path.extname(file));
  if (chosen) response.setHeader('Content-Encoding', chosen.name);
  // Byte ranges of an encoded copy would not be ranges of the file the URL names: whole answers only then.
  response.sendFile(chosen ? file + chosen.suffix : file, { cacheControl: false, acceptRanges: !chosen, dotfiles: 'allow' }, (error) => {
    if (!error || response.headersSent) return;
    response.removeHeader('Content-Encoding');
    next(error);
  });
}

/**
 * Serves the built web app: its files, and index.html for every other GET so deep links work.
 * Each file goes out precompressed when the browser takes it (brotli, else gzip); hashed files are
 * cached for a year, index.html and the public files are revalidated. index.html goes out under the
 * app's CSP plus the hashes of its own inline scripts.
 */
export function mountWebApp(app: INestApplication, webDist: string): boolean {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  const csp = cspHeader(contentSecurityPolicy(inlineScriptHashes(readFileSync(index, 'utf8'))));
  const express = app as NestExpressApplication;
  express.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_SPA.test(request.path)) return next();
    const file = webFile(webDist, request.path);
    if (file && file !== index) {
      const hashed = path.relative(webDist, file).split(path.sep)[0] === HASHED_FOLDER;
      return sendWebFile(request, response, next, file, hashed ? IMMUTABLE : REVALIDATE);
    }
    // A bundle file that is not there (a page of an older build asking for its chunks) is a 404, not the page.
    if (request.path.startsWith(`/${HASHED_FOLDER}/`)) return next();
    if (!request.accepts('html')) return next();
    response.setHeader('Content-Security-Policy', csp);
    sendWebFile(request, response, next, index, REVALIDATE);
  });
  return true;
}
