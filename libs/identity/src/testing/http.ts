import { loginResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import type { IdentityTestApp } from './identity-test-app';

export interface LoggedIn {
  token: string;
  sessionId: string;
  /** `jrt=...`, ready for a Cookie header. */
  cookie: string;
  body: Record<string, any>;
}

export function refreshCookie(response: request.Response): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith('jrt='));
  if (!cookie) throw new Error('no refresh cookie set');
  return cookie.split(';')[0]!;
}

export async function logIn(t: IdentityTestApp, email: string, password: string): Promise<LoggedIn> {
  const response = await request(t.http).post('/api/auth/login').send({ email, password });
  if (response.status !== 200) throw new Error(`login of ${email} answered ${response.status} ${JSON.stringify(response.body)}`);
  const body = expectAnswer(loginResponseSchema, response);
  return { token: body.token, sessionId: body.sessionId, cookie: refreshCookie(response), body: response.body };
}

/** supertest calls carrying a bearer token. */
export function as(t: IdentityTestApp, token: string) {
  const bearer = `Bearer ${token}`;
  return {
    get: (url: string) => request(t.http).get(url).set('Authorization', bearer),
    post: (url: string) => request(t.http).post(url).set('Authorization', bearer),
    put: (url: string) => request(t.http).put(url).set('Authorization', bearer),
    delete: (url: string) => request(t.http).delete(url).set('Authorization', bearer),
  };
}

/** The field messages of a 400 ERR_VALIDATION answer, by path. */
export function fieldMessages(response: request.Response): Record<string, string> {
  if (response.body.error !== 'ERR_VALIDATION') throw new Error(`not a validation error: ${JSON.stringify(response.body)}`);
  return Object.fromEntries((response.body.fields as { path: string; message: string }[]).map((field) => [field.path, field.message]));
}

/** The envelopes of one type that identity has published so far, oldest first (its outbox drained first). */
export async function outboxEvents(t: IdentityTestApp, type: string): Promise<Record<string, any>[]> {
  await t.published();
  return t.events.filter((envelope) => envelope.type === type) as Record<string, any>[];
}
