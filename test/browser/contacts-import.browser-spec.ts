/// <reference lib="dom" />
/**
 * The contacts page in Chromium against the standalone product with the simulator: a number the phone
 * says is not on WhatsApp is refused in the contact modal; an .xlsx sheet is imported with a report of
 * its bad rows; the connected phone's address book is imported with 'Importar do telefone'. Each test
 * starts from a company of its own, its simulator connection scanned, set up through the API.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';

import { companyOfItsOwn, pageApiCall, signedInPage, waitUntil } from '../support/browser-setup';
import { newPage, type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(180_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const NOT_ON_WHATSAPP = '5511944440009';

describe('browser: importing contacts and checking numbers with the simulator', () => {
  let stack: ProductStack;
  let baseUrl: string;
  let folder: string;
  const VIEWPORT = { width: 1366, height: 820 };

  beforeAll(async () => {
    stack = await startProductStack('browser_contacts', ADMIN, { SIMULATOR_ENABLED: 'true' });
    ({ baseUrl } = stack);
    folder = mkdtempSync(path.join(os.tmpdir(), 'contacts-sheet-'));
  });

  /**
   * A scanned simulator connection of the page's company whose phone knows two numbers are not on
   * WhatsApp; waits until the inbox checks numbers against it.
   */
  const connectedPhone = async (page: Page): Promise<number> => {
    const created = await pageApiCall(page, baseUrl, 'POST', '/api/whatsapp', { name: 'Simulador Contatos', provider: 'simulator' });
    const connectionId = ((await created.json()) as { id: number }).id;
    await waitUntil(
      async () => (await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/scan`, {})).status < 300,
    );
    const marked = await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/unregistered`, {
      numbers: [NOT_ON_WHATSAPP, '5511944440008'],
    });
    expect(marked.status).toBe(200);
    // Until the inbox hears the connection is connected, numbers are saved unchecked: probe with a spare one.
    await waitUntil(
      async () => (await pageApiCall(page, baseUrl, 'POST', '/api/contacts', { name: 'Sonda', number: '5511944440008' })).status === 400,
    );
    return connectionId;
  };
  /** A company of its own, its admin signed in with a connected phone, on the contacts page. */
  const onContactsPage = async (company: string): Promise<{ page: Page; connectionId: number }> => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, company);
    const page = await signedInPage(stack, admin, VIEWPORT);
    const connectionId = await connectedPhone(page);
    await page.goto(`${baseUrl}/contacts`);
    await page.locator('[data-testid="contacts-page"]').waitFor();
    return { page, connectionId };
  };

  afterAll(async () => {
    await stack?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('the admin logs in and a scanned simulator connection refuses one number', async () => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Contatos login');
    const page = await newPage(stack, VIEWPORT);
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="email"]').fill(admin.email);
    await page.locator('input[name="password"]').fill(admin.password);
    await page.locator('button[type="submit"]').click();
    await page.locator('[data-testid="side-menu"]').waitFor();

    await connectedPhone(page);
  });

  it('the contact modal shows that a number is not on WhatsApp', async () => {
    const { page } = await onContactsPage('Contatos modal');
    await page.locator('[data-testid="contacts-add"]').click();
    await page.locator('[data-testid="contact-modal-name"]').fill('Fora do Zap');
    await page.locator('[data-testid="contact-modal-number"]').fill(NOT_ON_WHATSAPP);
    await page.locator('[data-testid="contact-modal-save"]').click();
    await page.locator('[data-testid="contact-modal"]').getByText('Este não é um número de WhatsApp válido.').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="contact-modal"]').waitFor({ state: 'detached' });
  });

  it('an .xlsx sheet creates its valid rows and reports the bad one', async () => {
    const { page } = await onContactsPage('Contatos planilha');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Nome', 'Número', 'Email'],
        ['Planilha Um', '5511944440001', ''],
        ['Planilha Dois', 5511944440002, 'dois@example.com'],
        ['Sem Número', '', ''],
      ]),
      'Contatos',
    );
    const file = path.join(folder, 'contatos.xlsx');
    writeFileSync(file, Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })));
    await page.locator('[data-testid="contacts-sheet-input"]').setInputFiles(file);
    const report = page.getByText('2 contato(s) criado(s) da planilha; 0 já existia(m).');
    await report.waitFor();
    // Once it has slid in, the toast stands in the top bar's status area: the bar's controls stay free (decision 0048).
    await page.waitForFunction(
      () => {
        const area = document.querySelector('[data-testid="toast-area"]')!.getBoundingClientRect();
        const toasts = Array.from(document.querySelectorAll('[data-scope="toast"][data-part="root"]'));
        return (
          toasts.length > 0 &&
          toasts.every((toast) => {
            const box = toast.getBoundingClientRect();
            return box.top >= area.top - 1 && box.bottom <= area.bottom + 1 && box.left >= area.left - 1 && box.right <= area.right + 1;
          })
        );
      },
      undefined,
      { timeout: 3_000 },
    );
    // The report is read whole: in the area's two lines, or, when longer, one click away.
    const whole = await page.evaluate(() => {
      const text = document.querySelector<HTMLElement>('[data-testid="toast-text"]')!;
      return text.scrollHeight <= text.clientHeight + 1;
    });
    if (!whole) await page.locator('[data-testid="toast-expand"]').click();
    await page.getByText(/Linha 4: WhatsApp: obrigatório/).waitFor();
    expect(
      await page.evaluate(() => {
        const text = document.querySelector<HTMLElement>('[data-testid="toast-text"]')!;
        return text.scrollHeight <= text.clientHeight + 1;
      }),
    ).toBe(true);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'toast-1366.png') });
    await page.locator('[data-testid="contact-row"]', { hasText: 'Planilha Um' }).waitFor();
    await page.locator('[data-testid="contact-row"]', { hasText: 'Planilha Dois' }).waitFor();

    // On a phone-sized screen each contact is a card, and the page needs no horizontal scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.locator('[data-testid="contact-card"]', { hasText: 'Planilha Dois' });
    await card.waitFor();
    await card.getByText('dois@example.com').waitFor();
    expect(await card.locator('[data-testid="contact-edit"]').isVisible()).toBe(true);
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement!;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(390);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'contacts-390.png') });
  });

  it("'Importar do telefone' turns the phone's address book into contacts, skipping known numbers", async () => {
    const { page, connectionId } = await onContactsPage('Contatos agenda');
    // A known contact whose name is still its number: renamed when its address-book entry arrives.
    await pageApiCall(page, baseUrl, 'POST', '/api/contacts', { name: '5511944440102', number: '5511944440102' });
    const pushed = await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/contacts`, {
      contacts: [
        { number: '5511944440101', name: 'Agenda Browser' },
        { number: '5511944440102', name: 'Agenda Existente' },
      ],
    });
    expect(pushed.status).toBe(200);
    await waitUntil(async () => {
      const found = (await (await pageApiCall(page, baseUrl, 'GET', '/api/contacts/?searchParam=5511944440102')).json()) as {
        contacts: { name: string }[];
      };
      return found.contacts[0]?.name === 'Agenda Existente';
    });

    await page.locator('[data-testid="contacts-import-phone"]').click();
    await page.locator('[data-testid="confirm-dialog-confirm"]').click();
    await page.getByText('1 contato(s) importado(s) do telefone; 1 já existia(m).').waitFor();
    await page.locator('[data-testid="contact-row"]', { hasText: 'Agenda Browser' }).waitFor();
  });
});
