import type { ApiMediaFile } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createAppQueryClient } from '@/app/provider';
import { Toaster, toaster } from '@/components/ui/toaster';
import { renderWithProviders } from '@/testing/test-utils';

import { aConnection } from '../testing/connection-factory';
import type { Connection, ConnectionQueue } from '../types';
import { ConnectionSettings } from './connection-settings';

type Call = { method: string; url: string; body: unknown };

/**
 * Answers every PUT with the connection as sent, the list of API media uploads, an upload with the
 * file's name, and a delete as `deleted` says (the name leaves the list when it answers 200).
 */
function serve(connection: Connection, uploads: ApiMediaFile[] = [], deleted: (name: string) => Response = () => json({ message: 'ok' })) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const isForm = init?.body instanceof FormData;
      const body = isForm ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: String(url), body });
      if (method === 'DELETE' && String(url).startsWith('/api/whatsapp-media/api-medias/')) {
        const name = decodeURIComponent(String(url).slice('/api/whatsapp-media/api-medias/'.length));
        const answer = deleted(name);
        if (answer.ok) uploads = uploads.filter((file) => file.name !== name);
        return answer;
      }
      if (method === 'PUT' && String(url) === `/api/whatsapp/${connection.id}`) return json({ ...connection, ...(body as object) });
      if (method === 'GET' && String(url) === '/api/whatsapp-media/api-medias') return json(uploads);
      if (method === 'POST' && String(url) === '/api/whatsapp-media/api-medias') {
        const file = (body as FormData).get('file') as File;
        return json(anApiMedia({ name: file.name, mimetype: file.type, size: file.size }));
      }
      return new Response(JSON.stringify({ error: 'ERR_NOT_FOUND' }), { status: 404 });
    }),
  );
  return calls;
}

function json(value: unknown, status = 200) {
  return new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
}

function anApiMedia(file: Partial<ApiMediaFile> & { name: string }): ApiMediaFile {
  const mimetype = file.mimetype ?? 'image/png';
  return {
    type: mimetype.startsWith('video/') ? 'video' : 'image',
    mimetype,
    size: 10,
    uploadedAt: '2026-11-20T10:00:00.000Z',
    url: `/api/whatsapp-media/companies/1/whatsapp/api-medias/u-${file.name}`,
    ...file,
  };
}

const QUEUES: ConnectionQueue[] = [
  { id: 1, name: 'Vendas', color: '#f00' },
  { id: 2, name: 'Suporte', color: '#0f0' },
];

const PANELS = {
  queues: 'connection-queue-settings',
  transcription: 'connection-transcription-settings',
  general: 'connection-general-settings',
  apiMedia: 'connection-api-media',
} as const;

/** Opens a panel of the accordion: its content mounts when first opened. */
function open(section: keyof typeof PANELS) {
  fireEvent.click(screen.getByTestId(`connection-settings-${section}-toggle`));
  return screen.findByTestId(PANELS[section]);
}

