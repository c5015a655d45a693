import type { Transform } from 'node:stream';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';

import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

import { chooseEncoding } from './web-app';

/** Smaller answers are sent as they are: the encoding's framing would eat what it saves. */
export const JSON_COMPRESSION_THRESHOLD = 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * A fast brotli (quality 4: about gzip's speed, a tenth smaller) or gzip (level 6), computed per
 * answer; the web's files are precompressed at build time instead (web-app.ts).
 */
function compressor(encoding: 'br' | 'gzip'): Transform {
  if (encoding === 'gzip') return createGzip({ level: 6 });
  return createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } });
}

/** Whether the answer about to go out is JSON worth compressing and not encoded already. */
function worthCompressing(request: Request, response: Response, firstChunkLength: number, ending: boolean): boolean {
  if (request.method === 'HEAD' || response.statusCode === 204 || response.statusCode === 304) return false;
  if (response.getHeader('Content-Encoding')) return false;
  if (!JSON_TYPE.test(String(response.getHeader('Content-Type') ?? ''))) return false;
  const declared = Number(response.getHeader('Content-Length'));
  const length = Number.isFinite(declared) && response.hasHeader('Content-Length') ? declared : ending ? firstChunkLength : Infinity;
  return length >= JSON_COMPRESSION_THRESHOLD;
}

type Chunk = string | Buffer | Uint8Array;
type Callback = (error?: Error | null) => void;

function byteLength(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return chunk instanceof Uint8Array ? chunk.length : 0;
}

/**
 * Compresses the JSON answers of the API (brotli, else gzip, by Accept-Encoding) on their way out,
 * whoever writes them: a route's `res.json()` in the standalone, or a service's answer streamed
 * through the gateway's proxy (which passes it on as it comes, chunk by chunk, with backpressure).
 * The decision is taken at the first byte, from the headers then set: only JSON, 1 KB or more (or of
 * unknown length), not already encoded; anything else (files, event streams, HEAD, 204/304) passes
 * untouched. A list of 30 tickets, 20 KB of JSON, goes out as about 3 KB.
 */
export function compressJsonAnswers() {
  return (request: Request, response: Response, next: NextFunction): void => {
    const encoding = chooseEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
    response.vary('Accept-Encoding');
    if (!encoding || request.method === 'HEAD') return next();

    const write = response.write.bind(response) as (chunk: Chunk, encoding?: BufferEncoding, callback?: Callback) => boolean;
    const end = response.end.bind(response) as (chunk?: Chunk, encoding?: BufferEncoding, callback?: () => void) => Response;
    let stream: Transform | null | undefined;

    /** On the first write or end: a compressor when the answer is worth it, else null (pass through). */
    const decide = (chunk: unknown, chunkEncoding: unknown, ending: boolean): Transform | null => {
      if (stream !== undefined) return stream;
      if (response.headersSent || !worthCompressing(request, response, byteLength(chunk, chunkEncoding), ending)) return (stream = null);
      response.removeHeader('Content-Length');
      response.setHeader('Content-Encoding', encoding);
      const created = compressor(encoding);
      created.on('data', (data: Buffer) => {
        if (!write(data)) created.pause();
      });
      response.on('drain', () => created.resume());
      created.on('drain', () => response.emit('drain'));
      created.on('end', () => end());
      created.on('error', (error: Error) => response.destroy(error));
      return (stream = created);
    };

    response.write = function compressedWrite(chunk: unknown, chunkEncoding?: unknown, callback?: unknown): boolean {
      const target = decide(chunk, chunkEncoding, false);
      if (!target) return (write as (...args: unknown[]) => boolean)(chunk, chunkEncoding, callback);
      return (target.write as (...args: unknown[]) => boolean)(chunk, chunkEncoding, callback);
    } as Response['write'];

    response.end = function compressedEnd(chunk?: unknown, chunkEncoding?: unknown, callback?: unknown): Response {
      const hasChunk = chunk !== undefined && chunk !== null && typeof chunk !== 'function';
      const target = decide(hasChunk ? chunk : '', chunkEncoding, true);
      if (!target) return (end as (...args: unknown[]) => Response)(chunk, chunkEncoding, callback);
      const done = [chunk, chunkEncoding, callback].find((value) => typeof value === 'function') as (() => void) | undefined;
      if (done) response.once('finish', done);
      if (hasChunk) target.end(chunk as Chunk, typeof chunkEncoding === 'string' ? (chunkEncoding as BufferEncoding) : 'utf8');
      else target.end();
      return response;
    } as Response['end'];

    next();
  };
}

/**
 * Mounts compressJsonAnswers on /api, before the routes and the gateway's proxy (call it before
 * mountServiceProxy): both runtimes send their API answers compressed.
 */
export function mountJsonCompression(app: INestApplication): void {
  (app as NestExpressApplication).use('/api', compressJsonAnswers());
}
