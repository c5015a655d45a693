import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

import { compressJsonAnswers, JSON_COMPRESSION_THRESHOLD } from './json-compression';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One answer as it came over the wire: the body's bytes not decoded. */
function request(baseUrl: string, pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${baseUrl}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  return new Promise((resolve) => {
    const server = http.createServer(handler).listen(0, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const tickets = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  contact: { name: `Cliente ${i + 1}` },
  lastMessage: `Olá, pedido ${1000 + i}`,
}));
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };

describe('compressJsonAnswers: the API answers in JSON go out compressed', () => {
  let upstream: http.Server;
  let app: http.Server;
  let baseUrl: string;

  beforeAll(async () => {
    // A service behind the gateway's proxy: its answer has a Content-Length and comes in pieces.
    ({ server: upstream } = await listen((_request, response) => {
      const body = Buffer.from(JSON.stringify({ tickets, count: tickets.length }));
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      response.write(body.subarray(0, 1000));
      setTimeout(() => response.end(body.subarray(1000)), 20);
    }));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

    const server = express();
    server.use('/api', compressJsonAnswers());
    server.use(createProxyMiddleware({ target: upstreamUrl, pathFilter: '/api/proxied' }));
    server.get('/api/tickets', (_request, response) => {
      response.json({ tickets, count: tickets.length });
    });
    server.get('/api/small', (_request, response) => {
      response.json({ ok: true });
    });
    server.get('/api/streamed', (_request, response) => {
      response.setHeader('Content-Type', 'application/json');
      response.write('[');
      tickets.forEach((ticket, i) => response.write(`${i ? ',' : ''}${JSON.stringify(ticket)}`));
      response.end(']');
    });
    server.get('/api/file', (_request, response) => {
      response.type('text/csv').send('nome;numero\n'.repeat(500));
    });
    server.get('/api/encoded', (_request, response) => {
      response.setHeader('Content-Encoding', 'identity');
      response.json({ tickets });
    });
    server.get('/api/no-content', (_request, response) => {
      response.status(204).end();
    });
    ({ server: app, url: baseUrl } = await listen(server));
  });

  afterAll(async () => {
    await close(app);
    await close(upstream);
  });

  const expected = JSON.stringify({ tickets, count: tickets.length });

  it("a route's res.json() goes out as brotli to a browser, much smaller, with Vary", async () => {
    const answer = await request(baseUrl, '/api/tickets', BROWSER);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(answer.body).toString()).toBe(expected);
    expect(answer.body.length).toBeLessThan(expected.length / 3);
  });

  it('as gzip to a client that takes only gzip, and as it is to one that names no encoding', async () => {
    const gzipped = await request(baseUrl, '/api/tickets', { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(expected);

    const plain = await request(baseUrl, '/api/tickets');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(expected);
    const refused = await request(baseUrl, '/api/tickets', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it("a service's answer streamed through the gateway's proxy is compressed on the way, its Content-Length dropped", async () => {
    const answer = await request(baseUrl, '/api/proxied', BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(answer.body).toString()).toBe(expected);
  });

  it('JSON written piece by piece (no length known) is compressed whole', async () => {
    const answer = await request(baseUrl, '/api/streamed', BROWSER);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(answer.body).toString())).toEqual(tickets);
  });

  it(`answers under ${JSON_COMPRESSION_THRESHOLD} bytes, other types, encoded ones, HEAD and 204 pass untouched`, async () => {
    const small = await request(baseUrl, '/api/small', BROWSER);
    expect([small.headers['content-encoding'], small.body.toString()]).toEqual([undefined, '{"ok":true}']);

    const file = await request(baseUrl, '/api/file', BROWSER);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.body.toString()).toBe('nome;numero\n'.repeat(500));

    const encoded = await request(baseUrl, '/api/encoded', BROWSER);
    expect(encoded.headers['content-encoding']).toBe('identity');
    expect(JSON.parse(encoded.body.toString())).toEqual({ tickets });

    const head = await request(baseUrl, '/api/tickets', BROWSER, 'HEAD');
    expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([200, undefined, 0]);

    const empty = await request(baseUrl, '/api/no-content', BROWSER);
    expect([empty.status, empty.headers['content-encoding']]).toEqual([204, undefined]);
  });
});
