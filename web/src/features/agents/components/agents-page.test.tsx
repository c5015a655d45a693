import type { Agent } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { aQueue } from '@/testing/contract-fakes';
import { type FakeCall, on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { AgentsPage } from './agents-page';
import { AgentsVariantPage } from './agents-variant-page';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const at = '2026-11-27T12:00:00.000Z';
const anAgent = (overrides: Partial<Agent> = {}): Agent => ({
  id: 7,
  name: 'Bia',
  description: '',
  mode: 'template',
  companyName: 'Loja Azul',
  companyDescription: '',
  businessHours: '',
  location: '',
  questionnaireData: { businessType: 'Moda', businessDescription: 'Roupas', tone: 'amigavel', mainServices: 'Vestidos' },
  customPrompt: '',
  systemPrompt: '',
  provider: 'openai',
  apiKey: '••••4321',
  model: 'gpt-4o-mini',
  temperature: 0.7,
  maxTokens: 1000,
  maxMessages: 10,
  voice: '',
  voiceKey: '',
  voiceRegion: '',
  voiceEnabled: true,
  voiceApiKey: '',
  voiceId: '',
  voiceProvider: 'elevenlabs',
  canSchedule: false,
  schedulingInstructions: '',
  schedulingServices: [],
  connectedServices: [],
  canSetTags: false,
  tagRules: [],
  tags: [],
  tagInstructions: '',
  allowServiceAccess: false,
  fallbackMessage: 'Desculpe, não entendi. Como posso ajudar?',
  transferToHumanKeywords: ['atendente'],
  isActive: true,
  templateId: null,
  selectedTemplate: null,
  usage: { promptTokens: 1200, completionTokens: 300, costUsd: 0.0123 },
  companyId: 1,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});
const noTemplates = on('GET', '/agent-templates', 200, { templates: [] });
const posted = (calls: FakeCall[], url: string) => calls.find((call) => call.method === 'POST' && call.url === url)?.body;

/** The step the wizard's ordered step list marks as the current one (aria-current="step"). */
function currentStep(wizard: HTMLElement): string | null {
  const steps = within(wizard).getByRole('list', { name: 'Etapas do agente' });
  expect(steps.tagName).toBe('OL');
  expect(within(steps).getAllByRole('listitem')).toHaveLength(5);
  const current = steps.querySelectorAll('li[aria-current="step"]');
  expect(current).toHaveLength(1);
  return current[0]!.textContent;
}

async function walkTheWizard() {
  fireEvent.click(await screen.findByTestId('agent-new'));
  const wizard = await screen.findByTestId('agent-wizard');
  expect(currentStep(wizard)).toContain('Informações Básicas');
  fireEvent.click(within(wizard).getByTestId('agent-next'));
  expect(await within(wizard).findByText('Nome é obrigatório')).toBeTruthy();
  fireEvent.change(within(wizard).getByTestId('agent-name'), { target: { value: 'Bia' } });
  fireEvent.click(within(wizard).getByTestId('agent-next'));
  await within(wizard).findByTestId('agent-company-name');
  expect(currentStep(wizard)).toContain('Informações do Negócio');
  fireEvent.click(within(wizard).getByTestId('agent-next'));
  expect(await within(wizard).findByText('Nome da empresa é obrigatório')).toBeTruthy();
  expect(within(wizard).getByText('Tipo de negócio é obrigatório')).toBeTruthy();
  fireEvent.change(within(wizard).getByTestId('agent-company-name'), { target: { value: 'Loja Azul' } });
  fireEvent.change(within(wizard).getByTestId('agent-business-type'), { target: { value: 'Moda' } });
  fireEvent.change(within(wizard).getByTestId('agent-business-description'), { target: { value: 'Roupas femininas' } });
  fireEvent.change(within(wizard).getByTestId('agent-main-services'), { target: { value: 'Vestidos' } });
  fireEvent.click(within(wizard).getByTestId('agent-next'));
  await within(wizard).findByTestId('agent-tag-rules');
  fireEvent.change(within(wizard).getByTestId('agent-tag-rules'), { target: { value: 'vip:   ' } });
  fireEvent.click(within(wizard).getByTestId('agent-next'));
  expect(await within(wizard).findByText('Informe a condição')).toBeTruthy();
  fireEvent.change(within(wizard).getByTestId('agent-tag-rules'), { target: { value: 'vip: pediu desconto' } });
  fireEvent.click(within(wizard).getByTestId('agent-next'));
  await within(wizard).findByTestId('agent-api-key');
  fireEvent.click(within(wizard).getByTestId('agent-next'));
  expect(await within(wizard).findByText('Chave de API é obrigatória')).toBeTruthy();
  fireEvent.change(within(wizard).getByTestId('agent-api-key'), { target: { value: 'sk-short' } });
  fireEvent.click(within(wizard).getByTestId('agent-next'));
  expect(await within(wizard).findByText('Chave de API deve ter pelo menos 10 caracteres')).toBeTruthy();
  fireEvent.change(within(wizard).getByTestId('agent-api-key'), { target: { value: 'sk-proj-0123456789' } });
  fireEvent.click(within(wizard).getByTestId('agent-next'));
  const save = await within(wizard).findByTestId('agent-save');
  expect(currentStep(wizard)).toContain('Finalizar');
  return save;
}

describe('the agents tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('shows each card with its chips, provider and model, settings and usage', async () => {
    stubApi(
      noTemplates,
      on('GET', '/queue', 200, []),
      on('GET', '/agents', 200, [
        anAgent(),
        anAgent({ id: 8, name: 'Leo', mode: 'advanced', isActive: false, canSchedule: true, voiceEnabled: false }),
      ]),
    );
    renderWithProviders(<AgentsPage companyId={1} maxQueues={5} />);
    const bia = await screen.findByTestId('agent-card-7');
    expect(within(bia).getByRole('heading', { level: 2 }).textContent).toBe('Bia');
    expect(within(bia).getAllByText('Ativo')).toHaveLength(2);
    for (const chip of ['Template', 'Sem agendamento', 'Voz', 'openai · gpt-4o-mini', 'Temperatura 0.7 · 1000 tokens'])
      expect(within(bia).getByText(chip)).toBeTruthy();
    expect(within(bia).getByTestId('agent-usage').textContent).toContain('1.500 tokens usados');
    const leo = screen.getByTestId('agent-card-8');
    for (const chip of ['Avançado', 'Inativo', 'Agendamento']) expect(within(leo).getByText(chip)).toBeTruthy();
    expect(within(leo).queryByText('Voz')).toBeNull();
  });

  it("reads 'Limite Atingido (current/max)' and is disabled at the plan's queue limit", async () => {
    stubApi(noTemplates, on('GET', '/agents', 200, []), on('GET', '/queue', 200, [aQueue({ id: 1 }), aQueue({ id: 2 })]));
    renderWithProviders(<AgentsPage companyId={1} maxQueues={2} />);
    await waitFor(() => expect(screen.getByTestId('agent-new').textContent).toBe('Limite Atingido (2/2)'));
    expect((screen.getByTestId('agent-new') as HTMLButtonElement).disabled).toBe(true);
  });

  it('the wizard checks each step, then creates the agent and its queue (colour by id modulo 6)', async () => {
    const calls = stubApi(
      noTemplates,
      on('GET', '/agents', 200, []),
      on('GET', '/queue', 200, []),
      on('POST', '/agents', 201, anAgent({ id: 8 })),
      on('POST', '/queue', 201, aQueue({ id: 30, agentId: 8 })),
    );
    renderWithProviders(<AgentsPage companyId={1} maxQueues={5} />);
    fireEvent.click(await walkTheWizard());
    await waitFor(() => expect(posted(calls, '/api/queue')).toBeTruthy());
    expect(posted(calls, '/api/agents')).toMatchObject({
      name: 'Bia',
      mode: 'template',
      companyName: 'Loja Azul',
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: 'sk-proj-0123456789',
      temperature: 0.7,
      maxTokens: 1000,
      maxMessages: 10,
      tagRules: [{ tag: 'vip', condition: 'pediu desconto' }],
      questionnaireData: { businessType: 'Moda', businessDescription: 'Roupas femininas', mainServices: 'Vestidos' },
    });
    expect(posted(calls, '/api/queue')).toEqual({ name: 'Bia', color: '#DC2626', greetingMessage: '', orderQueue: null, agentId: 8 });
    await waitFor(() => expect(screen.queryByTestId('agent-wizard')).toBeNull());
  });

  it("still reports the agent when its queue can't be made, with the spec's warning", async () => {
    const calls = stubApi(
      noTemplates,
      on('GET', '/agents', 200, []),
      on('GET', '/queue', 200, []),
      on('POST', '/agents', 201, anAgent({ id: 8 })),
      on('POST', '/queue', 400, { error: 'ERR_QUEUE_LIMIT_REACHED', message: 'Queue limit reached', current: 2, max: 2 }),
    );
    const toasts = vi.spyOn(toaster, 'create');
    renderWithProviders(<AgentsPage companyId={1} maxQueues={5} />);
    fireEvent.click(await walkTheWizard());
    await waitFor(() => expect(screen.queryByTestId('agent-wizard')).toBeNull());
    expect(posted(calls, '/api/agents')).toBeTruthy();
    expect(toasts.mock.calls.map(([toast]) => toast.title)).toEqual([
      'Agente criado com sucesso!',
      'Limite de filas atingido. Exclua uma fila existente ou atualize seu plano para criar mais filas.',
    ]);
  });

  it('deleting an agent deletes its queues first, then the agent', async () => {
    const calls = stubApi(
      noTemplates,
      on('GET', '/agents', 200, [anAgent()]),
      on('GET', '/queue', 200, [aQueue({ id: 30, agentId: 7 }), aQueue({ id: 31, agentId: 9 }), aQueue({ id: 32, agentId: 7 })]),
      on('DELETE', '/queue/30', 200, { message: 'ok' }),
      on('DELETE', '/queue/32', 200, { message: 'ok' }),
      on('DELETE', '/agents/7', 200, { message: 'ok' }),
    );
    renderWithProviders(<AgentsPage companyId={1} maxQueues={5} />);
    fireEvent.click(await screen.findByTestId('agent-delete-7'));
    fireEvent.click(await screen.findByTestId('agent-delete-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/agents/7')).toBe(true));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/queue/30',
      '/api/queue/32',
      '/api/agents/7',
    ]);
  });

  it('the Ativo switch sends only isActive', async () => {
    const calls = stubApi(
      noTemplates,
      on('GET', '/queue', 200, []),
      on('GET', '/agents', 200, [anAgent()]),
      on('PUT', '/agents/7', 200, anAgent({ isActive: false })),
    );
    renderWithProviders(<AgentsPage companyId={1} maxQueues={5} />);
    const toggle = await screen.findByTestId('agent-active-7');
    fireEvent.click(within(toggle).getByRole('checkbox'));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ isActive: false }));
  });
});

