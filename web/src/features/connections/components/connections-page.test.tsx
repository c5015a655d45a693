import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { aConnection, aSession } from '../testing/connection-factory';
import type { Connection } from '../types';
import { ConnectionsPage } from './connections-page';

const socket = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));

vi.mock('@/lib/socket', () => ({
  useSocketEvent: (name: string | null, handler: (payload: unknown) => void) => {
    if (name) socket.handlers.set(name, handler);
  },
}));

function emit(event: string, payload: unknown) {
  const handler = socket.handlers.get(event);
  if (!handler) throw new Error(`nobody listens to ${event}`);
  act(() => handler(payload));
}

type Call = { method: string; url: string; body: unknown };

function serve(routes: Record<string, unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const key = `${method} ${String(url)}`;
      if (!(key in routes)) return new Response(JSON.stringify({ error: 'ERR_NOT_FOUND' }), { status: 404 });
      return new Response(JSON.stringify(routes[key] ?? null), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderPage() {
  return renderWithProviders(<ConnectionsPage companyId={7} canAddConnection canEditOrDeleteConnection />);
}

async function card(name: string) {
  return (await screen.findByRole('article', { name })) as HTMLElement;
}

const connections: Connection[] = [
  aConnection({ id: 1, name: 'Vendas', status: 'CONNECTED', isDefault: true }),
  aConnection({ id: 2, name: 'Suporte', status: 'DISCONNECTED', number: '' }),
  aConnection({ id: 3, name: 'Financeiro', status: 'OPENING' }),
  aConnection({ id: 4, name: 'Novo', status: 'qrcode', qrcode: '2@first-qr', qrcodeImage: 'data:image/png;base64,Zmlyc3Q=' }),
];

describe('connections page', () => {
  beforeEach(() => {
    socket.handlers.clear();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says it is loading, then shows one card per connection with chip, star and the buttons of its status', async () => {
    serve({ 'GET /api/whatsapp/': connections });
    renderPage();
    expect(screen.getByText('Carregando conexões')).toBeTruthy();

    const vendas = await card('Vendas');
    expect(within(vendas).getByText('Conectado')).toBeTruthy();
    expect(within(vendas).getByTestId('connection-default-star')).toBeTruthy();
    expect(within(vendas).getByText('+55 (11) 99999-8888')).toBeTruthy();
    expect(within(vendas).getByRole('button', { name: /Desconectar/ })).toBeTruthy();
    expect(within(vendas).getByRole('button', { name: /Editar/ })).toBeTruthy();
    expect(within(vendas).getByRole('button', { name: /Deletar/ })).toBeTruthy();

    const suporte = await card('Suporte');
    expect(within(suporte).getByText('Desconectado')).toBeTruthy();
    expect(within(suporte).getByRole('button', { name: /Tentar Novamente/ })).toBeTruthy();
    expect(within(suporte).getByRole('button', { name: /Novo QR/ })).toBeTruthy();
    expect(within(suporte).queryByTestId('connection-default-star')).toBeNull();

    const financeiro = await card('Financeiro');
    const connecting = within(financeiro).getByTestId('connection-connecting-button');
    expect(connecting.textContent).toContain('Conectando...');
    expect((connecting as HTMLButtonElement).disabled).toBe(true);
    expect(within(financeiro).queryByTestId('connection-status-chip')).toBeNull();

    const novo = await card('Novo');
    expect(within(novo).getByText('QR Code', { selector: '[data-testid=connection-status-chip]' })).toBeTruthy();
    expect(within(novo).getByRole('button', { name: /^QR Code$/ })).toBeTruthy();
  });

  it('shows the empty state when the company has no connection', async () => {
    serve({ 'GET /api/whatsapp/': [] });
    renderPage();
    expect(await screen.findByText('Nenhuma conexão encontrada')).toBeTruthy();
  });

  it('follows session and connection events without reloading', async () => {
    const calls = serve({ 'GET /api/whatsapp/': connections });
    renderPage();
    await card('Suporte');

    emit('company-7-whatsappSession', { action: 'update', session: aSession(connections[1]!, { status: 'CONNECTED' }) });
    expect(within(await card('Suporte')).getByText('Conectado')).toBeTruthy();

    emit('company-7-whatsapp', { action: 'update', whatsapp: aConnection({ id: 5, name: 'Chegou agora', status: 'OPENING' }) });
    await card('Chegou agora');

    emit('company-7-whatsapp', { action: 'delete', whatsappId: 1 });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Vendas' })).toBeNull());

    expect(calls.filter((call) => call.url === '/api/whatsapp/')).toHaveLength(1);
  });

  it('a socket payload that does not match the contract reloads the list instead', async () => {
    const calls = serve({ 'GET /api/whatsapp/': connections });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage();
    await card('Vendas');
    emit('company-7-whatsappSession', { action: 'update', session: { id: 1 } });
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/whatsapp/')).toHaveLength(2));
  });

  it('the QR modal shows the four steps and the live QR code, and closes when the QR code becomes empty', async () => {
    serve({ 'GET /api/whatsapp/': connections });
    renderPage();
    fireEvent.click(within(await card('Novo')).getByRole('button', { name: /^QR Code$/ }));

    const modal = await screen.findByTestId('qr-code-modal');
    expect(within(modal).getByText('Abra o WhatsApp no seu celular')).toBeTruthy();
    expect(within(modal).getAllByRole('listitem')).toHaveLength(4);
    expect(within(modal).getByTestId('qr-code').getAttribute('data-qrcode')).toBe('2@first-qr');
    // Drawn once, by the server: the modal shows its image and draws nothing itself.
    expect(modal.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,Zmlyc3Q=');
    expect(within(modal).getByTestId('qr-code').querySelector('svg')).toBeNull();

    emit('company-7-whatsappSession', {
      action: 'update',
      session: aSession(connections[3]!, { qrcode: '2@second-qr', qrcodeImage: 'data:image/png;base64,c2Vjb25k' }),
    });
    await waitFor(() => expect(within(modal).getByTestId('qr-code').getAttribute('data-qrcode')).toBe('2@second-qr'));
    expect(modal.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,c2Vjb25k');

    emit('company-7-whatsappSession', { action: 'update', session: aSession(connections[3]!, { status: 'PAIRING', qrcode: '' }) });
    await waitFor(() => expect(screen.queryByTestId('qr-code-modal')).toBeNull());
  });

  it('disconnecting asks first, then calls DELETE /whatsappsession/{id}', async () => {
    const calls = serve({ 'GET /api/whatsapp/': connections, 'DELETE /api/whatsappsession/1': { message: 'ok' } });
    renderPage();
    fireEvent.click(within(await card('Vendas')).getByRole('button', { name: /Desconectar/ }));
    const dialog = await screen.findByTestId('connection-confirmation');
    expect(within(dialog).getByText('Tem certeza? Você precisará ler o QR Code novamente.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('connection-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/whatsappsession/1')).toBe(true));
  });

  it("'Tentar Novamente' starts the session and 'Novo QR' asks for a new QR code", async () => {
    const calls = serve({
      'GET /api/whatsapp/': connections,
      'POST /api/whatsappsession/2': { message: 'ok' },
      'PUT /api/whatsappsession/2': { message: 'ok' },
    });
    renderPage();
    const suporte = await card('Suporte');
    fireEvent.click(within(suporte).getByRole('button', { name: /Tentar Novamente/ }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/api/whatsappsession/2')).toBe(true));
    fireEvent.click(within(suporte).getByRole('button', { name: /Novo QR/ }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.url === '/api/whatsappsession/2')).toBe(true));
  });

  it('deleting asks for confirmation with the spec text, then calls DELETE /whatsapp/{id}', async () => {
    const calls = serve({ 'GET /api/whatsapp/': connections, 'DELETE /api/whatsapp/2': { message: 'ok' } });
    renderPage();
    fireEvent.click(within(await card('Suporte')).getByRole('button', { name: /Deletar/ }));
    const dialog = await screen.findByTestId('connection-confirmation');
    expect(within(dialog).getByText('Deseja realmente excluir este registro?')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('connection-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/whatsapp/2')).toBe(true));
  });

  it('an edit without changes sends nothing; a renamed connection sends only the change', async () => {
    const stored = connections[0]!;
    const calls = serve({
      'GET /api/whatsapp/': connections,
      'GET /api/whatsapp/1': stored,
      'GET /api/queue': [],
      'PUT /api/whatsapp/1': stored,
    });
    renderPage();
    fireEvent.click(within(await card('Vendas')).getByRole('button', { name: /Editar/ }));
    const modal = await screen.findByTestId('connection-modal');
    const name = (await within(modal).findByLabelText(/Nome/)) as HTMLInputElement;
    expect(name.value).toBe('Vendas');

    fireEvent.click(within(modal).getByTestId('connection-save'));
    await waitFor(() => expect(screen.queryByTestId('connection-modal')).toBeNull());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.click(within(await card('Vendas')).getByRole('button', { name: /Editar/ }));
    const again = await screen.findByTestId('connection-modal');
    fireEvent.change(await within(again).findByLabelText(/Nome/), { target: { value: 'Vendas SP' } });
    fireEvent.click(within(again).getByTestId('connection-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Vendas SP', queueIds: [], transferQueueId: null });
  });
});
