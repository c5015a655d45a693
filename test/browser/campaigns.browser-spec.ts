/// <reference lib="dom" />
/**
 * Campaigns in Chromium against the standalone product with the simulator, in one browser start: a
 * contact list is imported from a spreadsheet (every number checked on WhatsApp), a campaign is
 * created through the dialog with two simulator connections, and its report fills live as the
 * simulator receives the messages; the campaign is stopped and restarted, and at the end every
 * contact got exactly one message, through both connections. The screens are then looked at 390 px wide.
 * Then another company picks Asia/Tokyo on the Settings screen and its campaigns are read and shown
 * in Tokyo time (decision 0037).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { campaignSchema, contactListSchema, scheduleSettingsSchema, simulatorOutboundResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';

import { api, apiToken, companyOfItsOwn, scannedConnection, signedInPage, until } from '../support/browser-setup';
import { type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(240_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };
const CONTACTS = Array.from({ length: 10 }, (_, index) => ({
  name: `Cliente ${index + 1}`,
  number: `55119555520${String(index).padStart(2, '0')}`,
}));

/** A wall time of São Paulo (the company's zone) `secondsAhead` from now, as a datetime-local value with seconds. */
function saoPauloLocal(secondsAhead: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + secondsAhead * 1000));
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}

async function figure(page: Page, testId: string): Promise<number> {
  return Number((await page.locator(`[data-testid="${testId}-value"]`).textContent())?.replace(/\D/g, '') ?? 'NaN');
}

