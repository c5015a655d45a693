/// <reference lib="dom" />
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { startSmtpCapture, type SmtpCapture } from '../../libs/identity/src/testing/smtp-capture';
import { freePort, repoRoot, startApp, waitUntilReady, type AppProcess } from './processes';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const SUPER_ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };

export interface IdentityStack {
  baseUrl: string;
  smtp: SmtpCapture;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * The standalone product from dist/ on a fresh database, mailing through a local SMTP server the
 * test reads, and a headless Chromium.
 */
export async function startIdentityStack(name: string): Promise<IdentityStack> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM}: install it or set CHROMIUM_PATH`);
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is not built: run `npx vite build` in web/ (npm test builds it)');
  }
  const smtp = await startSmtpCapture();
  const database: TestDatabase = await createTestDatabase(name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `zapdesk-${name}-`));
  const port = await freePort();
  const app: AppProcess = startApp('standalone', {
    PORT: String(port),
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: SUPER_ADMIN.email,
    ADMIN_PASSWORD: SUPER_ADMIN.password,
    SMTP_URL: smtp.url,
    WEB_DIST: path.join(repoRoot, 'web/dist'),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(app, `${baseUrl}/ready`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
  });
  return {
    baseUrl,
    smtp,
    browser,
    async stop() {
      await browser.close();
      await app.stop();
      await smtp.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh browser profile (own local storage and cookies) at a desktop width. */
export async function newPage(stack: IdentityStack): Promise<Page> {
  const context = await stack.browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

export async function expectText(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor({ timeout });
}

/** Logs in through the login page and waits until the signed-in shell shows. */
export async function logIn(page: Page, baseUrl: string, credentials: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="email"]').fill(credentials.email);
  await page.locator('input[name="password"]').fill(credentials.password);
  await page.locator('button[type="submit"]').click();
  await page.locator('[data-testid="top-bar"]').waitFor({ timeout: 15_000 });
}

/** The keys of the side-menu entries shown. */
export function menuKeys(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="side-menu"] [data-testid^="menu-item-"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.replace('menu-item-', '')));
}
