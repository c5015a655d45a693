import type { WebhookDelivery, WebhookEndpointListItem } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { MessagesApiPage } from './messages-api-page';

const at = '2026-11-27T12:00:00.000Z';
const SECRET = `whsec_${'Q'.repeat(28)}WXYZ`;
const anEndpoint = (overrides: Partial<WebhookEndpointListItem> = {}): WebhookEndpointListItem => ({
  id: 1,
  url: 'https://erp.example.com/hooks',
  events: ['message.received', 'ticket.closed'],
  description: 'ERP',
  enabled: true,
  secretPreview: 'whsec_••••ABCD',
  previousSecretUntil: null,
  createdAt: at,
  updatedAt: at,
  lastDelivery: { state: 'dead', status: 500, attempts: 11, at },
  ...overrides,
});
const aDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 40,
  endpointId: 1,
  messageId: 'msg_1',
  eventType: 'ticket.closed',
  state: 'dead',
  attempts: 11,
  lastStatus: 500,
  lastError: 'HTTP 500',
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: at,
  ...overrides,
});

async function openTab() {
  renderWithProviders(<MessagesApiPage />);
  fireEvent.click(screen.getByRole('tab', { name: 'Webhooks' }));
  return screen.findByTestId('webhook-list');
}

const toastTitles = () => toaster.getVisibleToasts().map((toast) => toast.title);

