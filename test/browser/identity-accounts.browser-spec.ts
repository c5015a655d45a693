/// <reference lib="dom" />
/**
 * In Chromium: an admin creates a user at /users who then logs in; that user resets a forgotten
 * password with the code read from the captured e-mail and logs in with the new one; a second login
 * elsewhere signs the older session out. Each test starts from a company and an attendant of its
 * own, set up through the API.
 */
import { randomBytes } from 'node:crypto';

import { forgotPasswordResponseSchema, resetPasswordResponseSchema, userListResponseSchema, userResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import type { Page } from 'playwright-core';

import { codeIn } from '../../libs/identity/src/testing/smtp-capture';
import { api, apiToken, companyOfItsOwn, type Credentials, until } from '../support/browser-setup';
import { expectText, type IdentityStack, logIn, menuKeys, newPage, startIdentityStack, SUPER_ADMIN } from '../support/identity-browser';

jest.setTimeout(180_000);

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An attendant of the test's own company: the name is the one searched for, the e-mail is the test's. */
const attendantOf = () => ({
  name: 'Bruna Atendente',
  email: `bruna.${randomBytes(3).toString('hex')}@accounts.test`,
  password: 'bruna1',
  newPassword: 'NovaSenha9',
});

describe('browser: users, password reset, one session per login', () => {
  let stack: IdentityStack;

  beforeAll(async () => {
    stack = await startIdentityStack('identity-accounts');
  });

  /** A company of its own, its admin, and a plain user of it created through the API. */
  const companyWithAttendant = async (name: string): Promise<{ companyAdmin: Credentials; ATTENDANT: ReturnType<typeof attendantOf> }> => {
    const { admin: companyAdmin } = await companyOfItsOwn(stack.baseUrl, SUPER_ADMIN, name);
    const ATTENDANT = attendantOf();
    const token = await apiToken(stack.baseUrl, companyAdmin);
    expectAnswer(
      userResponseSchema,
      await api(stack.baseUrl, 'POST', '/api/users', token, {
        name: ATTENDANT.name,
        email: ATTENDANT.email,
        password: ATTENDANT.password,
        profile: 'user',
      }),
    );
    return { companyAdmin, ATTENDANT };
  };
  /** A page signed in as `credentials`. */
  const signedIn = async (credentials: Credentials): Promise<Page> => {
    const page = await newPage(stack);
    await logIn(page, stack.baseUrl, credentials);
    return page;
  };

  afterAll(async () => {
    await stack?.stop();
  });

  it('an admin creates a user with the user modal', async () => {
    const { admin: companyAdmin } = await companyOfItsOwn(stack.baseUrl, SUPER_ADMIN, 'Contas modal');
    const ATTENDANT = attendantOf();
    const admin = await newPage(stack);
    await logIn(admin, stack.baseUrl, companyAdmin);
    await admin.waitForURL('**/tickets');
    await admin.goto(`${stack.baseUrl}/users`);
    await admin.locator('[data-testid="users-add"]').click();
    const modal = admin.locator('[data-testid="user-modal"]');
    await modal.waitFor();
    await modal.locator('input[name="name"]').fill('B');
    await modal.locator('[data-testid="user-modal-save"]').click();
    await modal.getByText('Muito curto!').first().waitFor();

    await modal.locator('input[name="name"]').fill(ATTENDANT.name);
    await modal.locator('input[name="password"]').fill(ATTENDANT.password);
    await modal.locator('input[name="email"]').fill(ATTENDANT.email);
    await modal.locator('select[name="profile"]').selectOption('user');
    await modal.locator('[data-testid="user-modal-save"]').click();
    await expectText(admin, 'Usuário salvo com sucesso!');
    await admin.locator('[data-testid="users-table"]').getByText(ATTENDANT.email).waitFor();
  });

  it('the new user logs in and sees the service menu only', async () => {
    const { ATTENDANT } = await companyWithAttendant('Contas menu');
    const attendant = await newPage(stack);
    await logIn(attendant, stack.baseUrl, { email: ATTENDANT.email, password: ATTENDANT.password });
    const keys = await menuKeys(attendant);
    expect(keys).toContain('helps');
    expect(keys).not.toContain('users');
    expect(keys).not.toContain('settings');
    expect(keys).not.toContain('announcements');
    await attendant.goto(`${stack.baseUrl}/announcements`);
    await expectText(attendant, 'Você não tem permissão para acessar esta página! Estamos lhe redirecionando.');
    await attendant.waitForURL((url) => url.pathname !== '/announcements', { timeout: 5_000 });
  });

  it("a super user's announcement reaches the user's top bar live, high priority in red, with its image", async () => {
    const { ATTENDANT } = await companyWithAttendant('Contas aviso');
    const attendant = await signedIn({ email: ATTENDANT.email, password: ATTENDANT.password });
    const admin = await signedIn(SUPER_ADMIN);
    await admin.goto(`${stack.baseUrl}/announcements`);
    await admin.locator('[data-testid="announcements-add"]').click();
    const modal = admin.locator('[data-testid="announcement-modal"]');
    await modal.locator('input[name="title"]').fill('Manutenção programada');
    await modal.locator('textarea[name="text"]').fill('O sistema ficará fora do ar no domingo às 3h.');
    await modal.locator('select[name="priority"]').selectOption('1');
    await modal
      .locator('[data-testid="announcement-file"]')
      .setInputFiles({ name: 'aviso.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await modal.getByText('Use somente arquivos em formato PNG, JPG ou JPEG!').waitFor();
    await modal
      .locator('[data-testid="announcement-file"]')
      .setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await modal.locator('[data-testid="announcement-save"]').click();
    await expectText(admin, 'Operação realizada com sucesso!');
    const row = admin.locator('[data-testid="announcements-row"]', { hasText: 'Manutenção programada' });
    await row.waitFor();
    expect(await row.locator('[data-priority="1"]').count()).toBe(1);
    await row.getByText('aviso.png').waitFor();

    await attendant.locator('[data-testid="announcements-count"]').waitFor({ timeout: 10_000 });
    await attendant.locator('[data-testid="announcements-button"]').click();
    const item = attendant.locator('[data-testid="announcement-item"]', { hasText: 'Manutenção programada' });
    await item.waitFor();
    const border = await item.evaluate((element) => getComputedStyle(element).borderLeftColor);
    expect(border).toMatch(/^rgb\((2[0-9]{2}), ([0-9]{1,2}), ([0-9]{1,2})\)$/);
    await item.locator('img').waitFor();
    expect(await item.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1);
    await attendant.keyboard.press('Escape');
    await admin.goto(`${stack.baseUrl}/users`);
  });

  it('the admin sees the user online and searches for them', async () => {
    const { companyAdmin, ATTENDANT } = await companyWithAttendant('Contas busca');
    await signedIn({ email: ATTENDANT.email, password: ATTENDANT.password });
    const admin = await signedIn(companyAdmin);
    await admin.goto(`${stack.baseUrl}/users`);
    await admin.locator('[data-testid="users-search"]').fill('bruna');
    const row = admin.locator('[data-testid="users-row"]', { hasText: ATTENDANT.email });
    await row.waitFor();
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid="users-row"]').length === 1);
    await admin.reload();
    await admin.locator('[data-testid="users-row"]', { hasText: ATTENDANT.email }).locator('[data-online="true"]').waitFor();
  });

  it('logging in elsewhere signs the older session out', async () => {
    const { companyAdmin, ATTENDANT } = await companyWithAttendant('Contas sessão');
    const attendant = await signedIn({ email: ATTENDANT.email, password: ATTENDANT.password });
    // The shell shows before its socket has joined the company's rooms; a login announced before
    // that reaches nobody (the older session stays valid on the server, as in the Whaticket family).
    const adminToken = await apiToken(stack.baseUrl, companyAdmin);
    await until(async () => {
      const users = userListResponseSchema.parse((await api(stack.baseUrl, 'GET', '/api/users/list', adminToken)).body);
      return users.find((user) => user.email === ATTENDANT.email)?.online;
    }, 'the attendant online');
    // The message shows for the second before the reload: watched from before the other login, which
    // may reach it before the other page's shell has finished loading.
    const toldOtherSession = expectText(attendant, 'Sua conta foi acessada em outro computador.', 30_000);
    const elsewhere = await newPage(stack);
    await logIn(elsewhere, stack.baseUrl, { email: ATTENDANT.email, password: ATTENDANT.password });
    await toldOtherSession;
    await attendant.waitForURL('**/login', { timeout: 10_000 });
    expect(await attendant.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expectText(elsewhere, `Olá ${ATTENDANT.name}`);
    await elsewhere.context().close();
  });

  it('an unknown e-mail gets the same answer as a known one at /forgetpsw (no account enumeration)', async () => {
    const attendant = await newPage(stack);
    await attendant.goto(`${stack.baseUrl}/forgetpsw`);
    await attendant.locator('input[name="email"]').fill('nobody@platform.test');
    await attendant.getByRole('button', { name: 'Enviar código' }).click();
    await expectText(attendant, 'Email enviado com sucesso!');
    expect(await attendant.getByText('Email não encontrado').count()).toBe(0);
    await attendant.goto(`${stack.baseUrl}/forgetpsw`);
  });

  it('a forgotten password is reset with the code from the e-mail', async () => {
    const { ATTENDANT } = await companyWithAttendant('Contas senha');
    const attendant = await newPage(stack);
    await attendant.goto(`${stack.baseUrl}/forgetpsw`);
    await attendant.locator('input[name="email"]').fill(ATTENDANT.email);
    const mailsBefore = stack.smtp.mails.length;
    await attendant.getByRole('button', { name: 'Enviar código' }).click();
    await expectText(attendant, 'Email enviado com sucesso!');
    const mail = await stack.smtp.waitForMail(ATTENDANT.email, mailsBefore);

    await attendant.locator('input[name="token"]').fill(codeIn(mail));
    await attendant.locator('input[name="password"]').fill(ATTENDANT.newPassword);
    await attendant.locator('input[name="confirmPassword"]').fill('Diferente9');
    await attendant.getByRole('button', { name: 'Redefinir senha' }).click();
    await expectText(attendant, 'As senhas não correspondem');
    await attendant.locator('input[name="confirmPassword"]').fill(ATTENDANT.newPassword);
    await attendant.getByRole('button', { name: 'Redefinir senha' }).click();

    await attendant.waitForURL('**/login');
    await expectText(attendant, 'Senha redefinida com sucesso.');
  });

  it('the old password no longer works and the new one does', async () => {
    const { ATTENDANT } = await companyWithAttendant('Contas nova senha');
    const mailsBefore = stack.smtp.mails.length;
    expectAnswer(
      forgotPasswordResponseSchema,
      await api(stack.baseUrl, 'POST', '/api/forgetpassword', undefined, { email: ATTENDANT.email }),
    );
    const code = codeIn(await stack.smtp.waitForMail(ATTENDANT.email, mailsBefore));
    expectAnswer(
      resetPasswordResponseSchema,
      await api(stack.baseUrl, 'POST', '/api/resetpasswords', undefined, {
        email: ATTENDANT.email,
        token: code,
        password: ATTENDANT.newPassword,
      }),
    );
    const attendant = await newPage(stack);
    await attendant.goto(`${stack.baseUrl}/login`);
    await attendant.locator('input[name="email"]').fill(ATTENDANT.email);
    await attendant.locator('input[name="password"]').fill(ATTENDANT.password);
    await attendant.locator('button[type="submit"]').click();
    await expectText(attendant, 'Falha na autenticação');
    await logIn(attendant, stack.baseUrl, { email: ATTENDANT.email, password: ATTENDANT.newPassword });
    await expectText(attendant, `Olá ${ATTENDANT.name}`);
  });
});
