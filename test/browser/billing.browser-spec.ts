/// <reference lib="dom" />
/**
 * Billing (issue 25) in Chromium against the standalone product, Asaas replaced by a local server
 * speaking its API: a company's due date passes; its admin's login is refused and offers the expired
 * period's invoice in the checkout (decision 0053); PAGAR answers Asaas's Pix; a forged webhook changes
 * nothing; Asaas's webhook (sent twice) pays the invoice, the page shows the renewal and logs in, and
 * the company's other user may log in again too.
 */
import { randomBytes } from 'node:crypto';

import { companyResponseSchema, loginResponseSchema, planResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';

import { FakeAsaas } from '../../libs/billing/src/testing/asaas-server';
import { api, apiToken, until } from '../support/browser-setup';
import { newPage, type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(180_000);

const SUPER = { email: 'owner@platform.test', password: 'Owner-password-1' };
const WEBHOOK_TOKEN = 'journey-webhook-token-0123456789';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('browser: billing', () => {
  let stack: ProductStack;
  let asaas: FakeAsaas;

  beforeAll(async () => {
    asaas = await new FakeAsaas('journey-asaas-key-0123456789').start();
    stack = await startProductStack('browser_billing', SUPER, {
      ASAAS_API_URL: asaas.url,
      ASAAS_API_KEY: asaas.apiKey,
      ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      // The local Asaas listens on the loopback address: the operator's allowlist lets billing reach it.
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    });
  });

  afterAll(async () => {
    await stack?.stop();
    await asaas?.stop();
  });

  it("an expired company's admin pays the invoice from the login page through Asaas's Pix, and the company is let in again", async () => {
    const { baseUrl } = stack;
    const root = await apiToken(baseUrl, SUPER);
    const slug = `c${randomBytes(4).toString('hex')}`;
    const plan = expectAnswer(
      planResponseSchema,
      await api(baseUrl, 'POST', '/api/plans', root, { name: `Prata ${slug}`, users: 4, connections: 2, queues: 3, value: 79.9 }),
    );
    const admin = { email: `admin@${slug}.test`, password: 'Admin-password-1' };
    const agent = { email: `agent@${slug}.test`, password: 'Agent-password-1' };
    const company = expectAnswer(
      companyResponseSchema,
      await api(baseUrl, 'POST', '/api/companies', root, {
        name: `Loja ${slug}`,
        email: admin.email,
        password: admin.password,
        planId: plan.id,
        dueDate: day(20),
        recurrence: 'MENSAL',
      }),
    );
    const adminToken = await apiToken(baseUrl, admin);
    expect((await api(baseUrl, 'POST', '/api/users', adminToken, { name: 'Agente', ...agent })).status).toBe(201);

    // The due date passes.
    const expiredOn = day(-1);
    expect((await api(baseUrl, 'PUT', `/api/companies/${company.id}`, root, { dueDate: expiredOn })).status).toBe(200);
    const refusal = await until(async () => {
      const answer = await api(baseUrl, 'POST', '/api/auth/login', undefined, agent);
      return answer.status === 401 ? answer : undefined;
    }, 'the agent refused');
    expect(refusal.body).toMatchObject({ error: 'ERR_SUBSCRIPTION_EXPIRED' });
    expect(refusal.body).not.toHaveProperty('checkoutPass');

    // The admin's login is refused and offers the checkout of the expired period's invoice.
    const page = await newPage(stack);
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="email"]').fill(admin.email);
    await page.locator('input[name="password"]').fill(admin.password);
    await page.locator('button[type="submit"]').click();
    const dialog = page.locator('[data-testid="expired-checkout"]');
    const intro = dialog.locator('[data-testid="expired-checkout-intro"]');
    await intro.waitFor({ timeout: 30_000 });
    expect(await intro.textContent()).toContain(`A assinatura venceu em ${expiredOn.split('-').reverse().join('/')}`);
    await dialog.locator('[data-testid="billing-firstName"]').fill('Ana Lima');
    await dialog.locator('[data-testid="billing-address"]').fill('Rua das Flores, 10');
    await dialog.locator('[data-testid="billing-city"]').fill('Recife');
    await dialog.locator('[data-testid="billing-zipcode"]').fill('50000-000');
    await dialog.locator('[data-testid="billing-next"]').click();
    const planCard = dialog.locator('[data-testid="billing-step-plan"]');
    await planCard.waitFor();
    expect(await planCard.textContent()).toContain(`Prata ${slug}`);
    await dialog.locator('[data-testid="billing-next"]').click();
    await dialog.locator('[data-testid="billing-pay"]').click();
    const total = dialog.locator('[data-testid="billing-pix-total"]');
    await total.waitFor({ timeout: 30_000 });
    expect((await total.textContent())?.replace(/\u00a0/g, ' ')).toBe('Total: R$ 79,90');
    const brCode = await dialog.locator('[data-testid="billing-pix-code"]').inputValue();
    expect(brCode).toMatch(/^000201.*540579\.90.*6304[0-9A-F]{4}$/);
    const [paymentId] = asaas.paymentIds();
    expect(asaas.requests.find((request) => request.path === '/payments')?.body).toMatchObject({ billingType: 'PIX', value: 79.9 });

    // A forged call changes nothing; Asaas's own, sent twice, pays once.
    const hook = (token: string) =>
      fetch(`${baseUrl}/api/invoices/asaas-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'asaas-access-token': token },
        body: JSON.stringify(asaas.webhookBody({ id: `evt_${slug}`, event: 'PAYMENT_RECEIVED', paymentId: paymentId! })),
      });
    expect((await hook('forged-token-0123456789abcdef')).status).toBeGreaterThanOrEqual(400);
    expect(await dialog.locator('[data-testid="billing-renewed"]').count()).toBe(0);
    expect((await hook(WEBHOOK_TOKEN)).status).toBe(200);
    expect((await hook(WEBHOOK_TOKEN)).status).toBe(200);

    // The renewal with the new due date, then the login goes on by itself.
    const renewed = dialog.locator('[data-testid="billing-renewed"]');
    await renewed.waitFor({ timeout: 30_000 });
    const nextDue = new Date(`${expiredOn}T00:00:00Z`);
    nextDue.setUTCMonth(nextDue.getUTCMonth() + 1);
    expect(await renewed.textContent()).toBe(
      `Sua licença foi renovada até ${nextDue.toISOString().slice(0, 10).split('-').reverse().join('/')}!`,
    );
    await page.locator('[data-testid="top-bar"]').waitFor({ timeout: 30_000 });

    // Everyone of the company is let in again; the invoice was paid once.
    expect(expectAnswer(loginResponseSchema, await api(baseUrl, 'POST', '/api/auth/login', undefined, agent)).user.email).toBe(agent.email);
    const invoices = (await api(baseUrl, 'GET', '/api/invoices/all', await apiToken(baseUrl, admin))).body as {
      invoices: { dueDate: string; status: string; paidAt: string | null }[];
    };
    expect(invoices.invoices.filter((invoice) => invoice.dueDate === expiredOn)).toEqual([
      expect.objectContaining({ status: 'paid', paidAt: expect.any(String) }),
    ]);
  });
});
