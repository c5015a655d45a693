import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createAppQueryClient } from '@/app/provider';
import { Toaster, toaster } from '@/components/ui/toaster';
import { system } from '@/lib/theme';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { QueuesPage } from './queues-page';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const queue = {
  id: 1,
  name: 'Vendas',
  color: '#2576d2',
  greetingMessage: 'Bem-vindo às vendas',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  orderQueue: 1,
  integrationId: null,
  agentId: null,
  promptId: null,
  mediaPath: null,
  mediaName: null,
  schedules: [],
  companyId: 7,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('queues page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('shows one card per queue, and the add button turns into the limit at the plan maximum', async () => {
    stubApi(on('GET', '/queue', 200, [queue]));
    renderWithProviders(<QueuesPage maxQueues={1} />);
    expect(await screen.findByRole('article', { name: 'Vendas' })).toBeTruthy();
    expect(screen.getByText('Bem-vindo às vendas')).toBeTruthy();
    const add = screen.getByTestId('queues-add') as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.textContent).toContain('Limite Atingido (1/1)');
  });

  it('a new queue needs a name of 2 characters, and is sent with the default week', async () => {
    const calls = stubApi(on('GET', '/queue', 200, []), on('POST', '/queue', 200, { ...queue, id: 2, name: 'Suporte' }));
    renderWithProviders(<QueuesPage maxQueues={3} />);
    await screen.findByTestId('queues-empty');
    fireEvent.click(screen.getByTestId('queues-add'));
    fireEvent.change(await screen.findByTestId('queue-name'), { target: { value: 'S' } });
    fireEvent.click(screen.getByTestId('queue-save'));
    expect(await screen.findByText('Too Short!')).toBeTruthy();

    fireEvent.change(screen.getByTestId('queue-name'), { target: { value: 'Suporte' } });
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body as { name: string; schedules: unknown[]; orderQueue: unknown };
    expect(body.name).toBe('Suporte');
    expect(body.orderQueue).toBeNull();
    expect(body.schedules).toHaveLength(7);
  });

  it('a new queue starts with a free colour; a taken one is shown once, under the colour field and in one toast', async () => {
    const calls = stubApi(
      on('GET', '/queue', 200, [queue]),
      on('POST', '/queue', 409, { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS', message: 'A queue with this colour exists' }),
    );
    // The app's own query client: its default toasts failed mutations that are not silent.
    render(
      <ChakraProvider value={system}>
        <QueryClientProvider client={createAppQueryClient()}>
          <QueuesPage maxQueues={3} />
          <Toaster />
        </QueryClientProvider>
      </ChakraProvider>,
    );
    await screen.findByRole('article', { name: 'Vendas' });
    fireEvent.click(screen.getByTestId('queues-add'));
    expect(((await screen.findByTestId('queue-color')) as HTMLInputElement).value).not.toBe('#2576d2');
    fireEvent.change(screen.getByTestId('queue-name'), { target: { value: 'Suporte' } });
    fireEvent.change(screen.getByTestId('queue-color'), { target: { value: '#2576d2' } });
    fireEvent.click(screen.getByTestId('queue-save'));
    await screen.findByTestId('toast-error');
    expect(within(screen.getByTestId('queue-modal')).getByText('Esta cor já está em uso, escolha outra.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByTestId('toast-error')).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('binds the queue to one integration or agent: choosing one clears the others, choosing it again unbinds', async () => {
    const bound = { ...queue, promptId: 3 };
    const calls = stubApi(
      on('GET', '/queue', 200, [bound]),
      on('GET', '/queueIntegration', 200, {
        queueIntegrations: [
          {
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
            companyId: 7,
            createdAt: queue.createdAt,
            updatedAt: queue.updatedAt,
          },
        ],
        count: 1,
        hasMore: false,
      }),
      on('GET', '/agents', 200, []),
      on('PUT', '/queue/1', 200, bound),
    );
    renderWithProviders(<QueuesPage maxQueues={3} canBind />);
    fireEvent.click(await screen.findByTestId('queue-edit'));
    const integration = await screen.findByTestId('queue-bind-integration-4');
    expect(integration.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(integration);
    expect(integration.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ integrationId: 4, agentId: null, promptId: null });
    await waitFor(() => expect(screen.queryByTestId('queue-modal')).toBeNull());

    fireEvent.click(screen.getByTestId('queue-edit'));
    const again = await screen.findByTestId('queue-bind-integration-4');
    fireEvent.click(again);
    fireEvent.click(again);
    expect(again.getAttribute('aria-pressed')).toBe('false');
  });

  it('a chosen media file is uploaded after the queue is saved, and removing it deletes it', async () => {
    const withMedia = { ...queue, mediaName: 'menu.pdf', mediaPath: '/api/whatsapp-media/companies/7/conversations/uploads/x-menu.pdf' };
    const calls = stubApi(
      on('GET', '/queue', 200, [withMedia]),
      on('PUT', '/queue/1', 200, withMedia),
      on('POST', '/queue/1/media-upload', 201, { ...withMedia, mediaName: 'boas_vindas.png' }),
      on('DELETE', '/queue/1/media-upload', 200, { ...queue }),
    );
    renderWithProviders(<QueuesPage maxQueues={3} />);
    expect(within(await screen.findByRole('article', { name: 'Vendas' })).getByTestId('queue-card-media').textContent).toContain(
      'menu.pdf',
    );

    fireEvent.click(screen.getByTestId('queue-edit'));
    expect((await screen.findByTestId('queue-media-name')).textContent).toBe('menu.pdf');
    const file = new File(['png'], 'boas vindas.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('queue-media-input'), { target: { files: [file] } });
    expect(screen.getByTestId('queue-media-name').textContent).toBe('boas vindas.png');
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/queue/1/media-upload')).toBe(true));
    const methods = calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`);
    expect(methods).toEqual(['PUT /api/queue/1', 'POST /api/queue/1/media-upload']);
    expect((calls.find((call) => call.method === 'POST')?.body as FormData).get('file')).toBe(file);
    await waitFor(() => expect(screen.queryByTestId('queue-modal')).toBeNull());

    fireEvent.click(screen.getByTestId('queue-edit'));
    fireEvent.click(await screen.findByTestId('queue-media-remove'));
    expect(screen.getByTestId('queue-media-name').textContent).toBe('Nenhum arquivo anexado');
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/queue/1/media-upload')).toBe(true));
  });
});
