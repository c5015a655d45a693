/// <reference lib="dom" />
/**
 * Stored XSS through customer files, in Chromium against the standalone product: a customer sends
 * an 'image' whose bytes are SVG with a script (and one whose bytes are HTML); the agent opens the
 * chat and clicks the media. No script may run in the app's origin: the file is typed by its bytes,
 * offered as a download, served as a sandboxed attachment, and never opened as a blob URL of ours.
 * The app itself runs under its Content-Security-Policy without a single violation. Each test starts
 * from a company of its own, its connection and the customer's files set up through the API.
 */
import type { Page } from 'playwright-core';

import {
  companyOfItsOwn,
  type Credentials,
  pageApiCall,
  pageToken,
  scannedConnection,
  signedInPage,
  waitUntil,
} from '../support/browser-setup';
import { newPage, type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(180_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const CUSTOMER = { from: '5511976543210', pushName: 'Cliente Malicioso' };
/** What the payloads do if they ever run in our origin: leave a mark and take the token. */
const PAYLOAD = "window.__pwned = 1; document.title = 'pwned'; localStorage.setItem('pwned', String(localStorage.getItem('token')));";
const SVG = `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="${PAYLOAD.replace(/"/g, '&quot;')}"><script>${PAYLOAD}</script><rect width="10" height="10"/></svg>`;
const HTML = `<!doctype html><html><body><h1>Promoção</h1><script>${PAYLOAD}</script></body></html>`;

describe("browser: a customer's file cannot run script in the app's origin", () => {
  let stack: ProductStack;
  let baseUrl: string;
  const VIEWPORT = { width: 1366, height: 820 };

  beforeAll(async () => {
    stack = await startProductStack('browser_customer_files', ADMIN, { SIMULATOR_ENABLED: 'true' });
    ({ baseUrl } = stack);
  });

  /** Collects the Content-Security-Policy violations the page and every tab it opens report. */
  const watchCsp = (page: Page): string[] => {
    const violations: string[] = [];
    const watch = (watched: Page) =>
      watched.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
    watch(page);
    page.context().on('page', watch);
    return violations;
  };

  /** A company of its own, its admin signed in (CSP watched) on Atendimentos. */
  const agentOnTickets = async (company: string): Promise<{ page: Page; admin: Credentials; cspViolations: string[] }> => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, company);
    const page = await signedInPage(stack, admin, VIEWPORT);
    const cspViolations = watchCsp(page);
    await page.goto(`${baseUrl}/tickets`);
    await page.locator('[data-testid="tickets-welcome"]').waitFor();
    return { page, admin, cspViolations };
  };

  /** The customer's SVG and HTML 'images' sent to a scanned connection of the page's company, the ticket accepted. */
  const filesInChat = async (page: Page) => {
    const token = await pageToken(page);
    const connectionId = (await scannedConnection(baseUrl, token, 'Simulador Arquivos')).id;
    for (const [body, mimetype, fileName, bytes] of [
      ['Veja a foto', 'image/svg+xml', 'foto.svg', SVG],
      ['Outra foto', 'text/html', 'foto.html', HTML],
    ] as const) {
      const inbound = await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, {
        ...CUSTOMER,
        body,
        mediaType: 'image',
        mimetype,
        fileName,
        mediaBase64: Buffer.from(bytes).toString('base64'),
      });
      expect(inbound.status).toBeLessThan(300);
    }

    await page.locator('[data-testid="tickets-subtab-pending"]').click();
    const item = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName });
    await item.waitFor({ timeout: 15_000 });
    await item.locator('[data-testid="ticket-accept"]').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const chat = page.locator('[data-testid="ticket-chat"]');
    await chat.getByText('Outra foto').waitFor({ timeout: 15_000 });
    return chat;
  };

  afterAll(async () => {
    await stack?.stop();
  });

  it('the agent logs in and opens Atendimentos', async () => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Arquivos login');
    const page = await newPage(stack, VIEWPORT);
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="email"]').fill(admin.email);
    await page.locator('input[name="password"]').fill(admin.password);
    await page.locator('button[type="submit"]').click();
    await page.locator('[data-testid="side-menu"]').waitFor();
    await page.locator('[data-testid="menu-item-tickets"]').click();
    await page.waitForURL('**/tickets');
    await page.locator('[data-testid="tickets-welcome"]').waitFor();
  });

  it("the customer's SVG and HTML 'images' reach the chat", async () => {
    const { page } = await agentOnTickets('Arquivos no chat');
    const chat = await filesInChat(page);
    await chat.getByText('Veja a foto').waitFor({ timeout: 15_000 });
  });

  it('clicking each media opens or downloads it from the server: no script runs in the app, the token stays put', async () => {
    const { page } = await agentOnTickets('Arquivos clicados');
    const context = page.context();
    const chat = await filesInChat(page);
    const hrefs: string[] = [];
    for (const caption of ['Veja a foto', 'Outra foto']) {
      const message = chat.locator('[data-testid="message"][data-from-me="false"]', { hasText: caption });
      // An image (inside its open link) or a download button, whichever the chat shows for it.
      const media = message.locator('[data-testid="message-image"], [data-testid="message-download"]').first();
      await media.waitFor({ timeout: 15_000 });
      const href = async () => media.evaluate((element) => element.closest('a')?.getAttribute('href') ?? '');
      await waitUntil(async () => (await href()) !== '');
      hrefs.push(await href());
      // The marker that the click has done all it does: the file came down as a download, or a tab
      // it opened has loaded (a payload in it would have run by then) or has closed again.
      const clicked = Promise.race([
        page.waitForEvent('download'),
        context
          .waitForEvent('page')
          .then((opened) => Promise.race([opened.waitForLoadState('load'), opened.waitForEvent('download'), opened.waitForEvent('close')])),
      ]);
      await media.click();
      await clicked;
    }

    expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    for (const opened of context.pages()) {
      const origin = await opened.evaluate(() => window.origin).catch(() => 'gone');
      const pwned = await opened.evaluate(() => (window as unknown as { __pwned?: number }).__pwned).catch(() => undefined);
      // A tab that did open our file is either not of our origin (sandboxed: 'null') or ran nothing.
      expect(pwned).toBeUndefined();
      if (origin === new URL(baseUrl).origin) expect(await opened.title()).not.toBe('pwned');
    }
    // A fresh page of our origin finds no mark left by a payload either.
    const check = await context.newPage();
    await check.goto(`${baseUrl}/login`);
    expect(await check.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
    await check.close();
    // And the chat never pointed at a blob URL of the customer's bytes.
    expect(hrefs.filter((href) => href.startsWith('blob:'))).toEqual([]);
  });

  it('the files themselves are served as sandboxed attachments, never as images', async () => {
    const { page } = await agentOnTickets('Arquivos servidos');
    await filesInChat(page);
    const token = await pageToken(page);
    const tickets = (await (await pageApiCall(page, baseUrl, 'GET', '/api/tickets?status=open&showAll=true')).json()) as {
      tickets: { id: number; contact: { name: string } }[];
    };
    const ticket = tickets.tickets.find((entry) => entry.contact.name === CUSTOMER.pushName)!;
    const { messages } = (await (await pageApiCall(page, baseUrl, 'GET', `/api/messages/${ticket.id}`)).json()) as {
      messages: { body: string; mediaType: string; mediaUrl: string | null }[];
    };
    for (const caption of ['Veja a foto', 'Outra foto']) {
      const message = messages.find((entry) => entry.body === caption)!;
      expect(message.mediaType).toBe('application');
      const served = await fetch(`${baseUrl}${message.mediaUrl}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(served.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('the app answers with its security headers and ran all of the above under its CSP without a violation', async () => {
    const { page, cspViolations } = await agentOnTickets('Arquivos CSP');
    await filesInChat(page);
    const spa = await fetch(`${baseUrl}/login`, { headers: { Accept: 'text/html' } });
    const csp = spa.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(spa.headers.get('x-content-type-options')).toBe('nosniff');
    expect(spa.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(spa.headers.get('x-frame-options')).toBe('DENY');
    // The inline colour-mode script ran (its hash is allowed): the root has the mode's class.
    expect(await page.evaluate(() => document.documentElement.classList.contains('light'))).toBe(true);
    expect(cspViolations).toEqual([]);
  });
});
