/// <reference lib="dom" />
/**
 * An admin in Chromium against the standalone product (simulator provider on): adds a simulator
 * connection, sees the QR modal with its live QR code, "scans" it through the simulator's control
 * API and watches the card turn 'Conectado' without a reload; disconnects and gets a new QR,
 * restarts every connection and deletes one. Each test starts from a company of its own with the
 * connection in the state it needs, set up through the API.
 */
import { connectionSchema } from '@app/contracts';
import type { Locator, Page } from 'playwright-core';

import {
  api,
  companyOfItsOwn,
  type Credentials,
  pageToken,
  scannedConnection,
  signedInPage,
  simulatorConnection,
  until,
} from '../support/browser-setup';
import { newPage, type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(180_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const CONNECTION_NAME = 'Vendas Simulador';
/** A 1x1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('browser: WhatsApp connections with the simulator', () => {
  let stack: ProductStack;
  let baseUrl: string;

  beforeAll(async () => {
    stack = await startProductStack('browser_connections', ADMIN, { SIMULATOR_ENABLED: 'true' });
    ({ baseUrl } = stack);
  });

  /** A company of its own, its admin signed in on the Connections page. */
  const onConnectionsPage = async (company: string): Promise<{ page: Page; admin: Credentials; token: string }> => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, company);
    const page = await signedInPage(stack, admin);
    await page.goto(`${baseUrl}/connections`);
    await page.locator('[data-testid="connections-add"]').waitFor({ timeout: 15_000 });
    return { page, admin, token: await pageToken(page) };
  };
  /** A company of its own with a connection made through the API, then its admin on the Connections page. */
  const withConnection = async (company: string, make: (token: string) => Promise<{ id: number }>) => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, company);
    const page = await signedInPage(stack, admin);
    const token = await pageToken(page);
    const connection = await make(token);
    await page.goto(`${baseUrl}/connections`);
    await connectionCard(page).waitFor({ timeout: 15_000 });
    await markPageAsNotReloaded(page);
    return { page, token, connectionId: connection.id };
  };

  afterAll(async () => {
    await stack?.stop();
  });

  it('the admin logs in and opens Connections from the side menu: no connection yet', async () => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Sem conexões');
    const page = await newPage(stack);
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="email"]').fill(admin.email);
    await page.locator('input[name="password"]').fill(admin.password);
    await page.locator('button[type="submit"]').click();
    await page.locator('[data-testid="side-menu"]').waitFor();
    await page.locator('[data-testid="menu-item-connections"]').click();
    await page.waitForURL('**/connections');
    await page.getByText('Nenhuma conexão encontrada').waitFor({ timeout: 10_000 });
  });

  it('adding a simulator connection shows its card, and its QR Code opens the four steps and a live QR code', async () => {
    const { page } = await onConnectionsPage('Nova conexão');
    await markPageAsNotReloaded(page);
    await page.locator('[data-testid="connections-add"]').click();
    const modal = page.locator('[data-testid="connection-modal"]');
    await modal.waitFor();
    await modal.getByLabel('Nome').fill(CONNECTION_NAME);
    await modal.locator('[data-testid="connection-provider"]').selectOption('simulator');
    await modal.locator('[data-testid="connection-save"]').click();
    await modal.waitFor({ state: 'detached' });

    const card = connectionCard(page);
    await card.waitFor({ timeout: 10_000 });
    const connectionId = Number(await card.getAttribute('data-connection-id'));
    expect(connectionId).toBeGreaterThan(0);

    await card.locator('[data-testid="connection-qrcode-button"]').click({ timeout: 20_000 });
    const qrModal = page.locator('[data-testid="qr-code-modal"]');
    await qrModal.waitFor();
    for (const step of [
      'Abra o WhatsApp no seu celular',
      'Toque em Mais opções ou Configurações e selecione Aparelhos conectados',
      'Toque em Conectar um aparelho',
      'Aponte seu celular para esta tela para capturar o QR Code',
    ]) {
      await qrModal.getByText(step).waitFor();
    }
    const qr = qrModal.locator('[data-testid="qr-code"]');
    await qr.waitFor({ timeout: 20_000 });
    expect(await qr.getAttribute('data-qrcode')).toBeTruthy();
    expect(await qr.locator('svg, img').count()).toBe(1);
  });

  it("the menu shows '!' while the connection waits for its QR code", async () => {
    const { page } = await withConnection('Aguardando QR', (token) => simulatorConnection(baseUrl, token, CONNECTION_NAME));
    await page.locator('[data-testid="connections-warning-badge"]').waitFor({ timeout: 10_000 });
  });

  it("scanning through the simulator closes the QR modal and turns the card 'Conectado' without a reload", async () => {
    const { page, token, connectionId } = await withConnection('Leitura', (t) => simulatorConnection(baseUrl, t, CONNECTION_NAME));
    await connectionCard(page).locator('[data-testid="connection-qrcode-button"]').click({ timeout: 20_000 });
    await page.locator('[data-testid="qr-code-modal"] [data-testid="qr-code"]').waitFor({ timeout: 20_000 });
    const response = await api(baseUrl, 'POST', `/api/simulator/connections/${connectionId}/scan`, token, {});
    expect(response.status).toBeLessThan(300);

    await page.locator('[data-testid="qr-code-modal"]').waitFor({ state: 'detached', timeout: 20_000 });
    const card = connectionCard(page);
    await card.locator('[data-testid="connection-status-chip"]', { hasText: 'Conectado' }).waitFor({ timeout: 20_000 });
    await card.locator('[data-testid="connection-disconnect-button"]').waitFor();
    expect(await card.locator('[data-testid="connection-last-update"]').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect(await wasNotReloaded(page)).toBe(true);

    await page.locator('[data-testid="connections-warning-badge"]').waitFor({ state: 'detached', timeout: 10_000 });
  });

  it("'Desconectar' asks first, then the card shows 'Desconectado' with 'Tentar Novamente' and 'Novo QR'", async () => {
    const { page } = await withConnection('Desconectar', (token) => scannedConnection(baseUrl, token, CONNECTION_NAME));
    const card = connectionCard(page);
    await card.locator('[data-testid="connection-disconnect-button"]').click();
    const confirmation = page.locator('[data-testid="connection-confirmation"]');
    await confirmation.getByText('Tem certeza? Você precisará ler o QR Code novamente.').waitFor();
    await confirmation.locator('[data-testid="connection-confirm"]').click();

    await card.locator('[data-testid="connection-status-chip"]', { hasText: 'Desconectado' }).waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Tentar Novamente' }).waitFor();
    await card.getByRole('button', { name: 'Novo QR' }).waitFor();
  });

  it("'Novo QR' brings a new QR code to scan", async () => {
    const { page } = await withConnection('Novo QR', async (token) => {
      const connection = await scannedConnection(baseUrl, token, CONNECTION_NAME);
      expect((await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/disconnect`, token)).status).toBeLessThan(300);
      return connection;
    });
    const card = connectionCard(page);
    await card.locator('[data-testid="connection-status-chip"]', { hasText: 'Desconectado' }).waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Novo QR' }).click();
    await card.locator('[data-testid="connection-qrcode-button"]').click({ timeout: 20_000 });
    const qr = page.locator('[data-testid="qr-code-modal"] [data-testid="qr-code"]');
    await qr.waitFor({ timeout: 20_000 });
    expect(await qr.getAttribute('data-qrcode')).toBeTruthy();
    expect(await wasNotReloaded(page)).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="qr-code-modal"]').waitFor({ state: 'detached' });
  });

  it("restarting every connection says 'Aguarde... reiniciando...'", async () => {
    const { page } = await withConnection('Reiniciar', (token) => scannedConnection(baseUrl, token, CONNECTION_NAME));
    await page.locator('[data-testid="connections-restart"]').click();
    await page.getByText('Aguarde... reiniciando...').first().waitFor({ timeout: 10_000 });
  });

  it("the card's settings: queues and greeting, transcription, general settings and API media, each saving only what changed", async () => {
    const { page, token, connectionId } = await withConnection('Configurações', (t) => scannedConnection(baseUrl, t, CONNECTION_NAME));
    for (const [name, color] of [
      ['Vendas', '#e53935'],
      ['Suporte', '#1e88e5'],
    ] as const) {
      expect((await api(baseUrl, 'POST', '/api/queue', token, { name, color })).status).toBeLessThan(300);
    }
    const stored = async () => connectionSchema.parse((await api(baseUrl, 'GET', `/api/whatsapp/${connectionId}`, token)).body);
    const card = connectionCard(page);
    await page.reload();
    await card.waitFor({ timeout: 15_000 });
    const saved = page.getByText('Conexão salva com sucesso!').first();

    // Queue selection and greeting: two queues without a greeting are refused before anything is sent.
    await card.locator('[data-testid="connection-settings-queues-toggle"]').click();
    const queuesPanel = card.locator('[data-testid="connection-queue-settings"]');
    await queuesPanel.locator('[data-testid="connection-setting-selectQueues"]').click();
    await queuesPanel.getByText('Vendas', { exact: true }).click();
    await queuesPanel.getByText('Suporte', { exact: true }).click();
    await queuesPanel.locator('[data-testid="connection-queue-settings-save"]').click();
    await queuesPanel.getByText('Mensagem de saudação é obrigatória quando há mais de uma fila selecionada').waitFor();
    expect((await stored()).queueIds).toEqual([]);
    await queuesPanel.locator('[data-testid="connection-setting-greetingMessage"]').fill('Olá! Escolha uma fila:');
    // The whatsapp service learns new queues from conversations' events: saved once it knows them.
    for (let attempt = 0; ; attempt += 1) {
      await queuesPanel.locator('[data-testid="connection-queue-settings-save"]').click();
      try {
        await saved.waitFor({ timeout: 3_000 });
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
    await until(async () => ((await stored()).queueIds.length === 2 ? true : undefined), 'the two queues saved');
    expect((await stored()).greetingMessage).toBe('Olá! Escolha uma fila:');

    // Transcription: provider and key.
    await card.locator('[data-testid="connection-settings-transcription-toggle"]').click();
    const transcription = card.locator('[data-testid="connection-transcription-settings"]');
    await transcription.locator('[data-testid="connection-setting-transcribe"]').click();
    await transcription.locator('[data-testid="connection-setting-transcribeprovider"]').selectOption('deepgram');
    await transcription.locator('[data-testid="connection-setting-transcribekey"]').fill('dg-chave-1234');
    await transcription.locator('[data-testid="connection-transcription-settings-save"]').click();
    await until(async () => ((await stored()).transcribeprovider === 'deepgram' ? true : undefined), 'the transcription provider saved');
    expect(await stored()).toMatchObject({ transcribe: true, transcribekey: '••••1234' });

    // General settings.
    await card.locator('[data-testid="connection-settings-general-toggle"]').click();
    const general = card.locator('[data-testid="connection-general-settings"]');
    await general.locator('[data-testid="connection-setting-maxUseBotQueues"]').fill('5');
    await general.locator('[data-testid="connection-setting-ratingMessage"]').fill('Dê uma nota de 1 a 5');
    await general.locator('[data-testid="connection-general-settings-save"]').click();
    await until(async () => ((await stored()).maxUseBotQueues === 5 ? true : undefined), 'the general settings saved');
    expect((await stored()).ratingMessage).toBe('Dê uma nota de 1 a 5');

    // API media: API 2, position 1 takes an uploaded image, by its name.
    await card.locator('[data-testid="connection-settings-apiMedia-toggle"]').click();
    const api2 = card.locator('[data-testid="connection-api-media-api2_medias"]');
    const chooser = page.waitForEvent('filechooser');
    await api2.locator('[data-testid="connection-api-media-choose"]').first().click();
    await (await chooser).setFiles({ name: 'banner loja.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });
    await until(async () => ((await stored()).api2_medias[0] === 'banner_loja.png' ? true : undefined), 'the uploaded API media saved');
    expect((await stored()).api2_medias).toEqual(['banner_loja.png', null, null]);
    // API 3, position 2 picks that earlier upload from the list, by its name.
    await card
      .locator('[data-testid="connection-api-media-api3_medias"] [data-testid="connection-api-media-name"]')
      .nth(1)
      .selectOption('banner_loja.png');
    await until(async () => ((await stored()).api3_medias[1] === 'banner_loja.png' ? true : undefined), 'the chosen API media saved');
  });

  it('deleting the connection asks first and leaves the empty state, still without a reload', async () => {
    const { page } = await withConnection('Excluir', (token) => simulatorConnection(baseUrl, token, CONNECTION_NAME));
    await connectionCard(page).locator('[data-testid="connection-delete-button"]').click();
    const confirmation = page.locator('[data-testid="connection-confirmation"]');
    await confirmation.getByText('Deseja realmente excluir este registro?').waitFor();
    await confirmation.locator('[data-testid="connection-confirm"]').click();
    await page.getByText('Nenhuma conexão encontrada').waitFor({ timeout: 10_000 });
    expect(await wasNotReloaded(page)).toBe(true);
  });
});

function connectionCard(page: Page): Locator {
  return page.locator('[data-testid="connection-card"]', { hasText: CONNECTION_NAME });
}

async function markPageAsNotReloaded(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __connectionsMark?: boolean }).__connectionsMark = true;
  });
}

async function wasNotReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __connectionsMark?: boolean }).__connectionsMark === true);
}
