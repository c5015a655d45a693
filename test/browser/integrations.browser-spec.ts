/// <reference lib="dom" />
/**
 * Chatbot integrations (issue 24) in Chromium against the standalone product with the simulator: the
 * admin creates a typebot integration on /integrations-and-agents (Integrações tab) pointing at a local
 * server speaking typebot's v1 chat API, binds it to a queue in the queue's modal, the queue is the
 * simulator connection's; the customer's message is answered by the typebot in the chat, and the
 * customer's finish keyword ends the bot's session (the ticket goes to a human, the bot says no more).
 */
import { startTypebotServer, type TypebotServer } from '@app/ai/testing';
import { simulatorOutboundResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';

import { api, companyOfItsOwn, pageToken, scannedConnection, signedInPage, until } from '../support/browser-setup';
import { type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(180_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const CUSTOMER = { from: '5511966663333', pushName: 'Marina Costa' };
const VIEWPORT = { width: 1366, height: 820 };

describe('browser: chatbot integrations', () => {
  let stack: ProductStack;
  let baseUrl: string;
  let typebot: TypebotServer;

  beforeAll(async () => {
    typebot = await startTypebotServer();
    // The typebot listens on the loopback address: the operator's allowlist lets integrations reach it.
    stack = await startProductStack('browser_integrations', ADMIN, { SIMULATOR_ENABLED: 'true', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    ({ baseUrl } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
    await typebot?.close();
  });

  it('an admin creates a typebot integration and binds it to a queue; the typebot answers the customer in the chat; the finish keyword ends its session', async () => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Loja Azul', { useIntegrations: true });
    const page = await signedInPage(stack, admin, VIEWPORT);
    const token = await pageToken(page);

    // The integration, on the Integrações tab.
    await page.goto(`${baseUrl}/integrations-and-agents`);
    await page.locator('[data-testid="tab-integrations"]').click();
    await page.locator('[data-testid="integrations-empty"]').waitFor();
    await page.locator('[data-testid="agent-new"]').click();
    const form = page.locator('[data-testid="integration-new-form"]');
    await form.locator('[data-testid="integration-new-type"]').selectOption('typebot');
    await form.locator('[data-testid="integration-new-name"]').fill('Loja Bot');
    await form.locator('[data-testid="integration-new-create"]').click();
    const modal = page.locator('[role="dialog"]', { has: page.locator('[data-testid="integration-save"]') });
    await modal.locator('[data-testid="integration-urlN8N"]').fill(typebot.baseUrl);
    await modal.locator('[data-testid="integration-typebotSlug"]').fill('loja');
    await modal.locator('[data-testid="integration-typebotDelayMessage"]').fill('100');
    await modal.locator('[data-testid="integration-typebotKeywordFinish"]').fill('sair');
    await modal.locator('[data-testid="integration-save"]').click();
    await modal.waitFor({ state: 'detached' });
    const card = page.locator('[data-testid^="integration-card-"]', { hasText: 'Loja Bot' });
    await card.waitFor();
    const integrationId = Number((await card.getAttribute('data-testid'))!.replace('integration-card-', ''));

    // The queue, bound to it in the queue's modal.
    await page.goto(`${baseUrl}/queues`);
    await page.locator('[data-testid="queues-add"]').click();
    const queueModal = page.locator('[role="dialog"]', { has: page.locator('[data-testid="queue-save"]') });
    await queueModal.locator('[data-testid="queue-name"]').fill('Vendas');
    await queueModal.locator('[data-testid="queue-color"]').fill('#1565c0');
    const bind = queueModal.locator(`[data-testid="queue-bind-integration-${integrationId}"]`);
    await bind.click();
    expect(await bind.getAttribute('aria-pressed')).toBe('true');
    await queueModal.locator('[data-testid="queue-save"]').click();
    await queueModal.waitFor({ state: 'detached' });
    const queues = (await api(baseUrl, 'GET', '/api/queue', token)).body as { id: number; name: string; integrationId: number | null }[];
    const queue = queues.find((candidate) => candidate.name === 'Vendas')!;
    expect(queue.integrationId).toBe(integrationId);

    // The simulator connection serves that queue from its creation: conversations learns a connection's
    // queues from its events, which a customer's message (keyed by its chat) can overtake, so a queue set
    // a moment before the first message may not be the ticket's yet.
    const connection = await scannedConnection(baseUrl, token, 'Simulador Loja', undefined, { queueIds: [queue.id] });
    const outbound = async () =>
      expectAnswer(
        simulatorOutboundResponseSchema,
        await api(baseUrl, 'GET', `/api/simulator/connections/${connection.id}/outbound`, token),
      ).messages;

    // The customer writes; the typebot's greeting and menu are in the chat and at the phone.
    const said = await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, { ...CUSTOMER, body: 'Oi' });
    expect(said.status).toBeLessThan(300);
    await page.goto(`${baseUrl}/tickets`);
    await page.locator('[data-testid="tickets-subtab-pending"]').click();
    const item = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName });
    await item.waitFor({ timeout: 30_000 });
    await item.click();
    const chat = page.locator('[data-testid="ticket-chat"]');
    await chat
      .locator('[data-testid="message"][data-from-me="true"]', { hasText: `Olá ${CUSTOMER.pushName}! Bem-vindo à Loja Azul.` })
      .waitFor({ timeout: 30_000 });
    await chat.locator('[data-testid="message"][data-from-me="true"]', { hasText: '1 - Comprar' }).waitFor({ timeout: 30_000 });
    await until(async () => (await outbound()).some((message) => message.body.startsWith('1 - Comprar')), 'the menu at the phone');
    expect(typebot.requests.map((request) => request.path)).toEqual(['/api/v1/typebots/loja/startChat']);

    // The finish keyword: the session ends (typebot is not called with it), the bot says no more.
    const fromMe = chat.locator('[data-testid="message"][data-from-me="true"]');
    const botSaid = await fromMe.count();
    await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, { ...CUSTOMER, body: 'sair' });
    await chat.locator('[data-testid="message"][data-from-me="false"]', { hasText: 'sair' }).waitFor({ timeout: 15_000 });
    await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, { ...CUSTOMER, body: 'alguém aí?' });
    await chat.locator('[data-testid="message"][data-from-me="false"]', { hasText: 'alguém aí?' }).waitFor({ timeout: 15_000 });
    // The customer's last message is in the chat; the bot neither called typebot nor said anything since.
    expect(typebot.requests).toHaveLength(1);
    expect(await fromMe.count()).toBe(botSaid);
  });
});
