/// <reference lib="dom" />
/**
 * A person in Chromium against the standalone product: logs in, lands on the first page, sees a user
 * created elsewhere appear live, toggles the theme (kept across reloads), logs out.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { freePort, repoRoot, startApp, waitUntilReady, type AppProcess } from '../support/processes';

jest.setTimeout(120_000);

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };

describe('browser: login, shell, theme, logout', () => {
  let database: TestDatabase;
  let app: AppProcess;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let dataDir: string;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`Chromium is not at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
    }
    if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
      throw new Error('web/dist is not built: run `npm run build:web` (npm test builds it)');
    }
    database = await createTestDatabase('browser');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'zapdesk-browser-'));
    const port = await freePort();
    app = startApp('standalone', {
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST: path.join(repoRoot, 'web/dist'),
    });
    baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilReady(app, `${baseUrl}/ready`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
    });
    page = await browser.newPage({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('an anonymous visitor is sent to the login page', async () => {
    await page.goto(`${baseUrl}/users`);
    await page.waitForURL('**/login');
    await expectText(page, 'Bem-vindo de volta');
    expect(await page.locator('a[href="/forgetpsw"]').count()).toBe(1);
    expect(await page.locator('a[href="/signup"]').count()).toBe(1);
  });

  it('the e-mail is lower-cased as typed; a wrong password shows the translated error and stays', async () => {
    const email = page.locator('input[name="email"]');
    await email.pressSequentially('OWNER@Platform.TEST');
    expect(await email.inputValue()).toBe(ADMIN.email);
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('button[type="submit"]').click();
    await expectText(page, 'Falha na autenticação');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logging in lands on the inbox inside the shell; the users page lists the admin', async () => {
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/tickets');
    await page.locator('[data-testid="side-menu"]').waitFor();
    await page.locator('[data-testid="top-bar"]').waitFor();
    await page.goto(`${baseUrl}/users`);
    await page.locator('[data-testid="users-table"]').getByText(ADMIN.email).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  it('a user created elsewhere appears in the list without a reload', async () => {
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('token')))!);
    const response = await fetch(`${baseUrl}/api/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Live Person', email: 'live@platform.test', password: 'live-pass' }),
    });
    expect(response.status).toBe(201);
    await page.locator('[data-testid="users-table"]').getByText('live@platform.test').waitFor({ timeout: 10_000 });
  });

  it('the theme toggle switches light and dark and the choice survives a reload', async () => {
    const themeOf = () => page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
    const before = await themeOf();
    await page.getByRole('button', { name: 'Alternar tema' }).click();
    const after = before === 'dark' ? 'light' : 'dark';
    await page.waitForFunction((expected) => document.documentElement.classList.contains(expected), after);
    expect(await page.evaluate(() => localStorage.getItem('preferredTheme'))).toBe(after);
    await page.reload();
    await page.locator('[data-testid="top-bar"]').waitFor();
    expect(await themeOf()).toBe(after);
  });

  it('logging out returns to the login page and private pages are closed again', async () => {
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${baseUrl}/users`);
    await page.waitForURL('**/login');
  });
});

async function expectText(page: Page, text: string) {
  await page.getByText(text, { exact: false }).first().waitFor({ timeout: 10_000 });
}
