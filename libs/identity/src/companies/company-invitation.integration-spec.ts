import { companyResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { as, logIn } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, TEST_ADMIN } from '../testing/identity-test-app';
import { codeIn, type SmtpCapture, startSmtpCapture, textOf } from '../testing/smtp-capture';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(60_000);

/** The link of an invitation mail, and the e-mail and code it carries. */
function linkIn(text: string): URL {
  const match = /(https?:\/\/\S+\/forgetpsw\?\S+)/.exec(text);
  if (!match) throw new Error(`no link in mail:\n${text}`);
  return new URL(match[1]!);
}

describe('POST /companies without a password (the ticketz companies manager): the admin is invited by e-mail to set one', () => {
  let smtp: SmtpCapture;
  let t: IdentityTestApp;
  let root: string;
  let planId: number;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startIdentityTestApp({
      mail: { smtpUrl: smtp.url, from: 'Zapdesk <no-reply@zapdesk.test>', publicUrl: 'https://atendimento.zapdesk.test/' },
    });
    planId = (await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' })).company
      .planId;
    root = (await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password)).token;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('the company and its admin are created, the mailed link sets the password, and the admin then logs in', async () => {
    const before = smtp.mails.length;
    // The ticketz companies manager's body: no password field at all.
    const created = await as(t, root)
      .post('/api/companies')
      .send({ name: 'Delta', email: 'Dono@Delta.test', phone: '', status: true, planId, campaignsEnabled: true, recurrence: 'MENSAL' })
      .expect(201);
    expect(expectAnswer(companyResponseSchema, created)).toMatchObject({ name: 'Delta', email: 'dono@delta.test' });

    const mail = await smtp.waitForMail('dono@delta.test', before);
    const text = textOf(mail);
    const link = linkIn(text);
    expect(link.origin + link.pathname).toBe('https://atendimento.zapdesk.test/forgetpsw');
    expect(link.searchParams.get('email')).toBe('dono@delta.test');
    const code = link.searchParams.get('code')!;
    expect(code).toBe(codeIn(mail));
    expect(text).toContain('7 dias');

    // No password anyone knows: not the empty one, not the name.
    for (const password of ['', 'Delta', 'dono@delta.test']) {
      const refused = await request(t.http).post('/api/auth/login').send({ email: 'dono@delta.test', password });
      expect(refused.status).toBeGreaterThanOrEqual(400);
    }

    await request(t.http)
      .post('/api/resetpasswords')
      .send({ email: 'dono@delta.test', token: code, password: 'Senha-nova-123' })
      .expect(200);
    const admin = await logIn(t, 'dono@delta.test', 'Senha-nova-123');
    expect(admin.body.user).toMatchObject({ profile: 'admin', companyId: created.body.id });
    // The invitation's code is spent.
    await request(t.http)
      .post('/api/resetpasswords')
      .send({ email: 'dono@delta.test', token: code, password: 'Outra-senha-456' })
      .expect(400);
  });

  it("without PUBLIC_URL the link is built on the super user's page origin; a non-http origin gives a mail with the code alone", async () => {
    const bare = await startIdentityTestApp({ mail: { smtpUrl: smtp.url } });
    try {
      const superToken = (await logIn(bare, TEST_ADMIN.email, TEST_ADMIN.password)).token;
      const plan = (await insertCompanyWithAdmin(bare.dataSource, { name: 'Base', adminEmail: 'boss@base.test', password: 'base-pass-1' }))
        .company.planId;
      let before = smtp.mails.length;
      await as(bare, superToken)
        .post('/api/companies')
        .set('Origin', 'http://localhost:5173')
        .send({ name: 'Epsilon', email: 'dono@epsilon.test', planId: plan, password: '' })
        .expect(201);
      expect(linkIn(textOf(await smtp.waitForMail('dono@epsilon.test', before))).origin).toBe('http://localhost:5173');

      before = smtp.mails.length;
      await as(bare, superToken)
        .post('/api/companies')
        .set('Origin', 'null')
        .send({ name: 'Zeta', email: 'dono@zeta.test', planId: plan })
        .expect(201);
      const mail = await smtp.waitForMail('dono@zeta.test', before);
      expect(textOf(mail)).not.toContain('/forgetpsw?');
      expect(codeIn(mail)).toMatch(/^\d{6}$/);
    } finally {
      await bare.close();
    }
  });

  it('only a super user creates companies, with or without a password; a short password is still refused', async () => {
    const acme = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
    const before = smtp.mails.length;
    await as(t, acme).post('/api/companies').send({ name: 'Intrusa', email: 'x@intrusa.test', planId }).expect(403);
    const short = await as(t, root)
      .post('/api/companies')
      .send({ name: 'Curta', email: 'x@curta.test', planId, password: '123' })
      .expect(400);
    expect(short.body.error).toBe('ERR_VALIDATION');
    expect(smtp.mails.slice(before).filter((mail) => mail.to.includes('x@intrusa.test') || mail.to.includes('x@curta.test'))).toEqual([]);
  });
});
