/// <reference lib="dom" />
import type { Page } from 'playwright-core';

import { type SmtpCapture, startSmtpCapture } from '../../libs/identity/src/testing/smtp-capture';
import { newPage, type ProductStack, startProductStack } from './product-stack';

export const SUPER_ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };

export interface IdentityStack extends ProductStack {
  smtp: SmtpCapture;
}

/**
 * The standalone product (see product-stack.ts), mailing through a local SMTP server the test reads.
 */
export async function startIdentityStack(name: string): Promise<IdentityStack> {
  const smtp = await startSmtpCapture();
  const product = await startProductStack(name, SUPER_ADMIN, { SMTP_URL: smtp.url }).catch(async (error) => {
    await smtp.close();
    throw error;
  });
  return {
    ...product,
    smtp,
    async stop() {
      await product.stop();
      await smtp.close();
    },
  };
}

export { newPage };

export async function expectText(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor({ timeout });
}

/** Logs in through the login page and waits until the signed-in shell shows. */
export async function logIn(page: Page, baseUrl: string, credentials: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="email"]').fill(credentials.email);
  await page.locator('input[name="password"]').fill(credentials.password);
  await page.locator('button[type="submit"]').click();
  await page.locator('[data-testid="top-bar"]').waitFor({ timeout: 30_000 });
}

/** The keys of the side-menu entries shown. */
export function menuKeys(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="side-menu"] [data-testid^="menu-item-"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.replace('menu-item-', '')));
}
