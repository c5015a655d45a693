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
  const aSchedule = {
    id: 31,
    body: 'Lembrete da consulta',
    contactId: 7,
    contact: { id: 7, name: '5511999998888', number: '5511999998888' },
    sendAt: '2026-12-01T17:30:00.000Z',
    sentAt: null,
    status: 'PENDENTE' as const,
    errorReason: null,
    WhatsappSenderId: null,
    serviceId: null,
    duration: 60,
    createdAt: at,
  };

  it('the Agendamentos tab schedules { number, body, sendAt } and lists the schedules of a number, with the API token as the bearer', async () => {
    const calls = stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('POST', '/messages/schedules', 201, aSchedule),
      on('GET', '/messages/schedules', 200, { schedules: [aSchedule], count: 1, hasMore: false }),
    );
    renderWithProviders(<MessagesApiPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Agendamentos' }));
    expect(((await screen.findByTestId('sample-schedule-send')) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('sample-schedule-token'), { target: { value: SECRET } });
    fireEvent.change(screen.getByTestId('sample-schedule-number'), { target: { value: '5511999998888' } });
    fireEvent.change(screen.getByTestId('sample-schedule-body'), { target: { value: 'Lembrete da consulta' } });
    fireEvent.change(screen.getByTestId('sample-schedule-send-at'), { target: { value: '2026-12-01T14:30' } });
    fireEvent.click(screen.getByTestId('sample-schedule-send'));
    expect((await screen.findByTestId('sample-schedule-result')).textContent).toContain('"id": 31');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      number: '5511999998888',
      body: 'Lembrete da consulta',
      sendAt: '2026-12-01T14:30',
    });
    await waitFor(() => expect(toaster.getVisibleToasts().map((toast) => toast.title)).toContain('Mensagem agendada com sucesso'));

    fireEvent.click(screen.getByTestId('sample-schedules-list'));
    const table = await screen.findByTestId('sample-schedules-result');
    expect(within(table).getByText('PENDENTE')).toBeTruthy();
    const listed = calls.find((call) => call.method === 'GET' && call.url.includes('/messages/schedules'))!;
    expect(listed.url).toBe('/api/messages/schedules?number=5511999998888');
    for (const [url, init] of vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('/messages/schedules'))) {
      expect({ url: String(url), auth: (init?.headers as Record<string, string>).Authorization }).toEqual({
        url: String(url),
        auth: `Bearer ${SECRET}`,
      });
    }
  });

  it('the Agendamentos tab shows the error of a plan without schedules and no result', async () => {
    stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/messages/schedules', 403, { error: 'ERR_PLAN_FEATURE_DISABLED', message: 'no schedules' }),
    );
    renderWithProviders(<MessagesApiPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Agendamentos' }));
    fireEvent.change(await screen.findByTestId('sample-schedule-token'), { target: { value: SECRET } });
    fireEvent.click(screen.getByTestId('sample-schedules-list'));
    await waitFor(() => expect(toaster.getVisibleToasts().length).toBeGreaterThan(0));
    expect(screen.queryByTestId('sample-schedules-result')).toBeNull();
  });

  it("the Configurações tab reads the token's settings: its connection, what the plan allows and the limits", async () => {
    stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/messages/settings', 200, {
        token: { id: 1, name: 'ERP', preview: 'zdk_AAAA', createdAt: at, lastUsedAt: at },
        companyId: 1,
        connection: { id: 10, name: 'Loja', status: 'CONNECTED', isDefault: true },
        connectionFixed: false,
        features: { messages: true, schedules: true, agenda: false },
        limits: { requestsPerSecond: 50, messageBodyMax: 4096, mediasPerRequest: 5, mediaMaxBytes: 16777216, idempotencyWindowHours: 24 },
      }),
    );
    renderWithProviders(<MessagesApiPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Configurações' }));
    fireEvent.change(await screen.findByTestId('sample-settings-token'), { target: { value: SECRET } });
    fireEvent.click(screen.getByTestId('sample-settings-send'));
    const table = await screen.findByTestId('sample-settings-result');
    const row = (label: string) => within(table).getByText(label).closest('tr')!.textContent;
    expect(row('Conexão de envio')).toContain('Loja (CONNECTED)');
    expect(row('Agendamentos')).toContain('Sim');
    expect(row('Agenda externa')).toContain('Não');
    expect(row('Arquivos por envio')).toContain('5 × 16 MB');
    expect(row('Janela do Idempotency-Key')).toContain('24 h');
  });

  it('the Agenda Externa tab lists the services, finds free times for the chosen one and books the picked time for a number', async () => {
    const calls = stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/messages/agenda/services', 200, {
        timeZone: 'America/Sao_Paulo',
        services: [{ id: 3, name: 'Corte', description: null, price: 50, duration: 30 }],
      }),
      on('GET', '/messages/agenda/slots', 200, {
        timeZone: 'America/Sao_Paulo',
        duration: 30,
        slots: [
          { start: '2026-12-01T09:00', end: '2026-12-01T09:30' },
          { start: '2026-12-01T09:30', end: '2026-12-01T10:00' },
        ],
      }),
      on('POST', '/messages/agenda/appointments', 201, {
        id: 40,
        contactId: 7,
        start: '2026-12-01T09:30',
        end: '2026-12-01T10:00',
        serviceName: 'Corte',
        timeZone: 'America/Sao_Paulo',
      }),
    );
    renderWithProviders(<MessagesApiPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Agenda Externa' }));
    fireEvent.change(await screen.findByTestId('sample-agenda-token'), { target: { value: SECRET } });
    fireEvent.click(screen.getByTestId('sample-agenda-services'));
    const service = (await screen.findByTestId('sample-agenda-service')) as HTMLSelectElement;
    expect(service.value).toBe('3');
    fireEvent.change(screen.getByTestId('sample-agenda-from-day'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByTestId('sample-agenda-slots'));
    const slots = await screen.findAllByTestId('sample-agenda-slot');
    expect(slots.map((slot) => slot.textContent)).toEqual(['2026-12-01 09:00', '2026-12-01 09:30']);
    expect(calls.find((call) => call.url.includes('/agenda/slots'))!.url).toBe('/api/messages/agenda/slots?serviceId=3&fromDay=2026-12-01');
    expect((screen.getByTestId('sample-agenda-book') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(slots[1]!);
    fireEvent.change(screen.getByTestId('sample-agenda-number'), { target: { value: '5511999998888' } });
    fireEvent.click(screen.getByTestId('sample-agenda-book'));
    expect((await screen.findByTestId('sample-agenda-result')).textContent).toContain('"id": 40');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      number: '5511999998888',
      start: '2026-12-01T09:30',
      serviceId: 3,
    });
    const [, init] = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/agenda/appointments'))!;
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${SECRET}`);
  });
});