describe('the /agents variant', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("step 0 shows the first 4 templates, 'Ver Todos' and advanced mode; a template opens the form with it chosen, back returns", async () => {
    const templates = [1, 2, 3, 4, 5].map((id) => ({
      id,
      name: `Modelo ${id}`,
      category: 'vendas',
      description: 'd',
      basePrompt: 'p',
      requiredFields: ['agent_name'],
      defaultConfig: {},
      icon: '',
      createdAt: at,
      updatedAt: at,
    }));
    stubApi(on('GET', '/agent-templates', 200, { templates }), on('GET', '/agents', 200, []), on('GET', '/queue', 200, []));
    renderWithProviders(<AgentsVariantPage companyId={1} maxQueues={5} />);
    await screen.findByTestId('agents-variant-template-4');
    expect(screen.queryByTestId('agents-variant-template-5')).toBeNull();
    // The page's one h1 comes first; each choice is a card heading holding a real button named by its title.
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Integrações e Agentes IA']);
    expect(screen.getByRole('button', { name: 'Modelo 4' }).dataset.testid).toBe('agents-variant-template-4');
    expect(screen.getByRole('heading', { level: 3, name: 'Modo Avançado' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('agents-variant-all'));
    fireEvent.click(within(await screen.findByTestId('agents-variant-all-dialog')).getByTestId('agents-variant-template-5'));
    const wizard = await screen.findByTestId('agent-wizard');
    expect((within(wizard).getByTestId('agent-template') as HTMLSelectElement).value).toBe('5');
    fireEvent.click(screen.getByTestId('agents-variant-back'));
    fireEvent.click(await screen.findByTestId('agents-variant-advanced'));
    expect((within(await screen.findByTestId('agent-wizard')).getByTestId('agent-mode') as HTMLSelectElement).value).toBe('advanced');
  });
});
