/// <reference lib="dom" />
/**
 * AI agents (issue 23) in Chromium against the standalone product with the simulator and a local
 * model server speaking OpenAI's chat completions: the admin creates an agent from a seeded template in
 * the wizard on /integrations-and-agents (its queue comes with it), the queue is the simulator
 * connection's; the customer's message is answered by the agent in the chat and at the phone, with the
 * template filled with the company's answers; the customer asks for a human and the agent hands the
 * ticket over and stays silent on it.
 */
import { FakeModelServer } from '@app/ai/testing';
import { connectionSchema, simulatorOutboundResponseSchema, ticketListResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';

import { api, companyOfItsOwn, pageToken, scannedConnection, signedInPage, until } from '../support/browser-setup';
import { type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(240_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const CUSTOMER = { from: '5511966664444', pushName: 'Rita Souza' };
const VIEWPORT = { width: 1366, height: 820 };
const GREETING = 'Olá! Aqui é a Bia, da Doceria Lua. Em que posso ajudar?';

describe('browser: AI agents', () => {
  let stack: ProductStack;
  let baseUrl: string;
  let model: FakeModelServer;

  beforeAll(async () => {
    model = await FakeModelServer.start();
    model.answerWith(() => ({ kind: 'reply', text: GREETING }));
    // The model listens on the loopback address: the operator's allowlist lets the agents reach it.
    stack = await startProductStack('browser_ai_agents', ADMIN, {
      SIMULATOR_ENABLED: 'true',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      AI_OPENAI_BASE_URL: model.baseUrl,
    });
    ({ baseUrl } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
    await model?.close();
  });

  it('an agent made from a template answers the customer through the simulator, and hands the ticket to a human when asked', async () => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Doceria Lua', { useIntegrations: true, useOpenAi: true });
    const page = await signedInPage(stack, admin, VIEWPORT);
    const token = await pageToken(page);

    // The wizard, from a seeded template.
    await page.goto(`${baseUrl}/integrations-and-agents`);
    await page.locator('[data-testid="tab-agents"]').click();
    await page.locator('[data-testid="agent-new"]').click();
    const wizard = page.locator('[data-testid="agent-wizard"]');
    await wizard.locator('[data-testid="agent-name"]').fill('Bia');
    await wizard.locator('[data-testid="agent-mode"]').selectOption('template');
    const template = wizard.locator('[data-testid="agent-template"]');
    await template.locator('option', { hasText: 'atendimento' }).first().waitFor({ state: 'attached' });
    const attendance = await template.locator('option', { hasText: 'atendimento' }).first().getAttribute('value');
    await template.selectOption(attendance!);
    await wizard.locator('[data-testid="agent-next"]').click();
    await wizard.locator('[data-testid="agent-company-name"]').fill('Doceria Lua');
    await wizard.locator('[data-testid="agent-business-type"]').fill('Confeitaria');
    await wizard.locator('[data-testid="agent-business-description"]').fill('Bolos e doces por encomenda');
    await wizard.locator('[data-testid="agent-main-services"]').fill('Bolos de aniversário');
    await wizard.locator('[data-testid="agent-next"]').click();
    await wizard.locator('[data-testid="agent-tag-rules"]').waitFor();
    await wizard.locator('[data-testid="agent-next"]').click();
    await wizard.locator('[data-testid="agent-api-key"]').fill('sk-proj-browser-agent-0001');
    await wizard.locator('[data-testid="agent-next"]').click();
    await wizard.locator('[data-testid="agent-save"]').click();
    await wizard.waitFor({ state: 'detached', timeout: 30_000 });
    await page.locator('[data-testid^="agent-card-"]', { hasText: 'Bia' }).waitFor();

    // Its queue came with it; the simulator connection serves that queue and answers at once.
    const queues = (await api(baseUrl, 'GET', '/api/queue', token)).body as { id: number; agentId: number | null }[];
    const queue = queues.find((candidate) => candidate.agentId !== null)!;
    expect(queue).toBeDefined();
    const connection = await scannedConnection(baseUrl, token, 'Simulador Doceria');
    expectAnswer(
      connectionSchema,
      await api(baseUrl, 'PUT', `/api/whatsapp/${connection.id}`, token, { queueIds: [queue.id], timeforagroup: 0 }),
    );
    const outbound = async () =>
      expectAnswer(
        simulatorOutboundResponseSchema,
        await api(baseUrl, 'GET', `/api/simulator/connections/${connection.id}/outbound`, token),
      ).messages.filter((message) => message.to === CUSTOMER.from && message.mediaType !== 'read');

    // The queue's binding and the connection's queue reach ai and conversations by events: a probe
    // customer writes until the agent answers one, so the journey's customer starts on a ready product.
    const answeredAt = async (number: string) =>
      expectAnswer(
        simulatorOutboundResponseSchema,
        await api(baseUrl, 'GET', `/api/simulator/connections/${connection.id}/outbound`, token),
      ).messages.some((message) => message.to === number && message.body === GREETING);
    await until(
      async () => {
        const probe = `55119600${String(Date.now()).slice(-5)}`;
        await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, { from: probe, body: 'teste' });
        for (let i = 0; i < 20; i++) {
          if (await answeredAt(probe)) return true;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        return false;
      },
      'the agent answering a probe customer',
      90_000,
    );

    // The customer writes: the agent's answer is in the chat, marked as the agent's, and at the phone.
    await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, {
      ...CUSTOMER,
      body: 'Oi, vocês fazem bolo?',
    });
    await until(async () => (await outbound()).some((message) => message.body === GREETING), 'the answer at the phone');
    await page.goto(`${baseUrl}/tickets`);
    await page.locator('[data-testid="tickets-subtab-pending"]').click();
    const item = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName });
    await item.waitFor({ timeout: 30_000 });
    await item.click();
    const chat = page.locator('[data-testid="ticket-chat"]');
    const answer = chat.locator('[data-testid="message"][data-from-me="true"]', { hasText: GREETING });
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.locator('[data-testid="message-ai-author"]').textContent()).toBe('IA · Bia');
    // The template was filled with the company's answers.
    const asking = model.requests.find((request) => request.body.messages.at(-1)?.content === 'Oi, vocês fazem bolo?')!;
    const system = asking.body.messages[0]!.content;
    expect(system).toContain('Doceria Lua');
    expect(system).toContain('Confeitaria');
    expect(system).not.toContain('{{COMPANY_NAME}}');

    // The customer asks for a human: the ticket is handed over (pending, no one's), the model is not asked.
    const asked = model.requests.length;
    await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, {
      ...CUSTOMER,
      body: 'Quero falar com um atendente',
    });
    await chat.locator('[data-testid="message"][data-from-me="false"]', { hasText: 'Quero falar com um atendente' }).waitFor();
    const tickets = async () =>
      expectAnswer(ticketListResponseSchema, await api(baseUrl, 'GET', '/api/tickets?showAll=true&status=pending', token)).tickets;
    const ticket = await until(
      async () => (await tickets()).find((one) => one.contact.number === CUSTOMER.from && one.userId === null),
      'the ticket pending for staff',
    );
    expect(ticket.queueId).toBe(queue.id);
    // From then on the agent stays silent.
    await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, { ...CUSTOMER, body: 'Alguém aí?' });
    await chat.locator('[data-testid="message"][data-from-me="false"]', { hasText: 'Alguém aí?' }).waitFor({ timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(model.requests).toHaveLength(asked);
    expect((await outbound()).filter((message) => message.body === GREETING)).toHaveLength(1);
    await item.waitFor();
  });
  it('a document uploaded to the agent grounds its answer: the customer asks, the agent answers from it and names it', async () => {
    const MENU = 'Bolo de cenoura com cobertura de chocolate: R$ 45,00 o quilo.';
    const systems: string[] = [];
    model.answerWith((received) => {
      const system = received.body.messages.map((message) => message.content).join('\n');
      systems.push(system);
      // Grounded: the passage and the document's title are in what the agent was told.
      return system.includes('R$ 45,00') && system.includes('cardapio')
        ? { kind: 'reply', text: 'O bolo de cenoura custa R$ 45,00 o quilo (segundo o documento "cardapio").' }
        : { kind: 'reply', text: GREETING };
    });
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Doceria Sol', { useIntegrations: true, useOpenAi: true });
    const page = await signedInPage(stack, admin, VIEWPORT);
    const token = await pageToken(page);
    const agent = (
      await api(baseUrl, 'POST', '/api/agents', token, {
        name: 'Sol',
        mode: 'template',
        companyName: 'Doceria Sol',
        apiKey: 'sk-proj-browser-agent-0002',
        questionnaireData: { businessType: 'Confeitaria', businessDescription: 'Bolos', tone: 'amigavel', mainServices: 'Bolos' },
      })
    ).body as { id: number };
    const queue = (await api(baseUrl, 'POST', '/api/queue', token, { name: 'Sol', color: '#aa3300' })).body as { id: number };
    await api(baseUrl, 'PUT', `/api/queue/${queue.id}`, token, { agentId: agent.id });

    // The document, on the agent's edit dialog.
    await page.goto(`${baseUrl}/integrations-and-agents`);
    await page.locator('[data-testid="tab-agents"]').click();
    await page.locator(`[data-testid="agent-card-${agent.id}"]`).getByRole('button', { name: 'Editar' }).click();
    const documents = page.locator('[data-testid="agent-documents"]');
    await documents.locator('[data-testid="agent-documents-input"]').setInputFiles({
      name: 'cardapio.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`Cardápio da Doceria Sol\n\n${MENU}\nBrigadeiro: R$ 3,00 a unidade.\n`),
    });
    const document = documents.locator('[data-testid="agent-document"]', { hasText: 'cardapio' });
    await document.locator('[data-testid="agent-document-status"]', { hasText: 'Pronto' }).waitFor({ timeout: 30_000 });

    const connection = await scannedConnection(baseUrl, token, 'Simulador Sol');
    expectAnswer(
      connectionSchema,
      await api(baseUrl, 'PUT', `/api/whatsapp/${connection.id}`, token, { queueIds: [queue.id], timeforagroup: 0 }),
    );
    const customer = '5511966665555';
    const answers = async () =>
      expectAnswer(
        simulatorOutboundResponseSchema,
        await api(baseUrl, 'GET', `/api/simulator/connections/${connection.id}/outbound`, token),
      ).messages.filter((message) => message.to === customer);
    await until(
      async () => {
        if ((await answers()).some((message) => message.body.includes('R$ 45,00'))) return true;
        await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, {
          from: customer,
          pushName: 'Caio Lima',
          body: 'Quanto custa o bolo de cenoura?',
        });
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        return (await answers()).some((message) => message.body.includes('R$ 45,00'));
      },
      'the grounded answer at the phone',
      60_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; the model was told: ${systems.at(-1)?.slice(-800)}`);
    });
    await page.goto(`${baseUrl}/tickets`);
    await page.locator('[data-testid="tickets-subtab-pending"]').click();
    await page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', { hasText: 'Caio Lima' }).click();
    await page
      .locator('[data-testid="ticket-chat"] [data-testid="message"][data-from-me="true"]', {
        hasText: 'segundo o documento "cardapio"',
      })
      .first()
      .waitFor({ timeout: 30_000 });
  });
});
