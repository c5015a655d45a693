/// <reference lib="dom" />
/**
 * Work organisation (issue 13) in Chromium against the standalone product with the simulator: tags
 * made on /tags, and a quick message with an attachment made on /quick-messages, picked with '/' in
 * the chat and received by the simulated phone with its file. Each test starts from a company of its
 * own, set up through the API.
 */
import type { Page } from 'playwright-core';

import { api, companyOfItsOwn, pageToken, scannedConnection, signedInPage, until } from '../support/browser-setup';
import { type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(180_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const CUSTOMER = { from: '5511955554444', pushName: 'Joana Prado' };
const VIEWPORT = { width: 1366, height: 820 };

describe('browser: work organisation', () => {
  let stack: ProductStack;
  let baseUrl: string;

  beforeAll(async () => {
    stack = await startProductStack('browser_work_organisation', ADMIN, { SIMULATOR_ENABLED: 'true' });
    ({ baseUrl } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** A company of its own, its admin signed in. */
  const adminOfItsOwn = async (company: string): Promise<Page> => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, company);
    return signedInPage(stack, admin, VIEWPORT);
  };

  it("tags are added on /tags from the menu: the dialog's texts, the kanban toggle, the chip in its colour", async () => {
    const page = await adminOfItsOwn('Tags');
    await page.locator('[data-testid="menu-item-tags"]').click();
    await page.waitForURL('**/tags');
    await page.locator('[data-testid="tags-empty"]').waitFor();

    await page.locator('[data-testid="tags-add"]').click();
    const dialog = page.locator('[data-testid="tag-modal"]');
    await dialog.locator('[data-testid="tag-name"]').fill('ab');
    await dialog.locator('[data-testid="tag-save"]').click();
    await dialog.getByText('Mensagem muito curta').waitFor();
    await dialog.locator('[data-testid="tag-name"]').fill('Proposta enviada');
    await dialog.locator('[data-testid="tag-color"]').fill('#2e7d32');
    await dialog.locator('[data-testid="tag-kanban"]').click();
    await dialog.locator('[data-testid="tag-save"]').click();
    await dialog.waitFor({ state: 'detached' });

    const chip = page.locator('[data-testid="tags-row"] [data-testid="tag-chip"]', { hasText: 'Proposta enviada' });
    await chip.waitFor();
    expect(await chip.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(46, 125, 50)');
    const lanes = (await api(baseUrl, 'GET', '/api/tags/kanban', await pageToken(page))).body as { lista: { name: string }[] };
    expect(lanes.lista.map((tag) => tag.name)).toEqual(['Proposta enviada']);
  });

  it("a quick message with an attachment, picked with '/' in the chat, reaches the phone with its file", async () => {
    const page = await adminOfItsOwn('Respostas rápidas');
    const token = await pageToken(page);
    const connectionId = (await scannedConnection(baseUrl, token, 'Simulador Respostas')).id;

    // The quick message, with its file, on /quick-messages.
    await page.locator('[data-testid="menu-item-quickMessages"]').click();
    await page.waitForURL('**/quick-messages');
    await page.locator('[data-testid="quick-messages-add"]').click();
    const dialog = page.locator('[data-testid="quick-message-modal"]');
    await dialog.locator('[data-testid="quick-message-save"]').click();
    await dialog.getByText('Obrigatório').waitFor();
    await dialog.locator('[data-testid="quick-message-shortcode"]').fill('catalogo');
    await dialog.locator('[data-testid="quick-message-message"]').fill('Olá {{firstName}}, segue o nosso catálogo.');
    await dialog
      .locator('[data-testid="quick-message-media-input"]')
      .setInputFiles({ name: 'catalogo novo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await dialog.locator('[data-testid="quick-message-save"]').click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    const row = page.locator('[data-testid="quick-messages-row"]', { hasText: 'catalogo' });
    await row.getByText('catalogo_novo.pdf').waitFor({ timeout: 15_000 });

    // The customer writes; the admin accepts and answers with the quick message.
    const inbound = await api(baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, token, {
      ...CUSTOMER,
      body: 'Vocês têm catálogo?',
    });
    expect(inbound.status).toBeLessThan(300);
    await page.locator('[data-testid="menu-item-tickets"]').click();
    await page.locator('[data-testid="tickets-subtab-pending"]').click();
    const item = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName });
    await item.waitFor({ timeout: 15_000 });
    await item.locator('[data-testid="ticket-accept"]').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const chat = page.locator('[data-testid="ticket-chat"]');
    const input = chat.locator('[data-testid="message-text"]');
    await input.waitFor({ timeout: 15_000 });
    await input.pressSequentially('/cat');
    await chat.locator('[data-testid="quick-message-option"]', { hasText: 'catalogo' }).waitFor();
    await input.press('Enter');
    expect(await input.inputValue()).toBe('Olá Joana, segue o nosso catálogo.');
    await chat.locator('[data-testid="message-quick-media"]', { hasText: 'catalogo_novo.pdf' }).waitFor();
    await chat.locator('[data-testid="message-send"]').click();
    await chat.locator('[data-testid="message-quick-media"]').waitFor({ state: 'detached', timeout: 15_000 });

    const sent = await until(async () => {
      const outbound = (await api(baseUrl, 'GET', `/api/simulator/connections/${connectionId}/outbound`, token)).body as {
        messages: { to: string; body: string; mediaType: string | null; fileName: string | null }[];
      };
      return outbound.messages.find((message) => message.fileName === 'catalogo_novo.pdf');
    }, 'the quick message at the phone');
    expect(sent.to).toBe(CUSTOMER.from);
    expect(sent.mediaType).toBe('document');
    expect(sent.body).toMatch(/Olá Joana, segue o nosso catálogo\.$/);
  });
});