async function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('browser: campaigns', () => {
  let stack: ProductStack;
  let folder: string;

  beforeAll(async () => {
    stack = await startProductStack('browser_campaigns', ADMIN, { SIMULATOR_ENABLED: 'true' });
    folder = mkdtempSync(path.join(os.tmpdir(), 'campaigns-browser-'));
  });

  afterAll(async () => {
    await stack?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('imports a list, sends a campaign through two connections with a live report, stops and restarts it, each contact once', async () => {
    const { baseUrl } = stack;
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Campanhas', { useCampaigns: true });
    const token = await apiToken(baseUrl, admin);
    expect((await api(baseUrl, 'PUT', '/api/settings/campaignsEnabled', token, { value: 'true' })).status).toBe(200);
    // 5 s between messages of one connection, no longer pause: the run lasts long enough to stop it midway.
    const settings = { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'loja', value: 'Loja Centro' }] };
    // The setting reaches the outbound service as an event: its screens answer once it has.
    await until(
      async () => (await api(baseUrl, 'POST', '/api/campaign-settings', token, { settings })).status === 200,
      'the campaign settings saved once outbound knows campaigns are enabled',
    );
    const sales = await scannedConnection(baseUrl, token, 'Simulador Vendas', '5511900000001');
    const support = await scannedConnection(baseUrl, token, 'Simulador Suporte', '5511900000002');
    const page = await signedInPage(stack, admin, WIDE);

    // The contact list, imported from a sheet; every number checked on WhatsApp.
    await page.goto(`${baseUrl}/contact-lists`);
    await page.locator('[data-testid="contact-lists-add"]').click();
    await page.locator('[data-testid="contact-list-name"]').fill('Clientes Natal');
    await page.locator('[data-testid="contact-list-save"]').click();
    await page
      .locator('[data-testid="contact-lists-row"]', { hasText: 'Clientes Natal' })
      .locator('[data-testid="contact-lists-open"]')
      .click();
    await page.locator('[data-testid="contact-list-items-title"]', { hasText: 'Clientes Natal' }).waitFor();
    const sheet = path.join(folder, 'clientes.xlsx');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([['Nome', 'Numero', 'Email'], ...CONTACTS.map((contact) => [contact.name, contact.number, ''])]),
      'Contatos',
    );
    writeFileSync(sheet, Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })));
    await page.locator('[data-testid="contact-list-items-import"]').click();
    const chooser = page.waitForEvent('filechooser');
    await page.locator('[data-testid="contact-list-import-confirm"]').click();
    await (await chooser).setFiles(sheet);
    await page.getByText(`${CONTACTS.length} contato(s) importado(s), 0 ignorado(s) (já na lista), 0 inválido(s).`).waitFor();
    await page
      .locator('[data-testid="contact-list-item-validity"][data-valid="true"]')
      .nth(CONTACTS.length - 1)
      .waitFor({ timeout: 60_000 });

    // The campaign, through the dialog: two connections, the list, a message with variables, due in 20 s.
    await page.goto(`${baseUrl}/campaigns`);
    await page.locator('[data-testid="campaigns-add"]').click();
    const dialog = page.locator('[data-testid="campaign-modal"]');
    await dialog.locator('[data-testid="campaign-name"]').fill('Natal 2026');
    await dialog.locator('[data-testid="campaign-connection"]', { hasText: 'Simulador Vendas' }).click();
    await dialog.locator('[data-testid="campaign-connection"]', { hasText: 'Simulador Suporte' }).click();
    await dialog.locator('[data-testid="campaign-contact-list"]').selectOption({ label: 'Clientes Natal' });
    await dialog.locator('[data-testid="campaign-message-1"]').fill('Feliz Natal, ');
    await dialog.locator('[data-testid="campaign-message-1-variables-item"]', { hasText: '{{nome}}' }).click();
    await dialog.locator('[data-testid="campaign-message-1"]').press('End');
    await dialog.locator('[data-testid="campaign-message-1"]').pressSequentially('! Até logo na ');
    await dialog.locator('[data-testid="campaign-message-1-variables-item"]', { hasText: '{{loja}}' }).click();
    await dialog.locator('[data-testid="campaign-scheduled-at"]').fill(saoPauloLocal(20));
    await dialog.locator('[data-testid="campaign-save"]').click();
    await page.getByText('Campanha salva com sucesso.').waitFor();
    const row = page.locator('[data-testid="campaigns-row"]', { hasText: 'Natal 2026' });
    await row.locator('[data-testid="campaign-status"]', { hasText: 'Programada' }).waitFor();

    // The report fills live: the list's status turns 'Em Andamento' and the figures climb without a reload.
    await row.locator('[data-testid="campaign-status"]', { hasText: 'Em Andamento' }).waitFor({ timeout: 90_000 });
    await row.locator('[data-testid="campaigns-report"]').click();
    await page.locator('[data-testid="campaign-report-name"]', { hasText: 'Natal 2026' }).waitFor();
    expect(await figure(page, 'campaign-report-valid')).toBe(CONTACTS.length);
    await until(async () => (await figure(page, 'campaign-report-delivered')) >= 1, 'a first delivery on the report', 60_000);
    await page.locator('[data-testid="campaign-report-chart"]').waitFor();

    // Stopped midway: Cancelada, and no more sends.
    await page.goto(`${baseUrl}/campaigns`);
    await row.locator('[data-testid="campaigns-stop"]').click();
    await page.getByText('Campanha parada.').waitFor();
    await row.locator('[data-testid="campaign-status"]', { hasText: 'Cancelada' }).waitFor();
    const sentTo = async () => {
      const answers = await Promise.all(
        [sales, support].map(async (connection) =>
          expectAnswer(
            simulatorOutboundResponseSchema,
            await api(baseUrl, 'GET', `/api/simulator/connections/${connection.id}/outbound`, token),
          ),
        ),
      );
      return answers.map((answer) => answer.messages);
    };
    const atStop = (await sentTo()).flat().length;
    expect(atStop).toBeLessThan(CONTACTS.length);

    // Restarted: the rest goes out, nobody twice, and the report ends Finalizada with every contact delivered.
    await row.locator('[data-testid="campaigns-restart"]').click();
    await page.getByText('Campanha reiniciada.').waitFor();
    await row.locator('[data-testid="campaigns-report"]').click();
    await page.locator('[data-testid="campaign-report-page"][data-status="FINALIZADA"]').waitFor({ timeout: 120_000 });
    await until(async () => (await figure(page, 'campaign-report-delivered')) === CONTACTS.length, 'every contact delivered on the report');
    expect(await page.locator('[data-testid="campaign-report-progress-label"]').textContent()).toBe(
      `${CONTACTS.length} de ${CONTACTS.length} (100%)`,
    );

    const [bySales, bySupport] = await sentTo();
    expect(bySales!.length).toBeGreaterThan(0);
    expect(bySupport!.length).toBeGreaterThan(0);
    const recipients = [...bySales!, ...bySupport!].map((message) => message.to.replace(/\D/g, ''));
    expect(recipients.sort()).toEqual(CONTACTS.map((contact) => contact.number).sort());
    const first = [...bySales!, ...bySupport!].find((message) => message.to.replace(/\D/g, '') === CONTACTS[0]!.number);
    expect(first?.body).toBe('Feliz Natal, Cliente 1! Até logo na Loja Centro');

    // 390 px wide: the list and the report fit the screen (the table scrolls inside its own box).
    await page.setViewportSize(NARROW);
    await page.reload();
    await page.locator('[data-testid="campaign-report-name"]', { hasText: 'Natal 2026' }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.goto(`${baseUrl}/campaigns`);
    await row.waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await row.locator('[data-testid="campaigns-edit"]').click();
    await page.locator('[data-testid="campaign-read-only"]').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  it("a company that picks Asia/Tokyo in Settings has its campaign's time read and shown in Tokyo, its schedules too", async () => {
    const { baseUrl } = stack;
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Tóquio', { useCampaigns: true, useSchedules: true });
    const token = await apiToken(baseUrl, admin);
    expect((await api(baseUrl, 'PUT', '/api/settings/campaignsEnabled', token, { value: 'true' })).status).toBe(200);
    const page = await signedInPage(stack, admin, WIDE);

    // The searchable 'Fuso horário' list: typing narrows it, a pick is saved at once.
    await page.goto(`${baseUrl}/settings`);
    const zone = page.locator('[data-testid="setting-timezone"]');
    expect(await zone.inputValue()).toBe('America/Sao Paulo (GMT-3)');
    await zone.click();
    await zone.fill('tokyo');
    await page.getByRole('option', { name: 'Asia/Tokyo (GMT+9)' }).click();
    await page.getByText('Operação atualizada com sucesso').waitFor();
    expect(await zone.inputValue()).toBe('Asia/Tokyo (GMT+9)');

    // Outbound learns it from identity's event: the schedule settings answer the company's zone.
    await until(async () => {
      const answer = await api(baseUrl, 'GET', '/api/schedule-settings', token);
      return answer.status === 200 && scheduleSettingsSchema.parse(answer.body).timeZone === 'Asia/Tokyo';
    }, "outbound reads the company's zone");

    // A campaign due at 10:00 on 15 January 2030 in Tokyo is 01:00 UTC, and the list shows it at 10:00.
    const connection = await scannedConnection(baseUrl, token, 'Simulador Tóquio', '5511900000009');
    const list = expectAnswer(contactListSchema, await api(baseUrl, 'POST', '/api/contact-lists', token, { name: 'Clientes Tóquio' }));
    const body = {
      name: 'Ano Novo',
      message1: 'Oi',
      whatsappId: connection.id,
      contactListId: list.id,
      scheduledAt: '2030-01-15 10:00:00',
    };
    let created: { status: number; body: unknown } = { status: 0, body: null };
    await until(async () => {
      created = await api(baseUrl, 'POST', '/api/campaigns', token, body);
      return created.status === 201;
    }, 'the campaign saved once outbound knows the connection');
    expect(expectAnswer(campaignSchema, created).scheduledAt).toBe('2030-01-15T01:00:00.000Z');
    await page.goto(`${baseUrl}/campaigns`);
    await page.locator('[data-testid="campaigns-row"]', { hasText: 'Ano Novo' }).getByText('15/01/2030 10:00').waitFor();
  });
});
