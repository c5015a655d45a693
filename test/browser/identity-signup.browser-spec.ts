/// <reference lib="dom" />
/**
 * A visitor signs a company up in Chromium with the code read from the captured e-mail, is refused
 * until the super user approves the company, then logs in. The super user then moves the company to
 * a plan without Kanban, and the new admin switches the interface to English. Each test starts from
 * a company of its own in the state it needs (registered, approved or not), set up through the API.
 */
import { randomBytes } from 'node:crypto';

import { companyResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import type { Page } from 'playwright-core';

import { codeIn } from '../../libs/identity/src/testing/smtp-capture';
import { api, apiToken } from '../support/browser-setup';
import { expectText, type IdentityStack, logIn, menuKeys, newPage, startIdentityStack, SUPER_ADMIN } from '../support/identity-browser';

jest.setTimeout(180_000);

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The owner of the test's own company. */
const ownerOf = () => {
  const tag = randomBytes(3).toString('hex');
  return { company: `Padaria ${tag}`, email: `dona.${tag}@padaria.test`, phone: '11987654321', password: 'Padaria123' };
};

/** Today plus `offset` days, as YYYY-MM-DD (UTC, as the server counts due dates). */
function isoDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

function brDay(offset: number): string {
  const [year, month, day] = isoDay(offset).split('-');
  return `${day}/${month}/${year}`;
}

function oneMonthAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

describe('browser: sign-up, approval, first login, plan flags, language', () => {
  let stack: IdentityStack;

  beforeAll(async () => {
    stack = await startIdentityStack('identity-signup');
  });

  /** The owner's company, registered through the API by the super user (on plan 1), approved or not. */
  const registered = async (approved: boolean) => {
    const OWNER = ownerOf();
    const root = await apiToken(stack.baseUrl, SUPER_ADMIN);
    expectAnswer(
      companyResponseSchema,
      await api(stack.baseUrl, 'POST', '/api/companies', root, {
        name: OWNER.company,
        email: OWNER.email,
        password: OWNER.password,
        planId: 1,
        approved,
        dueDate: isoDay(30),
      }),
    );
    return OWNER;
  };
  /** A page signed in as the super user, on Settings > Companies. */
  const operatorOnCompanies = async (): Promise<Page> => {
    const operator = await newPage(stack);
    await logIn(operator, stack.baseUrl, SUPER_ADMIN);
    await operator.locator('[data-testid="menu-item-settings"]').click();
    await operator.locator('[data-testid="settings-tab-companies"]').click();
    return operator;
  };
  /** A page signed in as the owner. */
  const ownerSignedIn = async (OWNER: { email: string; password: string }): Promise<Page> => {
    const visitor = await newPage(stack);
    await logIn(visitor, stack.baseUrl, { email: OWNER.email, password: OWNER.password });
    return visitor;
  };

  afterAll(async () => {
    await stack?.stop();
  });

  it('sign-up in two steps with the code from the e-mail', async () => {
    const OWNER = ownerOf();
    const visitor = await newPage(stack);
    await visitor.goto(`${stack.baseUrl}/signup`);
    await visitor.getByRole('heading', { name: 'Criar sua conta' }).waitFor();
    // The public plan list hides plan 2 (the platform's own plan). Wait for it to load first.
    await visitor.locator('[data-testid="signup-plan"] option[value="1"]').waitFor({ state: 'attached' });
    const planValues = await visitor
      .locator('[data-testid="signup-plan"] option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(planValues).toContain('1');
    expect(planValues).not.toContain('2');

    await visitor.locator('input[name="name"]').fill(OWNER.company);
    await visitor.locator('input[name="email"]').fill(OWNER.email);
    await visitor.locator('input[name="phone"]').pressSequentially(OWNER.phone);
    expect(await visitor.locator('input[name="phone"]').inputValue()).toBe('(11) 98765-4321');
    await visitor.locator('input[name="password"]').fill(OWNER.password);
    await visitor.locator('[data-testid="signup-plan"]').selectOption('1');
    const mailsBefore = stack.smtp.mails.length;
    await visitor.getByRole('button', { name: 'Verificar Email' }).click();

    await visitor.getByRole('heading', { name: 'Verificar email' }).waitFor();
    await expectText(visitor, 'Código de verificação enviado para seu email');
    const mail = await stack.smtp.waitForMail(OWNER.email, mailsBefore);
    await visitor.locator('input[name="code"]').fill(codeIn(mail));
    await visitor.getByRole('button', { name: 'Finalizar Cadastro' }).click();

    await visitor.waitForURL('**/login');
    await expectText(visitor, 'Cadastro realizado com sucesso! Aguarde a aprovação do administrador.');
  });

  it('before approval the login is refused with the not-approved message', async () => {
    const OWNER = await registered(false);
    const visitor = await newPage(stack);
    await visitor.goto(`${stack.baseUrl}/login`);
    await visitor.locator('input[name="email"]').fill(OWNER.email);
    await visitor.locator('input[name="password"]').fill(OWNER.password);
    await visitor.locator('button[type="submit"]').click();
    await expectText(visitor, 'Sua empresa ainda não foi aprovada');
    expect(new URL(visitor.url()).pathname).toBe('/login');
  });

  it('the super user approves the company in Settings > Companies', async () => {
    const OWNER = await registered(false);
    const operator = await newPage(stack);
    await logIn(operator, stack.baseUrl, SUPER_ADMIN);
    expect(await menuKeys(operator)).toEqual(expect.arrayContaining(['announcements', 'users', 'settings', 'helps']));
    await operator.locator('[data-testid="menu-item-settings"]').click();
    await operator.locator('[data-testid="settings-tab-companies"]').click();
    const row = operator.locator('[data-testid="companies-row"]', { hasText: OWNER.company });
    await row.waitFor();
    expect(await row.textContent()).toContain('Não Aprovado');
    await row.locator('[data-testid="companies-edit"]').click();
    await operator.waitForFunction(
      (name) => (document.querySelector('[data-testid="company-form"] input[name="name"]') as HTMLInputElement | null)?.value === name,
      OWNER.company,
    );
    await operator.locator('[data-testid="company-approved"]').selectOption('true');
    await operator.locator('[data-testid="company-save"]').click();
    await expectText(operator, 'Operação realizada com sucesso!');
    await operator.locator('[data-testid="companies-row"]', { hasText: OWNER.company }).getByText('Aprovado', { exact: true }).waitFor();
  });

  it('after approval the first login lands in the shell as the company admin', async () => {
    const OWNER = await registered(true);
    const visitor = await newPage(stack);
    await logIn(visitor, stack.baseUrl, { email: OWNER.email, password: OWNER.password });
    await visitor.waitForURL('**/tickets');
    await expectText(visitor, `Olá ${OWNER.company}`);
    const keys = await menuKeys(visitor);
    expect(keys).toEqual(expect.arrayContaining(['users', 'settings', 'helps']));
    expect(keys).not.toContain('announcements');
    await visitor.goto(`${stack.baseUrl}/users`);
    await visitor.locator('[data-testid="users-table"]').getByText(OWNER.email).waitFor();
  });

  it('due dates: a past one refuses the login with the date, +Vencimento moves it a month on, under 5 days warns', async () => {
    const OWNER = await registered(true);
    const visitor = await ownerSignedIn(OWNER);
    const operator = await operatorOnCompanies();
    const editCompany = async () => {
      await operator.locator('[data-testid="companies-row"]', { hasText: OWNER.company }).locator('[data-testid="companies-edit"]').click();
      await operator.waitForFunction(
        (name) => (document.querySelector('[data-testid="company-form"] input[name="name"]') as HTMLInputElement | null)?.value === name,
        OWNER.company,
      );
    };
    const saveCompany = async () => {
      await operator.locator('[data-testid="company-save"]').click();
      await expectText(operator, 'Operação realizada com sucesso!');
    };
    await editCompany();
    await operator.locator('[data-testid="company-due-date"]').fill(isoDay(-1));
    await saveCompany();
    await operator.waitForFunction((name) => {
      const rows = Array.from(document.querySelectorAll('[data-testid="companies-row"]'));
      return rows.find((item) => item.textContent?.includes(name))?.getAttribute('data-due-tone') === 'overdue';
    }, OWNER.company);

    const late = await newPage(stack);
    await late.goto(`${stack.baseUrl}/login`);
    await late.locator('input[name="email"]').fill(OWNER.email);
    await late.locator('input[name="password"]').fill(OWNER.password);
    await late.locator('button[type="submit"]').click();
    await expectText(late, `Sua assinatura venceu em ${brDay(-1)}`);
    // The owner is offered the expired period's Pix (test/browser/billing.browser-spec.ts); here the
    // operator moves the due date instead, so the offer is closed.
    const offer = late.locator('[data-testid="expired-checkout"]');
    await offer.waitFor();
    await late.keyboard.press('Escape');
    await offer.waitFor({ state: 'detached' });

    await editCompany();
    await operator.locator('[data-testid="company-advance-due-date"]').click();
    expect(await operator.locator('[data-testid="company-due-date"]').inputValue()).toBe(oneMonthAfter(isoDay(-1)));
    await saveCompany();
    await operator.waitForFunction((name) => {
      const rows = Array.from(document.querySelectorAll('[data-testid="companies-row"]'));
      return rows.find((item) => item.textContent?.includes(name))?.getAttribute('data-due-tone') === 'none';
    }, OWNER.company);

    await editCompany();
    await operator.locator('[data-testid="company-due-date"]').fill(isoDay(3));
    await saveCompany();
    await operator.waitForFunction((name) => {
      const rows = Array.from(document.querySelectorAll('[data-testid="companies-row"]'));
      return rows.find((item) => item.textContent?.includes(name))?.getAttribute('data-due-tone') === 'soon';
    }, OWNER.company);

    // That login of the same user ends the visitor's session: the message, then a reload to the login
    // page a second later, so it is watched for from before the login. Waiting for it keeps the reload
    // from cutting into the next test's navigation.
    const toldOtherSession = expectText(visitor, 'Sua conta foi acessada em outro computador.', 30_000);
    await late.locator('button[type="submit"]').click();
    await expectText(late, 'Sua assinatura vence em 3 dias.');
    await toldOtherSession;
    await visitor.waitForURL(/\/login$/);
    await late.context().close();
  });

  it('a plan without useKanban: the company is moved to it and no Kanban entry shows', async () => {
    const OWNER = await registered(true);
    const operator = await operatorOnCompanies();
    await operator.locator('[data-testid="settings-tab-plans"]').click();
    const form = operator.locator('[data-testid="plan-form"]');
    await form.locator('input[name="name"]').fill('Sem Kanban');
    await form.locator('input[name="users"]').fill('3');
    await form.locator('input[name="connections"]').fill('1');
    await form.locator('input[name="queues"]').fill('2');
    await form.locator('input[name="value"]').fill('49,90');
    await operator.locator('[data-testid="plan-useKanban"]').selectOption('false');
    await operator.locator('[data-testid="plan-save"]').click();
    await expectText(operator, 'Operação realizada com sucesso!');
    const planRow = operator.locator('[data-testid="plans-row"]', { hasText: 'Sem Kanban' });
    await planRow.waitFor();
    expect((await planRow.textContent())?.replace(/\u00a0/g, ' ')).toContain('R$ 49,90');
    const planId = await planRow.getAttribute('data-plan-id');

    await operator.locator('[data-testid="settings-tab-companies"]').click();
    const row = operator.locator('[data-testid="companies-row"]', { hasText: OWNER.company });
    await row.locator('[data-testid="companies-edit"]').click();
    await operator.waitForFunction(
      (name) => (document.querySelector('[data-testid="company-form"] input[name="name"]') as HTMLInputElement | null)?.value === name,
      OWNER.company,
    );
    await operator.locator('[data-testid="company-plan"]').selectOption(planId!);
    await operator.locator('[data-testid="company-save"]').click();
    await expectText(operator, 'Operação realizada com sucesso!');

    // A fresh login picks up the new plan.
    const visitor = await ownerSignedIn(OWNER);
    await visitor.locator('[data-testid="side-menu"]').waitFor();
    const plan = await visitor.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('token')!);
      const response = await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
      return ((await response.json()) as { company: { plan: { name: string; useKanban: boolean } } }).company.plan;
    });
    expect(plan).toMatchObject({ name: 'Sem Kanban', useKanban: false });
    expect(await menuKeys(visitor)).not.toContain('kanban');
    expect(await visitor.locator('[data-testid="side-menu"]').getByText('Kanban').count()).toBe(0);
  });

  it('the super user uploads the login logo, which the login page then shows', async () => {
    const operator = await operatorOnCompanies();
    await operator.getByRole('tab', { name: 'Logo' }).click();
    await operator.locator('[data-testid="logo-destination"]').selectOption('login');
    await operator.locator('[data-testid="logo-file"]').setInputFiles({ name: 'marca.jpg', mimeType: 'image/jpeg', buffer: ONE_PIXEL_PNG });
    await expectText(operator, 'Use somente arquivos em formato PNG, ICO ou SVG!');
    await operator.locator('[data-testid="logo-file"]').setInputFiles({ name: 'marca.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await operator.locator('[data-testid="logo-submit"]').click();
    await expectText(operator, 'Arquivo enviado com sucesso!');

    const anonymous = await newPage(stack);
    await anonymous.goto(`${stack.baseUrl}/login`);
    const logo = anonymous.locator('[data-testid="logo-login"]');
    await logo.waitFor();
    await anonymous.waitForFunction(
      () => (document.querySelector('[data-testid="logo-login"]') as HTMLImageElement | null)?.naturalWidth === 1,
    );
    await anonymous.goto(`${stack.baseUrl}/signup`);
    await anonymous.locator('[data-testid="public-logo-text"]').waitFor();
    await anonymous.context().close();
  });

  it('switching the language to English translates the interface and survives a reload', async () => {
    const OWNER = await registered(true);
    const visitor = await ownerSignedIn(OWNER);
    await visitor.goto(`${stack.baseUrl}/users`);
    await visitor.locator('[data-testid="users-table"]').waitFor();
    await visitor.locator('[data-testid="language-switcher"]').selectOption('en');
    await visitor.locator('[data-testid="side-menu"]').getByText('Settings', { exact: true }).waitFor();
    await visitor.getByRole('heading', { name: 'Users' }).waitFor();
    await expectText(visitor, `Hello ${OWNER.company}, welcome!`);
    expect(await visitor.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await visitor.reload();
    await visitor.locator('[data-testid="side-menu"]').getByText('Help').waitFor();
    expect(await visitor.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});
