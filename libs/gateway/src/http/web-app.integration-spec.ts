import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { chooseEncoding, IMMUTABLE, inlineScriptHashes, mountWebApp, REVALIDATE } from './web-app';

/** One answer as it came over the wire: status, headers and the body's bytes, not decoded. */
function get(
  baseUrl: string,
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

@Module({})
class EmptyModule {}

describe('the web app as the gateway and the standalone serve it', () => {
  const script = `export const greeting = ${JSON.stringify('Olá '.repeat(2_000))};\n`;
  const html =
    '<!doctype html><html><head><style>body{background:#075e54}</style><script>document.documentElement.classList.add("light")</script>' +
    '<script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root">ZapDesk</div></body></html>';
  const css = `body { color: #111; }\n${'.x { margin: 0 }\n'.repeat(200)}`;
  let webDist: string;
  let app: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    // As the build leaves it: brotli and gzip copies beside the script and the page, gzip only beside
    // the style sheet, none beside the icon.
    const files: Record<string, string> = { 'index.html': html, 'assets/index-AbC123.js': script, 'assets/index-Def456.css': css };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(webDist, name), text);
    for (const name of ['index.html', 'assets/index-AbC123.js'])
      writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(files[name]!));
    for (const name of ['index.html', 'assets/index-AbC123.js', 'assets/index-Def456.css']) {
      writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(files[name]!));
    }
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await NestFactory.create(EmptyModule, { logger: false });
    expect(mountWebApp(app, webDist)).toBe(true);
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('a hashed script goes out as brotli to a browser that takes it, cached for a year, with its own Content-Type', async () => {
    const answer = await get(baseUrl, '/assets/index-AbC123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('gzip to one that takes gzip only or prefers it; as it is to one that takes neither, still varying by Accept-Encoding', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'br;q=0.5, gzip;q=0.8', 'x-gzip']) {
      const answer = await get(baseUrl, '/assets/index-AbC123.js', { 'Accept-Encoding': accept });
      expect([accept, answer.headers['content-encoding']]).toEqual([accept, 'gzip']);
      expect(gunzipSync(answer.body).toString()).toBe(script);
    }
    const notCompressed: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'deflate' },
      { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of notCompressed) {
      const answer = await get(baseUrl, '/assets/index-AbC123.js', headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.body.toString()).toBe(script);
    }
  });

  it('a file with only a gzip copy goes out gzipped even to a browser that prefers brotli', async () => {
    const answer = await get(baseUrl, '/assets/index-Def456.css', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(answer.body).toString()).toBe(css);
  });

  it('index.html, for a deep link or by its name, is compressed, never cached without asking, and carries the CSP with its inline script', async () => {
    for (const pathname of ['/', '/tickets/8f4a', '/index.html']) {
      const answer = await get(baseUrl, pathname, { 'Accept-Encoding': 'gzip, deflate, br', Accept: 'text/html' });
      expect([pathname, answer.status]).toEqual([pathname, 200]);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe(REVALIDATE);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.headers['content-security-policy']).toContain(`'${inlineScriptHashes(html)[0]}'`);
      expect(brotliDecompressSync(answer.body).toString()).toBe(html);
    }
  });

  it('a public file without a hash is revalidated; an unchanged file answers 304 to its ETag; HEAD has the headers only', async () => {
    const icon = await get(baseUrl, '/favicon.svg', { 'Accept-Encoding': 'br, gzip' });
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe(REVALIDATE);
    expect(icon.headers['content-encoding']).toBeUndefined();

    const first = await get(baseUrl, '/assets/index-AbC123.js', { 'Accept-Encoding': 'br' });
    const again = await get(baseUrl, '/assets/index-AbC123.js', { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const head = await get(baseUrl, '/assets/index-AbC123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
    expect(head.body.length).toBe(0);
  });

  it('a bundle file that is not there, or a compressed copy asked for by name, is a 404 and not the page; nothing outside the folder is read', async () => {
    for (const pathname of ['/assets/index-Old999.js', '/assets/index-AbC123.js.br', '/assets/index-AbC123.js.gz']) {
      const answer = await get(baseUrl, pathname, { Accept: '*/*', 'Accept-Encoding': 'br, gzip' });
      expect([pathname, answer.status]).toEqual([pathname, 404]);
    }
    for (const pathname of ['/..%2f..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd']) {
      const answer = await get(baseUrl, pathname, { Accept: 'text/html' });
      expect(answer.body.toString()).not.toMatch(/root:|"name"/);
    }
  });

  it('Accept-Encoding is read by its q-values: the highest wins, brotli first at equal q, * for the codings not named', () => {
    const both = ['br', 'gzip'] as const;
    expect(chooseEncoding('gzip, deflate, br', both)).toBe('br');
    expect(chooseEncoding('br;q=0.9, gzip', both)).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('gzip;q=0.5, *;q=0.8', both)).toBe('br');
    expect(chooseEncoding('*;q=0', both)).toBeNull();
    expect(chooseEncoding('BR;Q=1', both)).toBe('br');
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
    expect(chooseEncoding(undefined, both)).toBeNull();
    expect(chooseEncoding('br', [])).toBeNull();
  });
});
