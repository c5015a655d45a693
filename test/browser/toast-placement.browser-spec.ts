/// <reference lib="dom" />
/**
 * Where a toast lands (decision 0048): on every main page, at 1440 px and at 390 px, a toast shown
 * through the app's own toaster stands in the top bar's status area, in the greeting's place: it
 * covers no control the user could reach for (the top bar's or the page's own: its header's add and
 * search buttons, the open chat's actions and composer, a list's pagination, the inbox's bottom
 * tabs), and the shell neither moves nor changes height while it shows. The toast is the largest the
 * app shows (an error with a two-line description): longer than the area's two lines, its whole
 * text is one click away.
 */
import type { Page } from 'playwright-core';

import { api, companyOfItsOwn, pageToken, scannedConnection, signedInPage, until } from '../support/browser-setup';
import { type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(300_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const CUSTOMER = { from: '5511977770021', pushName: 'Cliente Aviso' };
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** What the page offers to click, type into or choose: what a toast must leave free. */
const INTERACTIVE = [
  'button',
  'a[href]',
  'input',
  'select',
  'textarea',
  '[role="button"]',
  '[role="combobox"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[contenteditable="true"]',
].join(', ');

interface Covered {
  what: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * React's production build announces its roots to a devtools hook when one exists: the test installs
 * one before the app loads, so it can find the `<Toaster>` the app renders and show a toast through
 * the very toaster (placement, offsets, widths) the app's own toasts go through.
 */
const installRootHook = () => {
  const roots = new Set<unknown>();
  (window as unknown as Record<string, unknown>).__toastTestRoots = roots;
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberRoot: (_id: number, root: unknown) => roots.add(root),
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    checkDCE: () => undefined,
  };
};

/**
 * Through the app's toaster: shows a toast the size of the app's largest (`id` given), or removes
 * every toast (`id` null); answers false when the page renders no toaster.
 */
const throughToaster = (id: string | null) => {
  type Fiber = { memoizedProps?: Record<string, unknown> | null; child: Fiber | null; sibling: Fiber | null };
  const roots = (window as unknown as { __toastTestRoots: Set<{ current: Fiber }> }).__toastTestRoots;
  type AppToaster = { create(options: Record<string, unknown>): string; remove(): void };
  let toaster: AppToaster | undefined;
  const stack: Fiber[] = [...roots].map((root) => root.current);
  while (stack.length > 0 && !toaster) {
    const fiber = stack.pop()!;
    const candidate = fiber.memoizedProps?.toaster as Partial<AppToaster> | undefined;
    if (candidate && typeof candidate.create === 'function') toaster = candidate as AppToaster;
    if (fiber.child) stack.push(fiber.child);
    if (fiber.sibling) stack.push(fiber.sibling);
  }
  if (!toaster) return false;
  if (id === null) {
    toaster.remove();
    return true;
  }
  toaster.create({
    id,
    type: 'error',
    title: 'Não foi possível salvar as alterações.',
    description: 'ERR_VALIDATION: o campo informado é obrigatório\ne precisa ter entre 3 e 50 caracteres.',
    duration: 60_000,
    closable: true,
  });
  return true;
};

/** The toast's box, and every visible control outside the toast that it overlaps. */
const measure = (selector: string) => {
  const toast = document.querySelector('[data-scope="toast"][data-part="root"]');
  // Not yet measured while it slides in: a loaded machine can leave it at its start, below the window, for a while.
  if (!toast || toast.getAnimations({ subtree: true }).some((animation) => animation.playState === 'running')) return null;
  const box = toast.getBoundingClientRect();
  const overlaps = (rect: { left: number; right: number; top: number; bottom: number }) =>
    rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top;
  /** The part of the element the user can see: its box cut by every scrolling or clipping ancestor, or null. */
  const shown = (element: Element) => {
    const rect = element.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return null; // visually hidden inputs of checkboxes and radios
    let visible = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
    const cut = (clip: { left: number; right: number; top: number; bottom: number }) => {
      visible = {
        left: Math.max(visible.left, clip.left),
        right: Math.min(visible.right, clip.right),
        top: Math.max(visible.top, clip.top),
        bottom: Math.min(visible.bottom, clip.bottom),
      };
    };
    cut({ left: 0, right: innerWidth, top: 0, bottom: innerHeight });
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return null;
      if (node !== element && (style.overflowX !== 'visible' || style.overflowY !== 'visible')) cut(node.getBoundingClientRect());
    }
    return visible.right - visible.left > 1 && visible.bottom - visible.top > 1 ? visible : null;
  };
  const covered = Array.from(document.querySelectorAll(selector))
    .filter((element) => !toast.contains(element))
    .map((element) => ({ element, rect: shown(element) }))
    .filter((item): item is { element: Element; rect: NonNullable<ReturnType<typeof shown>> } => item.rect !== null && overlaps(item.rect))
    .map(({ element, rect }) => ({
      what:
        element.getAttribute('data-testid') ??
        element.getAttribute('aria-label') ??
        `${element.tagName.toLowerCase()} '${(element.textContent ?? '').trim().slice(0, 30)}'`,
      x: Math.round(rect.left),
      y: Math.round(rect.top),
      width: Math.round(rect.right - rect.left),
      height: Math.round(rect.bottom - rect.top),
    }));
  const area = document.querySelector('[data-testid="toast-area"]')?.getBoundingClientRect();
  return {
    area: area && {
      top: Math.round(area.top),
      bottom: Math.round(area.bottom),
      left: Math.round(area.left),
      right: Math.round(area.right),
    },
    toast: { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) },
    covered,
  };
};

