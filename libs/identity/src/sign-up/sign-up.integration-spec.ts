import {
  planListResponseSchema,
  planResponseSchema,
  publicSettingResponseSchema,
  signUpResponseSchema,
  verifyCodeResponseSchema,
  verifyEmailResponseSchema,
} from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { CompanyRepository } from '../common/company.repository';
import { SettingRepository } from '../settings/setting.repository';
import { as, fieldMessages, logIn, outboxEvents } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, TEST_ADMIN } from '../testing/identity-test-app';
import { codeIn, type SmtpCapture, startSmtpCapture, textOf } from '../testing/smtp-capture';
import { dateInDays } from './sign-up.service';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

describe('sign-up over HTTP, codes by e-mail through a real SMTP server', () => {
  let t: IdentityTestApp;
  let smtp: SmtpCapture;
  let superToken: string;
  let planId: number;

  const post = (url: string, body: object) => request(t.http).post(url).send(body);
  const signUpBody = (email: string, overrides: object = {}) => ({
    name: `Empresa ${email.split('@')[0]}`,
    email,
    phone: '(11) 98765-4321',
    password: 'Senha-forte1',
    planId,
    recurrence: 'MENSAL',
    dueDate: '2999-01-01',
    status: 't',
    campaignsEnabled: true,
    ...overrides,
  });

  /** Steps one and two: the code mailed, read from the captured mail and checked. */
  async function verify(email: string, name = 'Empresa Nova'): Promise<void> {
    const before = smtp.mails.length;
    const sent = await post('/api/verify-email', { email, name }).expect(200);
    expectAnswer(verifyEmailResponseSchema, sent);
    expect(sent.body).toEqual({ sent: true, message: 'Código de verificação enviado para seu email' });
    const code = codeIn(await smtp.waitForMail(email, before));
    expectAnswer(verifyCodeResponseSchema, await post('/api/verify-code', { email, code }).expect(200, { valid: true }));
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startIdentityTestApp({ mail: { smtpUrl: smtp.url, from: 'Zapdesk <no-reply@zapdesk.test>' } });
    superToken = (await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password)).token;
    const plan = await as(t, superToken)
      .post('/api/plans')
      .send({ name: 'Básico', users: 3, connections: 1, queues: 2, value: '49,90', useKanban: true })
      .expect(201);
    planId = expectAnswer(planResponseSchema, plan).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a visitor signs up end to end: code by e-mail, company unapproved with a 5-day trial, login after approval', async () => {
    const publicPlans = await request(t.http).get('/api/plans/register').expect(200);
    expect(expectAnswer(planListResponseSchema, publicPlans).map((p) => p.name)).toEqual(['Plano Inicial', 'Básico']);
    expectAnswer(
      publicSettingResponseSchema,
      await request(t.http).get('/api/settings/allowregister').expect(200, { key: 'allowregister', value: 'enabled' }),
    );

    const before = smtp.mails.length;
    await post('/api/verify-email', { email: 'Dono@Nova.test', name: 'Nova Ltda' }).expect(200);
    const mail = await smtp.waitForMail('dono@nova.test', before);
    expect(textOf(mail)).toContain('Seu código de verificação é:');
    const code = codeIn(mail);

    const wrong = code === '000000' ? '111111' : '000000';
    expectAnswer(
      verifyCodeResponseSchema,
      await post('/api/verify-code', { email: 'dono@nova.test', code: wrong }).expect(200, { valid: false }),
    );
    expectAnswer(verifyCodeResponseSchema, await post('/api/verify-code', { email: 'dono@nova.test', code }).expect(200, { valid: true }));

    const created = await post('/api/companies/cadastro', signUpBody('dono@nova.test', { name: 'Nova Ltda' })).expect(201);
    expectAnswer(signUpResponseSchema, created);
    expect(created.body).toMatchObject({
      message: 'Cadastro realizado com sucesso! Aguarde a aprovação do administrador.',
      company: { name: 'Nova Ltda', approved: false, dueDate: dateInDays(5) },
    });

    const company = (await new CompanyRepository(t.dataSource).findWithPlan(created.body.company.id))!;
    // The body's dueDate, status and campaignsEnabled are the server's to decide.
    expect(company).toMatchObject({
      recurrence: 'MENSAL',
      status: true,
      approved: false,
      dueDate: dateInDays(5),
      planId,
      phone: '11987654321',
      // The trial ends with the first due date (the Assinatura page counts its days); invoices go to the sign-up e-mail.
      billing: expect.objectContaining({ trialExpiration: dateInDays(5), billingEmail: 'dono@nova.test' }),
    });
    const campaigns = (await new SettingRepository(t.dataSource).companySetting(company.id, 'campaignsEnabled'))!;
    expect(campaigns.value).toBe('true');
    expect((await outboxEvents(t, 'identity.company.created')).map((e) => e.payload.company.name)).toContain('Nova Ltda');

    const refused = await request(t.http).post('/api/auth/login').send({ email: 'dono@nova.test', password: 'Senha-forte1' }).expect(401);
    expect(refused.body.error).toBe('ERR_COMPANY_NOT_APPROVED');

    await as(t, superToken).put(`/api/companies/${company.id}`).send({ approved: true }).expect(200);
    const session = await logIn(t, 'dono@nova.test', 'Senha-forte1');
    expect(session.body.user).toMatchObject({ profile: 'admin', super: false, company: { name: 'Nova Ltda' } });
    expect(session.body.subscription).toEqual({ dueDate: dateInDays(5), daysLeft: 5, warning: false });
  });

  it('a verified code serves one sign-up only, and sign-up without a verified code is refused', async () => {
    await post('/api/companies/cadastro', signUpBody('unverified@nova.test'))
      .expect(400)
      .expect((r) => {
        expect(r.body.error).toBe('ERR_INVALID_CODE');
      });
    await verify('once@nova.test');
    await post('/api/companies/cadastro', signUpBody('once@nova.test')).expect(201);
    const again = await post('/api/companies/cadastro', signUpBody('once@nova.test', { name: 'Outra Empresa' })).expect(400);
    expect(again.body.error).toBe('ERR_INVALID_CODE');
  });

  it('a code dies after five wrong guesses', async () => {
    const before = smtp.mails.length;
    await post('/api/verify-email', { email: 'guess@nova.test', name: 'Guess Co' }).expect(200);
    const code = codeIn(await smtp.waitForMail('guess@nova.test', before));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expectAnswer(
        verifyCodeResponseSchema,
        await post('/api/verify-code', { email: 'guess@nova.test', code: wrong }).expect(200, { valid: false }),
      );
    expectAnswer(
      verifyCodeResponseSchema,
      await post('/api/verify-code', { email: 'guess@nova.test', code }).expect(200, { valid: false }),
    );
  });

  it('a registered e-mail gets the same answer as a new one, and a mail without a code saying the account exists', async () => {
    const before = smtp.mails.length;
    // What a new e-mail gets (see verify()): same status, same body.
    const sent = await post('/api/verify-email', { email: TEST_ADMIN.email, name: 'Whatever' }).expect(200, {
      sent: true,
      message: 'Código de verificação enviado para seu email',
    });
    expectAnswer(verifyEmailResponseSchema, sent);
    const text = textOf(await smtp.waitForMail(TEST_ADMIN.email, before));
    expect(text).toContain('já tem uma conta');
    expect(text).toContain('Esqueci minha senha');
    expect(text).not.toMatch(/\d{6}/);
    // No code exists for it, so no second account can be made with that e-mail.
    expectAnswer(
      verifyCodeResponseSchema,
      await post('/api/verify-code', { email: TEST_ADMIN.email, code: '123456' }).expect(200, { valid: false }),
    );
  });

  it('a company name taken is refused', async () => {
    await insertCompanyWithAdmin(t.dataSource, { name: 'Existente', adminEmail: 'boss@existente.test', password: 'x-pass-1' });
    await verify('novo@existente.test');
    const name = await post('/api/companies/cadastro', signUpBody('novo@existente.test', { name: 'Existente' })).expect(409);
    expect(name.body.error).toBe('ERR_COMPANY_NAME_ALREADY_EXISTS');
  });

  it('bad input answers 400 with the spec messages', async () => {
    expect(fieldMessages(await post('/api/verify-email', {}).expect(400))).toEqual({
      email: 'Email é obrigatório',
      name: 'Nome é obrigatório',
    });
    expect(fieldMessages(await post('/api/verify-email', { email: 'not-an-email', name: 'A' }).expect(400))).toEqual({
      email: 'Email inválido',
      name: 'Nome muito curto!',
    });
    expect(fieldMessages(await post('/api/verify-email', { email: 'a@b.test', name: 'x'.repeat(51) }).expect(400))).toEqual({
      name: 'Nome muito longo!',
    });
    const rule = 'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.';
    for (const password of ['curta1A', 'semnumeroAA', 'SEMMINUSCULA1', 'semmaiuscula1']) {
      expect(fieldMessages(await post('/api/companies/cadastro', signUpBody('p@nova.test', { password })).expect(400)).password).toBe(rule);
    }
    const missing = fieldMessages(await post('/api/companies/cadastro', { name: 'Empresa X', email: 'p@nova.test' }).expect(400));
    expect(missing).toMatchObject({ password: 'Senha é obrigatória', planId: 'Plano é obrigatório' });
    expect(fieldMessages(await post('/api/companies/cadastro', signUpBody('p@nova.test', { planId: 0 })).expect(400)).planId).toBe(
      'Selecione um plano',
    );
    expect(
      fieldMessages(await post('/api/companies/cadastro', signUpBody('p@nova.test', { phone: '(11) 98765-43210' })).expect(400)).phone,
    ).toBe('Muito grande!');
    expect(fieldMessages(await post('/api/verify-code', { email: 'p@nova.test', code: '12ab' }).expect(400)).code).toBeDefined();
  });

  it('an internal plan (or none) cannot be chosen at sign-up', async () => {
    await verify('internal@nova.test');
    const [internal] = await t.dataSource.query(`SELECT id FROM identity.plans WHERE use_internal`);
    const answer = await post('/api/companies/cadastro', signUpBody('internal@nova.test', { planId: internal.id })).expect(400);
    expect(fieldMessages(answer).planId).toBe('Selecione um plano');
    const none = await post('/api/companies/cadastro', signUpBody('internal@nova.test', { planId: 99_999 })).expect(400);
    expect(fieldMessages(none).planId).toBe('Selecione um plano');
  });

  it('the trial days come from the global trial setting (1 to 7)', async () => {
    const bad = await as(t, superToken).put('/api/settings/trial').send({ value: '9' }).expect(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    await as(t, superToken).put('/api/settings/trial').send({ value: '3' }).expect(200);
    expectAnswer(publicSettingResponseSchema, await request(t.http).get('/api/settings/trial').expect(200, { key: 'trial', value: '3' }));
    await verify('trial@nova.test');
    const created = await post('/api/companies/cadastro', signUpBody('trial@nova.test')).expect(201);
    expect(expectAnswer(signUpResponseSchema, created).company.dueDate).toBe(dateInDays(3));
    await as(t, superToken).put(`/api/companies/${created.body.company.id}`).send({ approved: true }).expect(200);
    const session = await logIn(t, 'trial@nova.test', 'Senha-forte1');
    expect(session.body.subscription).toEqual({ dueDate: dateInDays(3), daysLeft: 3, warning: true });
    await as(t, superToken).put('/api/settings/trial').send({ value: '5' }).expect(200);
  });

  it('with allowregister disabled every sign-up call is refused with ERR_USER_CREATION_DISABLED', async () => {
    await verify('closed@nova.test');
    await as(t, superToken).put('/api/settings/allowregister').send({ key: 'allowregister', value: 'disabled' }).expect(200);
    try {
      expectAnswer(
        publicSettingResponseSchema,
        await request(t.http).get('/api/settings/allowregister').expect(200, { key: 'allowregister', value: 'disabled' }),
      );
      for (const [url, body] of [
        ['/api/verify-email', { email: 'closed2@nova.test', name: 'Fechada' }],
        ['/api/verify-code', { email: 'closed@nova.test', code: '123456' }],
        ['/api/companies/cadastro', signUpBody('closed@nova.test')],
      ] as const) {
        const refused = await post(url, body).expect(403);
        expect(refused.body.error).toBe('ERR_USER_CREATION_DISABLED');
      }
    } finally {
      await as(t, superToken).put('/api/settings/allowregister').send({ value: 'enabled' }).expect(200);
    }
    await post('/api/companies/cadastro', signUpBody('closed@nova.test')).expect(201);
  });

  it('only a super user changes the global settings; anyone reads them', async () => {
    await insertCompanyWithAdmin(t.dataSource, { name: 'Admin Co', adminEmail: 'boss@adminco.test', password: 'admin-pass-1' });
    const admin = await logIn(t, 'boss@adminco.test', 'admin-pass-1');
    for (const key of ['allowregister', 'viewregister', 'trial']) {
      const refused = await as(t, admin.token)
        .put(`/api/settings/${key}`)
        .send({ value: key === 'trial' ? '2' : 'disabled' })
        .expect(403);
      expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    }
    await request(t.http).get('/api/settings/viewregister').expect(200, { key: 'viewregister', value: 'enabled' });
    // A company's key is read with a token, in the caller's company only; anonymous callers are asked to log in.
    await request(t.http).get('/api/settings/userRating').expect(401);
  });
});
