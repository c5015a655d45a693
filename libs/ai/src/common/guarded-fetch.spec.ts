import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { OutboundAllowlist, OutboundUrlGuard, OutboundUrlRefusedError } from '@app/platform';

import { guardedFetch } from './guarded-fetch';

/** The providers' fetch goes through the outbound URL guard and dials what it checked (decision 0023). */
describe('guardedFetch', () => {
  let server: Server;
  let port: number;
  const seen: { host?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push({ host: request.headers.host, body });
        if (request.url === '/moved') response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, echo: body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses loopback, private, link-local and metadata addresses before connecting', async () => {
    const fetchThroughGuard = guardedFetch(new OutboundUrlGuard());
    for (const url of [
      `http://127.0.0.1:${port}/v1/chat/completions`,
      'http://10.0.0.5/v1',
      'http://169.254.169.254/latest/meta-data',
      'http://metadata.google.internal/',
      'http://2130706433/',
      'file:///etc/passwd',
    ]) {
      await expect(fetchThroughGuard(url, { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(OutboundUrlRefusedError);
    }
    expect(seen).toEqual([]);
  });

  it('connects to the address the guard checked, not to the name resolved again, and does not follow a redirect', async () => {
    // The name resolves (for the guard) to the allowed local server; the system resolver has never heard of it.
    const guard = new OutboundUrlGuard(new OutboundAllowlist(['127.0.0.1']), async (host) =>
      host === 'provider.test' ? ['127.0.0.1'] : [],
    );
    const fetchThroughGuard = guardedFetch(guard);
    const answer = await fetchThroughGuard(`http://provider.test:${port}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
      body: JSON.stringify({ model: 'gpt-4o-mini' }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, echo: '{"model":"gpt-4o-mini"}' });
    expect(seen.at(-1)!.host).toBe(`provider.test:${port}`);
    const moved = await fetchThroughGuard(`http://provider.test:${port}/moved`, { method: 'GET' });
    expect(moved.status).toBe(302);
    expect(seen).toHaveLength(2);
  });
});
