/// <reference lib="dom" />
/**
 * The outbound screens in Chromium against the standalone product with the simulator, in one browser
 * start: a contact list is created, a small .xlsx imported into it (report, then every number checked
 * on WhatsApp through the scanned simulator connection), a file list saved with an attachment, and a
 * service added to the catalogue.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import * as XLSX from '@e965/xlsx';

import { api, apiToken, companyOfItsOwn, scannedConnection, signedInPage } from '../support/browser-setup';
import { type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(120_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const VIEWPORT = { width: 1366, height: 820 };
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0e5d3d60000000049454e44ae426082',
  'hex',
);

describe('browser: contact lists, file lists and services', () => {
  let stack: ProductStack;
  let folder: string;

  beforeAll(async () => {
    stack = await startProductStack('browser_outbound', ADMIN, { SIMULATOR_ENABLED: 'true' });
    folder = mkdtempSync(path.join(os.tmpdir(), 'outbound-browser-'));
  });

  afterAll(async () => {
    await stack?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('creates a contact list, imports a sheet whose numbers get checked, saves a file list with an attachment and adds a service', async () => {
    const { baseUrl } = stack;
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Campanhas', { useCampaigns: true });
    const token = await apiToken(baseUrl, admin);
    expect((await api(baseUrl, 'PUT', '/api/settings/campaignsEnabled', token, { value: 'true' })).status).toBe(200);
    await scannedConnection(baseUrl, token, 'Simulador Campanhas');
    const page = await signedInPage(stack, admin, VIEWPORT);

    // The list.
    await page.goto(`${baseUrl}/contact-lists`);
    await page.locator('[data-testid="contact-lists-add"]').click();
    await page.locator('[data-testid="contact-list-name"]').fill('Clientes Black Friday');
    await page.locator('[data-testid="contact-list-save"]').click();
    const row = page.locator('[data-testid="contact-lists-row"]', { hasText: 'Clientes Black Friday' });
    await row.locator('[data-testid="contact-lists-open"]').click();
    await page.locator('[data-testid="contact-list-items-title"]', { hasText: 'Clientes Black Friday' }).waitFor();

    // The import: asked first, then reported, then each number checked on WhatsApp.
    const sheet = path.join(folder, 'clientes.xlsx');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Nome', 'Numero', 'Email', 'Logradouro'],
        ['Ana Souza', '5511955550001', 'ana@example.com', 'Rua das Flores'],
        ['Bruno Lima', 5511955550002, '', ''],
        ['X', '123', '', ''],
      ]),
      'Contatos',
    );
    writeFileSync(sheet, Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })));
    await page.locator('[data-testid="contact-list-items-import"]').click();
    const chooser = page.waitForEvent('filechooser');
    await page.locator('[data-testid="contact-list-import-confirm"]').click();
    await (await chooser).setFiles(sheet);
    await page.getByText('2 contato(s) importado(s), 0 ignorado(s) (já na lista), 1 inválido(s).').waitFor();
    await page.getByText(/Linha 4: Nome: muito curto; Número: muito curto/).waitFor();
    await page.locator('[data-testid="contact-list-items-row"]', { hasText: 'Bruno Lima' }).getByText('Não informado').first().waitFor();
    await page.locator('[data-testid="contact-list-item-validity"][data-valid="true"]').nth(1).waitFor({ timeout: 30_000 });

    // The file list.
    const image = path.join(folder, 'capa.png');
    writeFileSync(image, PNG);
    await page.goto(`${baseUrl}/files`);
    await page.locator('[data-testid="file-lists-add"]').click();
    await page.locator('[data-testid="file-list-name"]').fill('Catálogo de verão');
    await page.locator('[data-testid="file-list-message"]').fill('Confira as novidades!');
    await page.locator('[data-testid="file-list-file-input"]').setInputFiles(image);
    await page.locator('[data-testid="file-list-save"]').click();
    await page.locator('[data-testid="file-lists-row"]', { hasText: 'Catálogo de verão' }).getByText('capa · Imagem').waitFor();

    // The services catalogue: the price typed the Brazilian way shows in reais, the minutes as Xh Ymin.
    await page.goto(`${baseUrl}/services`);
    await page.locator('[data-testid="services-add"]').click();
    await page.locator('[data-testid="service-name"]').fill('Massagem relaxante');
    await page.locator('[data-testid="service-price"]').fill('150,50');
    await page.locator('[data-testid="service-duration"]').fill('90');
    await page.locator('[data-testid="service-save"]').click();
    const service = page.locator('[data-testid="services-row"]', { hasText: 'Massagem relaxante' });
    await service.getByText('1h 30min').waitFor();
    expect((await service.textContent())?.replace(/\s/g, ' ')).toContain('R$ 150,50');
    expect(await page.locator('[data-testid="services-pagination-range"]').textContent()).toBe('1–1 de 1');
  });
});
