import { forgotPasswordResponseSchema, resetPasswordResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { fieldMessages, logIn } from '../testing/http';
import { type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp } from '../testing/identity-test-app';
import { codeIn, type SmtpCapture, startSmtpCapture, textOf } from '../testing/smtp-capture';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

describe('password reset over HTTP, the code read from the captured mail', () => {
  let t: IdentityTestApp;
  let smtp: SmtpCapture;
  const post = (url: string, body?: object) => request(t.http).post(url).send(body);

  async function mailedCode(email: string): Promise<string> {
    const before = smtp.mails.length;
    const sent = await post('/api/forgetpassword', { email }).expect(200);
    expectAnswer(forgotPasswordResponseSchema, sent);
    expect(sent.body).toEqual({ status: 200, message: 'Email enviado com sucesso!' });
    return codeIn(await smtp.waitForMail(email, before));
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startIdentityTestApp({
      mail: { smtpUrl: smtp.url },
      rateLimits: { reset: { perIp: 100, perEmail: 100, windowSeconds: 60 } },
    });
    await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'old-pass-1' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a user gets a code by e-mail, sets a new password in the JSON body, and every old session ends', async () => {
    const old = await logIn(t, 'boss@acme.test', 'old-pass-1');
    const code = await mailedCode('boss@acme.test');
    expect(textOf(await smtp.waitForMail('boss@acme.test'))).toContain('redefinir a senha');

    const done = await post('/api/resetpasswords', {
      email: 'boss@acme.test',
      token: code,
      password: 'Nova-senha1',
      confirmPassword: 'Nova-senha1',
    }).expect(200);
    expectAnswer(resetPasswordResponseSchema, done);
    expect(done.body).toEqual({ message: 'Senha redefinida com sucesso.' });

    await request(t.http).post('/api/auth/login').send({ email: 'boss@acme.test', password: 'old-pass-1' }).expect(401);
    await logIn(t, 'boss@acme.test', 'Nova-senha1');
    await request(t.http).post('/api/auth/refresh_token').set('Cookie', old.cookie).expect(401);

    const reused = await post('/api/resetpasswords', { email: 'boss@acme.test', token: code, password: 'Outra-senha2' }).expect(400);
    expect(reused.body.error).toBe('ERR_INVALID_CODE');
  });

  it("the spec's path form with the e-mail works too; the password never goes in a path", async () => {
    const before = smtp.mails.length;
    await post('/api/forgetpassword/boss@acme.test').expect(200);
    await smtp.waitForMail('boss@acme.test', before);
    await post(`/api/resetpasswords/boss@acme.test/123456/Nova-senha1`).expect(404);
  });

  it("both of the spec's spellings of the path form work: /forgetpsw/{email} answers and mails a code as /forgetpassword/{email} does", async () => {
    const long = await post('/api/forgetpassword/boss@acme.test').expect(200);
    const before = smtp.mails.length;
    const short = await post('/api/forgetpsw/boss@acme.test').expect(200);
    expect(short.body).toEqual(long.body);
    expect(codeIn(await smtp.waitForMail('boss@acme.test', before))).toMatch(/^\d{6}$/);
    expect(fieldMessages(await post('/api/forgetpsw/nope').expect(400))).toEqual({ email: 'Invalid email' });
  });

  it('an unknown e-mail gets the same answer as a known one; its mail says no account uses it and carries no code', async () => {
    const known = await post('/api/forgetpassword', { email: 'boss@acme.test' });
    expectAnswer(forgotPasswordResponseSchema, known);
    const before = smtp.mails.length;
    const unknown = await post('/api/forgetpassword', { email: 'nobody@acme.test' });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(unknown.status).toBe(200);
    const text = textOf(await smtp.waitForMail('nobody@acme.test', before));
    expect(text).toContain('não há conta cadastrada');
    expect(text).not.toMatch(/\d{6}/);
    await post('/api/forgetpassword/nobody@acme.test').expect(200);
    const reset = await post('/api/resetpasswords', { email: 'nobody@acme.test', token: '123456', password: 'Nova-senha1' }).expect(400);
    expect(reset.body.error).toBe('ERR_INVALID_CODE');
  });

  it('a wrong code changes nothing, and the code dies after five wrong guesses', async () => {
    const code = await mailedCode('boss@acme.test');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const answer = await post('/api/resetpasswords', { email: 'boss@acme.test', token: wrong, password: 'Errada-senha1' }).expect(400);
      expect(answer.body.error).toBe('ERR_INVALID_CODE');
    }
    await post('/api/resetpasswords', { email: 'boss@acme.test', token: code, password: 'Errada-senha1' }).expect(400);
    await logIn(t, 'boss@acme.test', 'Nova-senha1');
  });

  it('bad input answers 400 with the spec messages', async () => {
    expect(fieldMessages(await post('/api/forgetpassword', { email: 'nope' }).expect(400))).toEqual({ email: 'Invalid email' });
    expect(fieldMessages(await post('/api/forgetpassword', {}).expect(400))).toEqual({ email: 'Campo obrigatório' });
    const rule = 'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.';
    expect(
      fieldMessages(await post('/api/resetpasswords', { email: 'boss@acme.test', token: '123456', password: 'fraca' }).expect(400)),
    ).toEqual({ password: rule });
    expect(fieldMessages(await post('/api/resetpasswords', { email: 'boss@acme.test', token: '123456' }).expect(400))).toEqual({
      password: 'Campo obrigatório',
    });
    const mismatch = await post('/api/resetpasswords', {
      email: 'boss@acme.test',
      token: '123456',
      password: 'Nova-senha1',
      confirmPassword: 'Nova-senha2',
    }).expect(400);
    expect(fieldMessages(mismatch)).toEqual({ confirmPassword: 'As senhas não correspondem' });
  });
});
