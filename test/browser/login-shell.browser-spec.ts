/// <reference lib="dom" />
/**
 * A person in Chromium against the standalone product: logs in, lands on the first page, sees a user
 * created elsewhere appear live, toggles the theme (kept across reloads), logs out. Each test opens
 * its own browser profile and signs in itself when it needs to.
 */
import type { Page } from 'playwright-core';

import { api, pageToken, signedInPage } from '../support/browser-setup';
import { newPage, type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(120_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };

describe('browser: login, shell, theme, logout', () => {
  let stack: ProductStack;
  let baseUrl: string;

  beforeAll(async () => {
    stack = await startProductStack('browser', ADMIN);
    ({ baseUrl } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('an anonymous visitor is sent to the login page', async () => {
    const page = await newPage(stack);
    await page.goto(`${baseUrl}/users`);
    await page.waitForURL('**/login');
    await expectText(page, 'Bem-vindo de volta');
    expect(await page.locator('a[href="/forgetpsw"]').count()).toBe(1);
    expect(await page.locator('a[href="/signup"]').count()).toBe(1);
  });

  it('the e-mail is lower-cased as typed; a wrong password shows the translated error and stays', async () => {
    const page = await newPage(stack);
    await page.goto(`${baseUrl}/login`);
    const email = page.locator('input[name="email"]');
    await email.pressSequentially('OWNER@Platform.TEST');
    expect(await email.inputValue()).toBe(ADMIN.email);
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('button[type="submit"]').click();
    await expectText(page, 'Falha na autenticação');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logging in lands on the inbox inside the shell; the users page lists the admin', async () => {
    const page = await newPage(stack);
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="email"]').fill(ADMIN.email);
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
    const page = await signedInPage(stack, ADMIN);
    await page.goto(`${baseUrl}/users`);
    await page.locator('[data-testid="users-table"]').getByText(ADMIN.email).waitFor();
    const response = await api(baseUrl, 'POST', '/api/users', await pageToken(page), {
      name: 'Live Person',
      email: 'live@platform.test',
      password: 'live-pass',
    });
    expect(response.status).toBe(201);
    await page.locator('[data-testid="users-table"]').getByText('live@platform.test').waitFor({ timeout: 10_000 });
  });

  it('the theme toggle switches light and dark and the choice survives a reload', async () => {
    const page = await signedInPage(stack, ADMIN);
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

  it('at 390 px the language select shows its whole (short) name beside the other controls', async () => {
    const page = await signedInPage(stack, ADMIN, { width: 390, height: 800 });
    const select = page.locator('[data-testid="top-bar"] [data-testid="language-switcher"]');
    await select.waitFor();
    const fit = await select.evaluate((element) => {
      const field = element as HTMLSelectElement;
      const style = getComputedStyle(field);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const text = field.options[field.selectedIndex]!.text;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, width: context.measureText(text).width, room };
    });
    expect(fit.text).toBe('PT');
    expect(fit.width).toBeLessThanOrEqual(fit.room);
  });

  it('logging out returns to the login page and private pages are closed again', async () => {
    const page = await signedInPage(stack, ADMIN);
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
