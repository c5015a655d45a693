import { type ApiToken, partnerOpenApiDocument } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { MessagesApiPage } from './messages-api-page';

const at = '2026-11-27T12:00:00.000Z';
const SECRET = `zdk_${'A'.repeat(43)}`;
const aToken = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: 1,
  name: 'ERP',
  preview: 'zdk_AAAA',
  whatsappId: null,
  createdAt: at,
  lastUsedAt: null,
  ...overrides,
});

describe('the messages API page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('creates a token shown once with a copy button, lists tokens with their last use, and revokes after confirming', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = stubApi(
      on('GET', '/api-tokens', 200, { tokens: [aToken({ id: 2, name: 'Loja', preview: 'zdk_BBBB', lastUsedAt: at })] }),
      on('POST', '/api-tokens', 201, { ...aToken(), token: SECRET }),
      on('DELETE', '/api-tokens/2', 204),
    );
    renderWithProviders(<MessagesApiPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('API de Mensagens');
    const list = await screen.findByTestId('api-token-list');
    expect(await within(list).findByText('Loja')).toBeTruthy();
    expect(within(list).getByText('zdk_BBBB…')).toBeTruthy();
    expect(within(list).queryByText('Nunca')).toBeNull();

    expect((screen.getByTestId('api-token-create') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('api-token-name'), { target: { value: 'ERP' } });
    fireEvent.click(screen.getByTestId('api-token-create'));
    expect(((await screen.findByTestId('api-token-value')) as HTMLInputElement).value).toBe(SECRET);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'ERP' });
    fireEvent.click(screen.getByTestId('api-token-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    await waitFor(() => expect(toaster.getVisibleToasts().map((toast) => toast.title)).toContain('Copiado para a área de transferência!'));

    fireEvent.click(within(list).getByTestId('api-token-revoke'));
    expect(await screen.findByText('Revogar token')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/api-tokens/2')).toBe(true));
  });

  it("the text sample posts { number, body } with the API token as the bearer, not the user's session", async () => {
    stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('POST', '/messages/send', 200, {
        mensagem: 'Mensagem enviada',
        id: 9,
        status: 'pending',
        messages: [
          { id: 9, status: 'pending', ticketId: 3, number: '5511999998888', body: 'Olá', mediaType: 'chat', createdAt: at, error: null },
        ],
      }),
    );
    renderWithProviders(<MessagesApiPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Mensagens' }));
    fireEvent.change(await screen.findByTestId('sample-text-token'), { target: { value: SECRET } });
    fireEvent.change(screen.getByTestId('sample-text-number'), { target: { value: '5511999998888' } });
    fireEvent.change(screen.getByTestId('sample-text-body'), { target: { value: 'Olá' } });
    fireEvent.click(screen.getByTestId('sample-text-send'));
    expect((await screen.findByTestId('sample-text-result')).textContent).toContain('"id": 9');
    const [, init] = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/messages/send'))!;
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${SECRET}`);
    expect(JSON.parse(String(init?.body))).toEqual({ number: '5511999998888', body: 'Olá' });
    expect(toaster.getVisibleToasts().map((toast) => toast.title)).toContain('Mensagem enviada com sucesso');
  });

  it('the API reference reads /api/openapi.json: each operation with its parameters, required body fields and answers', async () => {
    stubApi(on('GET', '/api-tokens', 200, { tokens: [] }), on('GET', '/openapi.json', 200, partnerOpenApiDocument('/api')));
    renderWithProviders(<MessagesApiPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Referência da API' }));
    const send = await screen.findByTestId('api-operation-sendMessage');
    expect(within(send).getByRole('heading', { name: '/messages/send' })).toBeTruthy();
    expect(within(send).getByText('post')).toBeTruthy();
    expect(within(send).getByText('Idempotency-Key')).toBeTruthy();
    expect(within(send).getByText('multipart/form-data')).toBeTruthy();
    // The JSON body's number is required and limited as the server validates it.
    const number = within(send).getAllByText('number')[0]!.closest('li')!;
    expect(within(number).getByLabelText('obrigatório')).toBeTruthy();
    expect(within(send).getByText('429')).toBeTruthy();
    const status = screen.getByTestId('api-operation-getMessageStatus');
    expect(within(status).getByRole('heading', { name: '/messages/status/{id}' })).toBeTruthy();
    expect(within(status).getByText(/"pending" \| "sent" \| "delivered" \| "read" \| "failed"/)).toBeTruthy();
  });

  it('the API reference says so when the document cannot be read', async () => {
    stubApi(on('GET', '/api-tokens', 200, { tokens: [] }), on('GET', '/openapi.json', 500, { error: 'ERR_INTERNAL', message: 'x' }));
    renderWithProviders(<MessagesApiPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Referência da API' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível carregar o documento OpenAPI.');
  });

  it('the Tags tab lists the tags with the API token as the bearer', async () => {
    stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/messages/tags', 200, { tags: [{ id: 4, name: 'VIP', color: '#ff0000' }] }),
    );
    renderWithProviders(<MessagesApiPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Tags' }));
    expect((screen.getByTestId('sample-tags-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(await screen.findByTestId('sample-tags-token'), { target: { value: SECRET } });
    fireEvent.click(screen.getByTestId('sample-tags-send'));
    const table = await screen.findByTestId('sample-tags-result');
    expect(within(table).getByText('VIP')).toBeTruthy();
    expect(within(table).getByText('#ff0000')).toBeTruthy();
    const [, init] = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/messages/tags'))!;
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${SECRET}`);
  });

  it('the Tags tab shows the error of a refused token', async () => {
    stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/messages/tags', 401, { error: 'ERR_INVALID_API_TOKEN', message: 'Token de API inválido ou revogado' }),
    );
    renderWithProviders(<MessagesApiPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Tags' }));
    fireEvent.change(await screen.findByTestId('sample-tags-token'), { target: { value: SECRET } });
    fireEvent.click(screen.getByTestId('sample-tags-send'));
    await waitFor(() => expect(toaster.getVisibleToasts().length).toBeGreaterThan(0));
    expect(screen.queryByTestId('sample-tags-result')).toBeNull();
  });
});
