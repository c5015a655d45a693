import { type Prompt, PROMPT_AZURE_VOICES } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { aQueue } from '@/testing/contract-fakes';
import { type FakeCall, on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { PromptsPage } from './prompts-page';

const handlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (event: string | null, handler: (payload: unknown) => void) => {
    if (event) handlers.set(event, handler);
  },
}));

const at = '2026-11-26T12:00:00.000Z';
const aPrompt = (overrides: Partial<Prompt> = {}): Prompt => ({
  id: 1,
  name: 'Atendente',
  apiKey: '••••1234',
  prompt: 'Você é o atendente da loja.',
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
  temperature: 1,
  maxTokens: 100,
  maxMessages: 10,
  queueId: 3,
  queue: { id: 3, name: 'Suporte' },
  companyId: 7,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});
const queues = on('GET', '/queue', 200, [
  aQueue({ id: 3, name: 'Suporte', companyId: 7 }),
  aQueue({ id: 4, name: 'Vendas', companyId: 7 }),
]);
const gets = (calls: FakeCall[]) => calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/prompt'));

describe('the prompts page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
    handlers.clear();
  });

  it("lists the prompts with their queue's name and voice, and searches 500 ms after typing stops with the text lowercased", async () => {
    const calls = stubApi(
      queues,
      on('GET', '/prompt', 200, {
        prompts: [aPrompt(), aPrompt({ id: 2, name: 'Voz', voice: 'pt-BR-FranciscaNeural', queueId: null, queue: null })],
        count: 2,
        hasMore: false,
      }),
    );
    renderWithProviders(<PromptsPage companyId={7} />);
    const rows = await screen.findAllByTestId('prompts-row');
    expect(rows.map((row) => within(row).getByTestId('prompts-queue').textContent)).toEqual(['Suporte', 'Sem setor']);
    expect(within(rows[1]!).getByText('Francisca')).toBeTruthy();

    fireEvent.change(screen.getByTestId('prompts-search'), { target: { value: 'Noturna' } });
    expect(gets(calls).some((call) => call.url.includes('searchParam=noturna'))).toBe(false);
    await waitFor(() => expect(gets(calls).some((call) => call.url.includes('searchParam=noturna'))).toBe(true), { timeout: 2000 });
  });

  it('loads the next page when the end of the list comes near', async () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          this.callback([{ isIntersecting: true }]);
        }
        disconnect() {}
      },
    );
    const calls = stubApi(queues, (call) => {
      if (call.method !== 'GET' || !call.url.startsWith('/api/prompt')) return undefined;
      const second = call.url.includes('pageNumber=2');
      return {
        status: 200,
        body: second
          ? { prompts: [aPrompt({ id: 21, name: 'Segunda página' })], count: 21, hasMore: false }
          : { prompts: [aPrompt()], count: 21, hasMore: true },
      };
    });
    renderWithProviders(<PromptsPage companyId={7} />);
    expect(await screen.findByText('Segunda página')).toBeTruthy();
    expect(screen.getAllByTestId('prompts-row')).toHaveLength(2);
    expect(gets(calls).filter((call) => call.url.includes('pageNumber=3'))).toHaveLength(0);
  });

  it("the dialog needs a queue ('Informe o setor'), a name, the API key and the training; a new prompt sends the spec's defaults", async () => {
    const calls = stubApi(
      queues,
      on('GET', '/prompt', 200, { prompts: [], count: 0, hasMore: false }),
      on('POST', '/prompt', 201, aPrompt({ id: 9 })),
    );
    renderWithProviders(<PromptsPage companyId={7} />);
    fireEvent.click(await screen.findByTestId('prompts-add'));
    fireEvent.click(await screen.findByTestId('prompt-save'));
    expect(await screen.findByText('Informe o setor')).toBeTruthy();
    expect(screen.getByText('Obrigatório')).toBeTruthy();
    expect(screen.getByText('Informe a API Key')).toBeTruthy();
    expect(screen.getByText('Descreva o treinamento para Inteligência Artificial')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('prompt-name'), { target: { value: 'Recepção' } });
    fireEvent.change(screen.getByTestId('prompt-api-key'), { target: { value: 'sk-test-0000' } });
    fireEvent.change(screen.getByTestId('prompt-prompt'), { target: { value: 'Atenda com cordialidade.' } });
    await waitFor(() => expect(within(screen.getByTestId('prompt-queue')).getByText('Vendas')).toBeTruthy());
    fireEvent.change(screen.getByTestId('prompt-queue'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('prompt-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Recepção',
        apiKey: 'sk-test-0000',
        prompt: 'Atenda com cordialidade.',
        queueId: 4,
        voice: 'texto',
        voiceKey: '',
        voiceRegion: '',
        temperature: 1,
        maxTokens: 100,
        maxMessages: 10,
      }),
    );
  });

  it('offers texto and the 16 Brazilian Portuguese neural voices; a spoken voice needs the Azure key and region', async () => {
    const calls = stubApi(
      queues,
      on('GET', '/prompt', 200, { prompts: [aPrompt()], count: 1, hasMore: false }),
      on('PUT', '/prompt/1', 200, aPrompt({ voice: 'pt-BR-ThalitaNeural' })),
    );
    renderWithProviders(<PromptsPage companyId={7} />);
    fireEvent.click(await screen.findByTestId('prompts-edit'));
    const voice = (await screen.findByTestId('prompt-voice')) as HTMLSelectElement;
    expect([...voice.options].map((option) => option.value)).toEqual(['texto', ...PROMPT_AZURE_VOICES]);
    expect(PROMPT_AZURE_VOICES).toHaveLength(16);
    fireEvent.change(voice, { target: { value: 'pt-BR-ThalitaNeural' } });
    fireEvent.click(screen.getByTestId('prompt-save'));
    expect(await screen.findByText('Informe a chave do serviço de voz')).toBeTruthy();
    expect(screen.getByText('Informe a região do serviço de voz')).toBeTruthy();
    fireEvent.change(screen.getByTestId('prompt-voice-key'), { target: { value: 'azure-key-1' } });
    fireEvent.change(screen.getByTestId('prompt-voice-region'), { target: { value: 'brazilsouth' } });
    fireEvent.change(screen.getByTestId('prompt-temperature'), { target: { value: '0,7' } });
    fireEvent.click(screen.getByTestId('prompt-save'));
    // The key goes back as it was shown: the server keeps the stored one.
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        apiKey: '••••1234',
        voice: 'pt-BR-ThalitaNeural',
        voiceKey: 'azure-key-1',
        voiceRegion: 'brazilsouth',
        temperature: 0.7,
        queueId: 3,
      }),
    );
  });

  it('a prompt created, changed or deleted elsewhere (company-{id}-prompt) reloads the list', async () => {
    let answer = { prompts: [aPrompt()], count: 1, hasMore: false };
    stubApi(queues, (call) => (call.method === 'GET' && call.url.startsWith('/api/prompt') ? { status: 200, body: answer } : undefined));
    renderWithProviders(<PromptsPage companyId={7} />);
    expect(await screen.findByText('Atendente')).toBeTruthy();
    answer = { prompts: [aPrompt(), aPrompt({ id: 2, name: 'Criado em outra aba' })], count: 2, hasMore: false };
    handlers.get('company-7-prompt')!({ action: 'create', prompt: aPrompt({ id: 2, name: 'Criado em outra aba' }) });
    expect(await screen.findByText('Criado em outra aba')).toBeTruthy();
  });
});