/** Where the shell's parts stand: the top bar, the side menu and the page, and how far the page is scrolled. */
const shellBoxes = () =>
  ['[data-testid="top-bar"]', 'nav[data-testid="side-menu"]', 'main'].map((selector) => {
    const element = document.querySelector(selector);
    if (!element) return { selector, absent: true };
    const box = element.getBoundingClientRect();
    return { selector, top: box.top, left: box.left, width: box.width, height: box.height, scrollTop: element.scrollTop };
  });

/** The toast's words: whether they all show, and whether the toast offers to show them all. */
const toastWords = () => {
  const text = document.querySelector<HTMLElement>('[data-testid="toast-text"]')!;
  const toast = text.closest('[data-scope="toast"][data-part="root"]')!.getBoundingClientRect();
  return {
    text: text.innerText.replace(/\s+/g, ' ').trim(),
    whole: text.scrollHeight <= text.clientHeight + 1,
    expandable: document.querySelector('[data-testid="toast-expand"]') !== null,
    insideWindow: toast.top >= 0 && toast.bottom <= innerHeight && toast.left >= 0 && toast.right <= innerWidth,
  };
};

describe('browser: a toast stands in the top bar, moving nothing and covering no control, on any page (decision 0048)', () => {
  let stack: ProductStack;
  let baseUrl: string;
  let page: Page;
  let ticketPath: string;

  beforeAll(async () => {
    stack = await startProductStack('browser_toasts', ADMIN, { SIMULATOR_ENABLED: 'true' });
    ({ baseUrl } = stack);
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Avisos', {
      useKanban: true,
      useInternalChat: true,
      useCampaigns: true,
      useSchedules: true,
    });
    page = await signedInPage(stack, admin);
    await page.addInitScript(installRootHook);
    const token = await pageToken(page);
    const connection = await scannedConnection(baseUrl, token, 'Simulador Avisos');
    // Enough services for the list's pagination, contacts for the contacts' rows, a ticket with an open chat.
    for (let index = 1; index <= 22; index += 1) {
      const created = await api(baseUrl, 'POST', '/api/services', token, { name: `Serviço ${index}`, price: 10, duration: 30 });
      expect(created.status).toBe(201);
    }
    for (let index = 1; index <= 3; index += 1) {
      await api(baseUrl, 'POST', '/api/contacts', token, { name: `Contato ${index}`, number: `551197777100${index}` });
    }
    const inbound = await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, {
      ...CUSTOMER,
      body: 'Olá, preciso de ajuda',
    });
    expect(inbound.status).toBeLessThan(300);
    // A chat longer than the window, so the open chat scrolls and rests at its newest message.
    for (let index = 1; index <= 14; index += 1) {
      const more = await api(baseUrl, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, {
        ...CUSTOMER,
        body: `Mensagem ${index}`,
      });
      expect(more.status).toBeLessThan(300);
    }
    const ticket = await until(async () => {
      const list = await api(baseUrl, 'GET', '/api/tickets?status=pending&showAll=true', token);
      const tickets = (list.body as { tickets?: { id: number; uuid: string }[] }).tickets ?? [];
      return tickets[0];
    }, 'the customer ticket');
    const accepted = await api(baseUrl, 'PUT', `/api/tickets/${ticket.id}`, token, { status: 'open' });
    expect(accepted.status).toBeLessThan(300);
    ticketPath = `/tickets/${ticket.uuid}`;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** Each main page, and what shows it is drawn with its controls. */
  const pages = (): { name: string; path: string; ready: string }[] => [
    { name: 'tickets', path: '/tickets', ready: '[data-testid="tickets-manager"]' },
    { name: 'open chat', path: ticketPath, ready: '[data-testid="message-text"]' },
    { name: 'kanban', path: '/kanban', ready: '[data-testid="kanban-page"]' },
    { name: 'contacts', path: '/contacts', ready: '[data-testid="contacts-page"]' },
    { name: 'services (paginated)', path: '/services', ready: '[data-testid="services-page"]' },
    { name: 'dashboard', path: '/', ready: '[data-testid="dashboard-page"]' },
    { name: 'settings', path: '/settings', ready: '[data-testid="top-bar"]' },
    { name: 'connections', path: '/connections', ready: '[data-testid="connections-page"]' },
    { name: 'queues', path: '/queues', ready: '[data-testid="queues-page"]' },
    { name: 'tags', path: '/tags', ready: '[data-testid="tags-page"]' },
    { name: 'quick messages', path: '/quick-messages', ready: '[data-testid="quick-messages-page"]' },
    { name: 'users', path: '/users', ready: '[data-testid="top-bar"]' },
    { name: 'internal chats', path: '/chats', ready: '[data-testid="chats-page"]' },
    { name: 'todo', path: '/todolist', ready: '[data-testid="todo-page"]' },
    { name: 'files', path: '/files', ready: '[data-testid="file-lists-page"]' },
  ];

  it("over an open dialog filling a phone's window, a toast covers none of the dialog's controls", async () => {
    await page.setViewportSize({ width: 390, height: 520 });
    await page.goto(`${baseUrl}/contacts`);
    await page.locator('[data-testid="contacts-add"]').first().click();
    await page.locator('[role="dialog"]').first().waitFor({ timeout: 15_000 });
    expect(await page.evaluate(throughToaster, 'placement-dialog')).toBe(true);
    const inDialog = INTERACTIVE.split(', ')
      .map((control) => `[role="dialog"] ${control}`)
      .join(', ');
    const placed = await until(async () => {
      const first = await page.evaluate(measure, inDialog);
      await page.waitForTimeout(200);
      const second = await page.evaluate(measure, inDialog);
      return first && second && JSON.stringify(first.toast) === JSON.stringify(second.toast) ? second : undefined;
    }, 'the toast over the dialog');
    expect(placed.covered).toEqual([]);
    // The dialog opens below the status area, where the toast stands above every layer.
    const dialogTop = await page.evaluate(() => document.querySelector('[role="dialog"]')!.getBoundingClientRect().top);
    expect(dialogTop).toBeGreaterThanOrEqual(placed.area!.bottom);
    expect(await page.evaluate(throughToaster, null)).toBe(true);
    await page.keyboard.press('Escape');
  });

  for (const viewport of WIDTHS) {
    it(`at ${viewport.width} px a toast moves nothing and covers none of a page's controls`, async () => {
      await page.setViewportSize(viewport);
      const report: Record<string, Covered[]> = {};
      for (const { name, path, ready } of pages()) {
        await page.goto(`${baseUrl}${path}`);
        await page.locator(ready).first().waitFor({ timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        const before = await page.evaluate(shellBoxes);
        expect(await page.evaluate(throughToaster, `placement-${name}`)).toBe(true);
        // Measured once the toast has slid in and stands still.
        const placed = await until(async () => {
          const first = await page.evaluate(measure, INTERACTIVE);
          await page.waitForTimeout(150);
          const second = await page.evaluate(measure, INTERACTIVE);
          return first && second && JSON.stringify(first.toast) === JSON.stringify(second.toast) ? second : undefined;
        }, `the toast on ${name}`);
        report[name] = placed.covered;
        if (process.env.SCREENSHOT_DIR) {
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/toast-${viewport.width}-${name.replace(/\W+/g, '-')}.png` });
        }
        // The shell is where and as tall as it was: the toast took the greeting's place, nothing else.
        expect({ page: name, shell: await page.evaluate(shellBoxes) }).toEqual({ page: name, shell: before });
        // Inside the top bar's status area (so inside the window).
        const { area, toast } = placed;
        expect(area).toBeDefined();
        expect(toast.y).toBeGreaterThanOrEqual(area!.top);
        expect(toast.y + toast.height).toBeLessThanOrEqual(area!.bottom);
        expect(toast.x).toBeGreaterThanOrEqual(area!.left);
        expect(toast.x + toast.width).toBeLessThanOrEqual(area!.right);
        // As wide as the area, up to a readable line's width (40rem), from the greeting's start.
        expect(toast.width).toBeGreaterThanOrEqual(Math.min(area!.right - area!.left, 640) - 1);
        expect(toast.x).toBeLessThanOrEqual(area!.left + 1);
        if (name === pages()[0]!.name) {
          // Words longer than the area's two lines: every word is one click away, and then all show.
          const cut = await page.evaluate(toastWords);
          expect(cut.whole || cut.expandable).toBe(true);
          if (!cut.whole) {
            await page.locator('[data-testid="toast-expand"]').click();
            const opened = await until(async () => {
              const words = await page.evaluate(toastWords);
              return words.whole ? words : undefined;
            }, 'the whole toast');
            expect(opened.text).toContain('Não foi possível salvar as alterações.');
            expect(opened.text).toContain('e precisa ter entre 3 e 50 caracteres.');
            expect(opened.insideWindow).toBe(true);
            await page.mouse.move(0, viewport.height - 1);
          }
        }
        expect(await page.evaluate(throughToaster, null)).toBe(true);
      }
      // Every page, each with nothing covered: one failure names the page and the control.
      expect(report).toEqual(Object.fromEntries(pages().map(({ name }) => [name, []])));
    });
  }
});
