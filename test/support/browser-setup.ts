/// <reference lib="dom" />
/**
 * What a browser test sets up for itself through the API before it opens a page, so that it needs
 * nothing from the test before it: a company of its own with its admin, a signed-in page, a
 * simulator connection in the state it starts from. Answers are parsed with their contract schemas.
 */
import { randomBytes } from 'node:crypto';

import {
  companyResponseSchema,
  type Connection,
  type ConnectionCreateBody,
  connectionSchema,
  loginResponseSchema,
  planResponseSchema,
  simulatorSessionResponseSchema,
} from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import type { Page } from 'playwright-core';
import { z } from 'zod';

import { newPage, type ProductStack } from './product-stack';

export interface Credentials {
  email: string;
  password: string;
}

/** One call to the product's API as another client makes it; the body is JSON when there is one. */
export async function api(baseUrl: string, method: string, pathname: string, token?: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** The access token of a login through the API. */
export async function apiToken(baseUrl: string, credentials: Credentials): Promise<string> {
  return expectAnswer(loginResponseSchema, await api(baseUrl, 'POST', '/api/auth/login', undefined, credentials)).token;
}

/** The access token the signed-in page holds. */
export async function pageToken(page: Page): Promise<string> {
  return z.string().parse(JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? 'null'));
}

/**
 * A company of its own (plan, company, first admin), created by the super admin through the API:
 * a test that starts from it sees no other test's users, connections or tickets.
 */
export async function companyOfItsOwn(
  baseUrl: string,
  superAdmin: Credentials,
  name: string,
  /** Plan flags of the company's plan (useKanban, useInternalChat...), none unless told. */
  planFlags: Record<string, boolean> = {},
): Promise<{ companyId: number; admin: Credentials }> {
  const root = await apiToken(baseUrl, superAdmin);
  const slug = `c${randomBytes(4).toString('hex')}`;
  const plan = expectAnswer(
    planResponseSchema,
    await api(baseUrl, 'POST', '/api/plans', root, {
      name: `Plano ${slug}`,
      users: 10,
      connections: 10,
      queues: 10,
      value: 0,
      ...planFlags,
    }),
  );
  const admin = { email: `admin@${slug}.test`, password: 'Admin-password-1' };
  const company = expectAnswer(
    companyResponseSchema,
    await api(baseUrl, 'POST', '/api/companies', root, {
      name: `${name} (${slug})`,
      email: admin.email,
      password: admin.password,
      planId: plan.id,
      dueDate: '2999-01-01',
    }),
  );
  return { companyId: company.id, admin };
}

/** A fresh browser profile signed in through the login form, on the signed-in shell. */
export async function signedInPage(
  stack: Pick<ProductStack, 'browser' | 'baseUrl'>,
  credentials: Credentials,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await newPage(stack, viewport);
  await page.goto(`${stack.baseUrl}/login`);
  await page.locator('input[name="email"]').fill(credentials.email);
  await page.locator('input[name="password"]').fill(credentials.password);
  await page.locator('button[type="submit"]').click();
  await page.locator('[data-testid="top-bar"]').waitFor({ timeout: 30_000 });
  return page;
}

/** Polls an async check until it holds (the product's state seen through its API). */
export async function until<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    // Pacing between polls, not a wait for something to be absent.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A simulator connection of the token's company (with these fields of POST /whatsapp), showing its QR code. */
export async function simulatorConnection(
  baseUrl: string,
  token: string,
  name: string,
  fields: Omit<ConnectionCreateBody, 'name' | 'provider'> = {},
): Promise<Connection> {
  const created = expectAnswer(
    connectionSchema,
    await api(baseUrl, 'POST', '/api/whatsapp', token, { ...fields, name, provider: 'simulator' }),
  );
  return until(async () => {
    const current = expectAnswer(connectionSchema, await api(baseUrl, 'GET', `/api/whatsapp/${created.id}`, token));
    return current.status === 'qrcode' ? current : undefined;
  }, `the QR code of ${name}`);
}

/** A simulator connection of the token's company, scanned by the simulated phone (CONNECTED). */
export async function scannedConnection(
  baseUrl: string,
  token: string,
  name: string,
  number?: string,
  fields: Omit<ConnectionCreateBody, 'name' | 'provider'> = {},
): Promise<Connection> {
  const connection = await simulatorConnection(baseUrl, token, name, fields);
  const scanned = expectAnswer(
    simulatorSessionResponseSchema,
    await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/scan`, token, number ? { number } : {}),
  );
  if (scanned.status !== 'CONNECTED') throw new Error(`${name} answered ${scanned.status} to the scan`);
  return connection;
}

/** Polls an async check until it is true (the product's state seen through its API or the page). */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  await until(async () => (await check()) || undefined, 'the condition', timeoutMs);
}

/** A call with the page's signed-in token, as another client (the fake phone's operator) makes it. */
export async function pageApiCall(page: Page, baseUrl: string, method: string, pathname: string, body?: unknown): Promise<Response> {
  const token = await pageToken(page);
  return fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