describe('connection card settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('shows the active agents, the first 6 and how many more', () => {
    const agents = Array.from({ length: 8 }, (_, index) => ({
      id: 10 + index,
      name: `Agente ${index + 1}`,
      color: '#00f',
      agentId: index + 1,
    }));
    serve(aConnection());
    renderWithProviders(
      <ConnectionSettings
        connection={aConnection({ queueIds: [1, ...agents.map((agent) => agent.id)] })}
        queues={[...QUEUES, ...agents]}
      />,
    );
    expect(screen.getAllByTestId('connection-agent').map((chip) => chip.textContent)).toEqual(
      agents.slice(0, 6).map((agent) => agent.name),
    );
    expect(screen.getByTestId('connection-agents-more').textContent).toBe('+2');
  });

  it('without agents there is no agents row', () => {
    serve(aConnection());
    renderWithProviders(
      <>
        <ConnectionSettings connection={aConnection({ queueIds: [1] })} queues={QUEUES} />
        <Toaster />
      </>,
    );
    expect(screen.queryByTestId('connection-agents')).toBeNull();
  });

  it('with more than one queue the greeting is required and nothing is sent; with it, only the changed field goes', async () => {
    const connection = aConnection({ id: 4, queueIds: [1, 2] });
    const calls = serve(connection);
    renderWithProviders(
      <>
        <ConnectionSettings connection={connection} queues={QUEUES} />
        <Toaster />
      </>,
    );
    const panel = await open('queues');
    expect((within(panel).getByRole('checkbox', { name: 'Vendas' }) as HTMLInputElement).checked).toBe(true);
    expect((within(panel).getByRole('checkbox', { name: 'Suporte' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(panel).getByTestId('connection-queue-settings-save'));
    await within(panel).findByText('Mensagem de saudação é obrigatória quando há mais de uma fila selecionada');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    fireEvent.change(within(panel).getByTestId('connection-setting-greetingMessage'), { target: { value: 'Olá! Escolha uma fila:' } });
    fireEvent.click(within(panel).getByTestId('connection-queue-settings-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ greetingMessage: 'Olá! Escolha uma fila:' });
  });

  it('with one queue the greeting is cleared', async () => {
    const connection = aConnection({ id: 4, queueIds: [1], greetingMessage: 'Saudação antiga' });
    const calls = serve(connection);
    renderWithProviders(<ConnectionSettings connection={connection} queues={QUEUES} />);
    const panel = await open('queues');
    fireEvent.click(within(panel).getByTestId('connection-queue-settings-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ greetingMessage: '' });
  });

  it('saving a panel without changes sends nothing', async () => {
    const connection = aConnection({ id: 4 });
    const calls = serve(connection);
    renderWithProviders(
      <>
        <ConnectionSettings connection={connection} queues={QUEUES} />
        <Toaster />
      </>,
    );
    const panel = await open('general');
    fireEvent.click(within(panel).getByTestId('connection-general-settings-save'));
    await screen.findByText('Nenhuma alteração para salvar.');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('transcription settings send the provider and the key that changed', async () => {
    const connection = aConnection({ id: 4 });
    const calls = serve(connection);
    renderWithProviders(
      <>
        <ConnectionSettings connection={connection} queues={QUEUES} />
        <Toaster />
      </>,
    );
    const panel = await open('transcription');
    fireEvent.change(within(panel).getByTestId('connection-setting-transcribekey'), { target: { value: ' sk-nova-chave ' } });
    fireEvent.change(within(panel).getByTestId('connection-setting-transcribeprovider'), { target: { value: 'deepgram' } });
    fireEvent.click(within(panel).getByTestId('connection-transcription-settings-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ transcribeprovider: 'deepgram', transcribekey: 'sk-nova-chave' });
  });

  it('general settings refuse a number that is not whole, and send numbers as numbers', async () => {
    const connection = aConnection({ id: 4 });
    const calls = serve(connection);
    renderWithProviders(
      <>
        <ConnectionSettings connection={connection} queues={QUEUES} />
        <Toaster />
      </>,
    );
    const panel = await open('general');
    fireEvent.change(within(panel).getByTestId('connection-setting-maxUseBotQueues'), { target: { value: 'três' } });
    fireEvent.click(within(panel).getByTestId('connection-general-settings-save'));
    await within(panel).findByText('Informe um número inteiro');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    fireEvent.change(within(panel).getByTestId('connection-setting-maxUseBotQueues'), { target: { value: '5' } });
    fireEvent.change(within(panel).getByTestId('connection-setting-ratingMessage'), { target: { value: 'Dê uma nota de 1 a 5' } });
    fireEvent.click(within(panel).getByTestId('connection-general-settings-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ maxUseBotQueues: 5, ratingMessage: 'Dê uma nota de 1 a 5' });
  });

  it('an API media position takes an uploaded image or video by name and refuses other files', async () => {
    const connection = aConnection({ id: 4, api2_medias: ['banner.png'] });
    const calls = serve(connection);
    renderWithProviders(
      <>
        <ConnectionSettings connection={connection} queues={QUEUES} />
        <Toaster />
      </>,
    );
    const panel = await open('apiMedia');
    expect(within(panel).getAllByTestId('connection-api-media-position')).toHaveLength(9);
    const api2 = within(panel).getByTestId('connection-api-media-api2_medias');
    expect((within(api2).getAllByTestId('connection-api-media-name')[0] as HTMLSelectElement).value).toBe('banner.png');

    const input = within(panel).getByTestId('connection-api-media-input') as HTMLInputElement;
    fireEvent.click(within(api2).getAllByTestId('connection-api-media-choose')[1]!);
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'tabela.pdf', { type: 'application/pdf' })] } });
    await screen.findByText('As posições de mídia aceitam apenas imagens e vídeos.');
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);

    fireEvent.click(within(api2).getAllByTestId('connection-api-media-choose')[1]!);
    fireEvent.change(input, { target: { files: [new File(['mp4'], 'promo.mp4', { type: 'video/mp4' })] } });
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/whatsapp-media/api-medias' });
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ api2_medias: ['banner.png', 'promo.mp4', null] });
  });

  it('an API media position picks an earlier upload by name from the list, marked image or video, and sends only that field', async () => {
    const connection = aConnection({ id: 5, api1_medias: ['logo.png'], api3_medias: [null, 'antigo.png'] });
    const uploads = [
      anApiMedia({ name: 'tour.mp4', mimetype: 'video/mp4' }),
      anApiMedia({ name: 'logo.png' }),
      anApiMedia({ name: 'cardapio.png' }),
    ];
    const calls = serve(connection, uploads);
    renderWithProviders(<ConnectionSettings connection={connection} queues={QUEUES} />);
    const panel = await open('apiMedia');
    const api3 = within(panel).getByTestId('connection-api-media-api3_medias');
    const select = within(api3).getAllByTestId('connection-api-media-name')[0] as HTMLSelectElement;
    await waitFor(() => expect(within(select).getByRole('option', { name: 'cardapio.png' })).toBeTruthy());
    expect(within(select).getByRole('group', { name: 'Vídeos' }).textContent).toBe('tour.mp4');
    expect(within(select).getByRole('group', { name: 'Imagens' }).textContent).toBe('logo.pngcardapio.png');
    const api1 = within(panel).getByTestId('connection-api-media-api1_medias');
    expect(within(api1).getAllByTestId('connection-api-media-type')[0]!.dataset.type).toBe('image');
    // A name saved before that is no longer among the uploads stays shown, with a warning.
    expect((within(api3).getAllByTestId('connection-api-media-name')[1] as HTMLSelectElement).value).toBe('antigo.png');
    expect(within(api3).getAllByTestId('connection-api-media-type')[1]!.dataset.type).toBe('missing');

    fireEvent.change(select, { target: { value: 'tour.mp4' } });
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/whatsapp/5',
      body: { api3_medias: ['tour.mp4', 'antigo.png', null] },
    });
  });

  it('an uploaded API media is deleted after confirming, and one a position holds is kept with where it is used', async () => {
    const connection = aConnection({ id: 6, name: 'Loja', api1_medias: [null, 'logo.png'] });
    const uploads = [anApiMedia({ name: 'promo de verão.mp4', mimetype: 'video/mp4' }), anApiMedia({ name: 'logo.png' })];
    const calls = serve(connection, uploads, (name) =>
      name === 'logo.png'
        ? json(
            {
              error: 'ERR_API_MEDIA_IN_USE',
              message: "'logo.png' is in use",
              connections: [
                { id: 6, name: 'Loja', positions: ['api1_medias.1'] },
                { id: 7, name: 'Filial', positions: ['api2_medias.0', 'api3_medias.2'] },
              ],
            },
            409,
          )
        : json({ message: 'api media deleted' }),
    );
    // The app's query client: a failed request shows as a toast.
    renderWithProviders(
      <QueryClientProvider client={createAppQueryClient()}>
        <ConnectionSettings connection={connection} queues={QUEUES} />
        <Toaster />
      </QueryClientProvider>,
    );
    const panel = await open('apiMedia');
    const list = await within(panel).findByTestId('connection-api-media-uploads');
    const rows = within(list).getAllByTestId('connection-api-media-upload');
    expect(rows.map((row) => row.textContent)).toEqual(['promo de verão.mp4', 'logo.pngEm uso']);

    // Cancelling asks nothing of the server.
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Excluir promo de verão.mp4' }));
    const dialog = await screen.findByTestId('connection-api-media-delete-dialog');
    expect(within(dialog).getByText('Excluir a mídia promo de verão.mp4?')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('connection-api-media-delete-dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Excluir promo de verão.mp4' }));
    fireEvent.click(await screen.findByTestId('connection-api-media-delete-confirm'));
    await screen.findByText('Mídia excluída.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/whatsapp-media/api-medias/promo%20de%20ver%C3%A3o.mp4',
    ]);
    await waitFor(() => expect(within(list).getAllByTestId('connection-api-media-upload')).toHaveLength(1));

    fireEvent.click(within(list).getByRole('button', { name: 'Excluir logo.png' }));
    fireEvent.click(await screen.findByTestId('connection-api-media-delete-confirm'));
    await screen.findByText(
      'Esta mídia está em uso em Loja (API 1, posição 2), Filial (API 2, posição 1; API 3, posição 3): esvazie essas posições antes de excluí-la.',
    );
    expect(within(list).getAllByTestId('connection-api-media-upload')).toHaveLength(1);
    // Deleting never touches the connection's positions.
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    // Two dialogs and three requests: about 3 s on a free machine, more on a shared one.
  }, 15_000);
});
