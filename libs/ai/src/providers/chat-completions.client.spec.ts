import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { OutboundAllowlist, OutboundUrlGuard } from '@app/platform';

import { ChatCompletionsClient } from './chat-completions.client';

/**
 * The agents' connection test dials through the answering engine's guarded fetch: the addresses the
 * guard checked, never the name resolved a second time (the DNS-rebinding gap it had), and no redirect.
 */
describe('ChatCompletionsClient.test', () => {
  let server: Server;
  let port: number;
  const paths: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      paths.push(request.url ?? '');
      request.resume();
      request.on('end', () => {
        if (request.url?.startsWith('/moved')) {
          response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1,
            model: 'gpt-4o-mini',
            choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // The guard resolves provider.test to the allowed local server; the system resolver has never heard of it,
  // so an answer proves the connection went to the checked address.
  const guard = new OutboundUrlGuard(new OutboundAllowlist(['127.0.0.1']), async (host) => (host === 'provider.test' ? ['127.0.0.1'] : []));
  const client = (baseUrl: string) =>
    new ChatCompletionsClient({ keysSecret: 'x'.repeat(32), providerBaseUrls: { openai: baseUrl } }, guard);
  const target = { provider: 'openai' as const, apiKey: 'sk-test-0000', model: 'gpt-4o-mini' };

  it('reaches the provider at the address the guard checked', async () => {
    await expect(client(`http://provider.test:${port}/v1`).test(target)).resolves.toBeNull();
    expect(paths.at(-1)).toBe('/v1/chat/completions');
  });

  it('refuses a name that resolves to a private address, and does not follow a redirect', async () => {
    expect(await client('http://elsewhere.test/v1').test(target)).toMatch(/./);
    const before = paths.length;
    expect(await client(`http://provider.test:${port}/moved/v1`).test(target)).toBe(
      'o provedor redirecionou para http://169.254.169.254/latest/meta-data',
    );
    expect(paths).toHaveLength(before + 1);
  });
});
