import type { QueueIntegration } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { aQueue } from '@/testing/contract-fakes';
import { type FakeCall, on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { QueueIntegrationsPage } from './queue-integrations-page';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const at = '2026-11-27T12:00:00.000Z';
const anIntegration = (overrides: Partial<QueueIntegration> = {}): QueueIntegration => ({
  id: 4,
  type: 'typebot',
  name: 'Bot Vendas',
  projectName: 'Bot Vendas',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: 'https://typebot.example.com',
  urlflowise: '',
  urldify: '',
  apidify: '',
  openaiid: '',
  openaikey: '',
  transcribes: false,
  typebotSlug: 'loja',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
  signingSecret: '',
  companyId: 1,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});
const page = (list: QueueIntegration[], hasMore = false) => ({ queueIntegrations: list, count: list.length, hasMore });
const posted = (calls: FakeCall[], url: string) => calls.find((call) => call.method === 'POST' && call.url === url)?.body;
const render = () => renderWithProviders(<QueueIntegrationsPage companyId={1} limitReached={false} limitLabel="1/5" />);

describe('the queue integrations page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('shows a card per integration with its type chip and the description of its type', async () => {
    stubApi(
      on('GET', '/queue', 200, []),
      on(
        'GET',
        '/queueIntegration',
        200,
        page([anIntegration(), anIntegration({ id: 5, type: 'webhook', name: 'Gancho', urlN8N: 'https://h.example.com' })]),
      ),
    );
    render();
    const card = await screen.findByTestId('integration-card-5');
    expect(within(card).getByText('Gancho')).toBeTruthy();
    expect(within(card).getByText('webhook')).toBeTruthy();
    expect(
      within(card).getByText('Webhook: cada mensagem é enviada, assinada, para a sua URL, e a resposta volta ao cliente.'),
    ).toBeTruthy();
    expect(within(screen.getByTestId('integration-card-4')).getByText('typebot')).toBeTruthy();
  });

  it('the inline form starts as typebot and creates only with a name; the modal asks the slug, then creates the integration and its queue', async () => {
    const calls = stubApi(
      on('GET', '/queue', 200, []),
      on('GET', '/queueIntegration', 200, page([])),
      on('POST', '/queueIntegration', 201, anIntegration({ id: 8, name: 'Loja' })),
      on('POST', '/queue', 201, aQueue({ id: 30, integrationId: 8 })),
    );
    const toasts = vi.spyOn(toaster, 'create');
    render();
    expect(await screen.findByTestId('integrations-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('integration-new'));
    const form = await screen.findByTestId('integration-new-form');
    expect((within(form).getByTestId('integration-new-type') as HTMLSelectElement).value).toBe('typebot');
    const create = within(form).getByTestId('integration-new-create') as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(within(form).getByTestId('integration-new-name'), { target: { value: 'Loja' } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    const modal = await screen.findByTestId('integration-modal');
    expect((within(modal).getByTestId('integration-name') as HTMLInputElement).value).toBe('Loja');
    expect((within(modal).getByTestId('integration-typebotDelayMessage') as HTMLInputElement).value).toBe('1000');
    expect((within(modal).getByTestId('integration-typebotExpires') as HTMLInputElement).value).toBe('1');
    fireEvent.click(within(modal).getByTestId('integration-save'));
    expect(await within(modal).findAllByText('Obrigatório')).toHaveLength(2);
    expect(posted(calls, '/api/queueIntegration')).toBeUndefined();
    fireEvent.change(within(modal).getByTestId('integration-urlN8N'), { target: { value: 'https://typebot.example.com' } });
    fireEvent.change(within(modal).getByTestId('integration-typebotSlug'), { target: { value: 'loja' } });
    fireEvent.click(within(modal).getByTestId('integration-save'));
    await waitFor(() => expect(posted(calls, '/api/queue')).toBeTruthy());
    expect(posted(calls, '/api/queueIntegration')).toMatchObject({
      type: 'typebot',
      name: 'Loja',
      urlN8N: 'https://typebot.example.com',
      typebotSlug: 'loja',
      typebotDelayMessage: 1000,
      typebotExpires: 1,
    });
    // The automatic queue: the name, a colour of the 6 by id modulo 6, empty greeting, bound to the integration.
    expect(posted(calls, '/api/queue')).toEqual({
      name: 'Loja',
      color: '#DC2626',
      greetingMessage: '',
      orderQueue: null,
      integrationId: 8,
    });
    await waitFor(() => expect(toasts.mock.calls.map(([toast]) => toast.title)).toContain('Integração criada com sucesso!'));
  });

  it("the modal shows each type's own fields", async () => {
    stubApi(
      on('GET', '/queue', 200, []),
      on(
        'GET',
        '/queueIntegration',
        200,
        page([anIntegration({ id: 6, type: 'dify', name: 'Dify', urldify: 'https://api.dify.ai/v1', apidify: '••••wxyz' })]),
      ),
    );
    render();
    fireEvent.click(await screen.findByTestId('integration-edit-6'));
    const modal = await screen.findByTestId('integration-modal');
    expect(within(modal).getByTestId('integration-urldify')).toBeTruthy();
    expect((within(modal).getByTestId('integration-apidify') as HTMLInputElement).value).toBe('••••wxyz');
    expect(within(modal).queryByTestId('integration-typebotSlug')).toBeNull();
    fireEvent.change(within(modal).getByTestId('integration-type'), { target: { value: 'dialogflow' } });
    expect(await within(modal).findByTestId('integration-jsonContent')).toBeTruthy();
    expect(within(modal).getByTestId('integration-language')).toBeTruthy();
    expect(within(modal).queryByTestId('integration-urldify')).toBeNull();
  });

  it("a Flowise chatflow's API key goes in the form's key field, labelled for Flowise and optional", async () => {
    const calls = stubApi(
      on('GET', '/queue', 200, []),
      on('GET', '/queueIntegration', 200, page([])),
      on('POST', '/queueIntegration', 201, anIntegration({ id: 10, type: 'flowise', name: 'Flow', urlflowise: 'https://f.example.com/x' })),
      on('POST', '/queue', 201, aQueue({ id: 40, integrationId: 10 })),
    );
    render();
    fireEvent.click(await screen.findByTestId('integration-new'));
    const form = await screen.findByTestId('integration-new-form');
    fireEvent.change(within(form).getByTestId('integration-new-type'), { target: { value: 'flowise' } });
    fireEvent.change(within(form).getByTestId('integration-new-name'), { target: { value: 'Flow' } });
    fireEvent.click(within(form).getByTestId('integration-new-create'));
    const modal = await screen.findByTestId('integration-modal');
    const key = within(modal).getByLabelText('Chave de API do Flowise (opcional)') as HTMLInputElement;
    expect(key.type).toBe('password');
    fireEvent.change(within(modal).getByTestId('integration-urlflowise'), {
      target: { value: 'https://flowise.example.com/api/v1/prediction/abc' },
    });
    fireEvent.change(key, { target: { value: 'flowise-key-1234' } });
    fireEvent.click(within(modal).getByTestId('integration-save'));
    await waitFor(() => expect(posted(calls, '/api/queueIntegration')).toMatchObject({ type: 'flowise', apidify: 'flowise-key-1234' }));
  });

  it("still reports the integration when its queue can't be made, with the spec's limit warning", async () => {
    stubApi(
      on('GET', '/queue', 200, []),
      on('GET', '/queueIntegration', 200, page([])),
      on('POST', '/queueIntegration', 201, anIntegration({ id: 9, type: 'n8n', name: 'Fluxo' })),
      on('POST', '/queue', 400, { error: 'ERR_QUEUE_LIMIT_REACHED', message: 'Queue limit reached', current: 2, max: 2 }),
    );
    const toasts = vi.spyOn(toaster, 'create');
    render();
    fireEvent.click(await screen.findByTestId('integration-new'));
    const form = await screen.findByTestId('integration-new-form');
    fireEvent.change(within(form).getByTestId('integration-new-type'), { target: { value: 'n8n' } });
    fireEvent.change(within(form).getByTestId('integration-new-name'), { target: { value: 'Fluxo' } });
    fireEvent.click(within(form).getByTestId('integration-new-create'));
    const modal = await screen.findByTestId('integration-modal');
    fireEvent.change(within(modal).getByTestId('integration-urlN8N'), { target: { value: 'https://n8n.example.com/webhook/a' } });
    fireEvent.click(within(modal).getByTestId('integration-save'));
    await waitFor(() =>
      expect(toasts.mock.calls.map(([toast]) => toast.title)).toContain(
        'Limite de filas atingido. Exclua uma fila existente ou atualize seu plano para criar mais filas.',
      ),
    );
  });

  it('asks before deleting with the count of its queues, deletes them first, then the integration', async () => {
    const calls = stubApi(
      on('GET', '/queueIntegration', 200, page([anIntegration()])),
      on('GET', '/queue', 200, [
        aQueue({ id: 30, integrationId: 4 }),
        aQueue({ id: 31, integrationId: 9 }),
        aQueue({ id: 32, integrationId: 4 }),
      ]),
      on('DELETE', '/queue/30', 200, { message: 'ok' }),
      on('DELETE', '/queue/32', 200, { message: 'ok' }),
      on('DELETE', '/queueIntegration/4', 200, { message: 'Integração excluída com sucesso!' }),
    );
    const toasts = vi.spyOn(toaster, 'create');
    render();
    await screen.findByTestId('integration-card-4');
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/queue') && call.method === 'GET')).toBe(true));
    fireEvent.click(screen.getByTestId('integration-delete-4'));
    expect(
      await screen.findByText('Tem certeza que deseja excluir a integração "Bot Vendas"? 2 filas ligadas a ela também serão removidas.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('integration-delete-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/queueIntegration/4')).toBe(true));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/queue/30',
      '/api/queue/32',
      '/api/queueIntegration/4',
    ]);
    await waitFor(() =>
      expect(toasts.mock.calls.map(([toast]) => toast.title)).toContain('Integração excluída com sucesso! 2 filas também foram removidas.'),
    );
  });
});