describe('the Webhooks tab of /messages-api', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('lists the endpoints with their URL, events, active flag, secret preview and last delivery', async () => {
    stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/webhooks', 200, {
        endpoints: [
          anEndpoint(),
          anEndpoint({ id: 2, url: 'https://crm.example.com/in', events: ['contact.updated'], enabled: false, lastDelivery: null }),
        ],
      }),
    );
    const list = await openTab();
    const first = await within(list).findByTestId('webhook-row-1');
    expect(within(first).getByText('https://erp.example.com/hooks')).toBeTruthy();
    expect(within(first).getByText('message.received, ticket.closed')).toBeTruthy();
    expect(within(first).getByText('whsec_••••ABCD')).toBeTruthy();
    expect(within(first).getByText('Sim')).toBeTruthy();
    expect(within(first).getByTestId('webhook-last-delivery').textContent).toBe('Falhou500');
    const second = within(list).getByTestId('webhook-row-2');
    expect(within(second).getByText('Não')).toBeTruthy();
    expect(within(second).getByTestId('webhook-last-delivery').textContent).toBe('Nenhuma ainda');
  });

  it('creates an endpoint with the events ticked, and shows its secret once with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/webhooks', 200, { endpoints: [] }),
      on('POST', '/webhooks', 201, { ...anEndpoint({ id: 3, events: ['ticket.created', 'payment.confirmed'] }), secret: SECRET }),
    );
    await openTab();
    fireEvent.click(screen.getByTestId('webhook-add'));
    const modal = await screen.findByTestId('webhook-modal');
    expect((within(modal).getByTestId('webhook-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(modal).getByTestId('webhook-url'), { target: { value: ' https://erp.example.com/hooks ' } });
    fireEvent.click(within(modal).getByText('payment.confirmed'));
    fireEvent.click(within(modal).getByText('ticket.created'));
    await waitFor(() => expect((within(modal).getByTestId('webhook-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(modal).getByTestId('webhook-save'));
    expect(((await screen.findByTestId('webhook-secret-value')) as HTMLInputElement).value).toBe(SECRET);
    // In the contract's order, whatever order they were ticked in.
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://erp.example.com/hooks',
      events: ['ticket.created', 'payment.confirmed'],
      description: '',
      enabled: true,
    });
    fireEvent.click(screen.getByTestId('webhook-secret-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    // Once: dismissed, it is nowhere on the page any more.
    fireEvent.click(screen.getByTestId('webhook-secret-dismiss'));
    expect(screen.queryByTestId('webhook-created')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('edits an endpoint: its events and whether it is active', async () => {
    const calls = stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/webhooks', 200, { endpoints: [anEndpoint()] }),
      on('PUT', '/webhooks/1', 200, anEndpoint({ enabled: false })),
    );
    const list = await openTab();
    fireEvent.click(await within(list).findByTestId('webhook-edit'));
    const modal = await screen.findByTestId('webhook-modal');
    expect((within(modal).getByTestId('webhook-url') as HTMLInputElement).value).toBe('https://erp.example.com/hooks');
    expect(within(modal).getByTestId('webhook-event-ticket.closed').getAttribute('data-state')).toBe('checked');
    fireEvent.click(within(modal).getByText('ticket.closed'));
    fireEvent.click(within(modal).getByText('Ativo'));
    await waitFor(() => {
      expect(within(modal).getByTestId('webhook-event-ticket.closed').getAttribute('data-state')).toBe('unchecked');
      expect(within(modal).getByTestId('webhook-enabled').getAttribute('data-state')).toBe('unchecked');
    });
    fireEvent.click(within(modal).getByTestId('webhook-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/webhooks/1',
      body: { url: 'https://erp.example.com/hooks', events: ['message.received'], description: 'ERP', enabled: false },
    });
    await waitFor(() => expect(toastTitles()).toContain('Webhook salvo'));
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const calls = stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/webhooks', 200, { endpoints: [anEndpoint()] }),
      on('DELETE', '/webhooks/1', 204),
    );
    const list = await openTab();
    fireEvent.click(await within(list).findByTestId('webhook-delete'));
    expect(await screen.findByText('Excluir webhook')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/webhooks/1')).toBe(true));
    await waitFor(() => expect(toastTitles()).toContain('Webhook excluído'));
  });

  it('a new secret, after confirming, is shown once like a new endpoint’s', async () => {
    const calls = stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/webhooks', 200, { endpoints: [anEndpoint()] }),
      on('POST', '/webhooks/1/rotate-secret', 200, { ...anEndpoint({ previousSecretUntil: at }), secret: SECRET }),
    );
    const list = await openTab();
    fireEvent.click(await within(list).findByTestId('webhook-rotate'));
    expect(await screen.findByText('Gerar novo segredo')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(((await screen.findByTestId('webhook-secret-value')) as HTMLInputElement).value).toBe(SECRET);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/webhooks/1/rotate-secret',
      body: { overlapHours: 24 },
    });
  });

  it("shows the server's refusal of a URL and keeps the form open", async () => {
    stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/webhooks', 200, { endpoints: [] }),
      on('POST', '/webhooks', 400, {
        error: 'ERR_VALIDATION',
        message: 'url: URL não permitida: a private address',
        fields: [{ path: 'url', message: 'URL não permitida: a private address' }],
      }),
    );
    await openTab();
    fireEvent.click(screen.getByTestId('webhook-add'));
    const modal = await screen.findByTestId('webhook-modal');
    fireEvent.change(within(modal).getByTestId('webhook-url'), { target: { value: 'http://10.0.0.7/hook' } });
    fireEvent.click(within(modal).getByText('message.sent'));
    await waitFor(() => expect((within(modal).getByTestId('webhook-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(modal).getByTestId('webhook-save'));
    await waitFor(() =>
      expect(toaster.getVisibleToasts().map((toast) => toast.description)).toContain('url: URL não permitida: a private address'),
    );
    expect(screen.getByTestId('webhook-modal')).toBeTruthy();
    expect(screen.queryByTestId('webhook-created')).toBeNull();
  });

  it("shows one endpoint's delivery log and sends a failed delivery again", async () => {
    const calls = stubApi(
      on('GET', '/api-tokens', 200, { tokens: [] }),
      on('GET', '/webhooks', 200, { endpoints: [anEndpoint()] }),
      on('GET', '/webhooks/deliveries', 200, {
        deliveries: [
          aDelivery(),
          aDelivery({ id: 39, eventType: 'message.received', state: 'delivered', attempts: 1, lastStatus: 204, lastError: null }),
        ],
        hasMore: false,
      }),
      on('POST', '/webhooks/deliveries/40/redeliver', 200, aDelivery({ state: 'pending', attempts: 0 })),
    );
    const list = await openTab();
    fireEvent.click(await within(list).findByTestId('webhook-log'));
    const log = await screen.findByTestId('webhook-deliveries');
    const dead = await within(log).findByTestId('webhook-delivery-40');
    expect(within(dead).getByText('ticket.closed')).toBeTruthy();
    expect(within(dead).getByText('500')).toBeTruthy();
    expect(within(dead).getByText('11')).toBeTruthy();
    expect(within(dead).getByText('Falhou')).toBeTruthy();
    expect(within(within(log).getByTestId('webhook-delivery-39')).getByText('204')).toBeTruthy();
    expect(calls.find((call) => call.url.startsWith('/api/webhooks/deliveries'))?.url).toBe('/api/webhooks/deliveries?endpointId=1');
    fireEvent.click(within(dead).getByTestId('webhook-resend'));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url === '/api/webhooks/deliveries/40/redeliver')).toBe(true),
    );
    await waitFor(() => expect(toastTitles()).toContain('Entrega reenviada'));
  });
});
