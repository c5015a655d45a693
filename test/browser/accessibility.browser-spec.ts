/// <reference lib="dom" />
/**
 * WCAG 2.1 AA in the web app (issue 29), as an agent with a screen reader or only a keyboard meets it:
 * axe-core finds no critical or serious violation of WCAG 2.1 A/AA on the main screens at 1440 px and at
 * 390 px in light mode, and again on every one of them in dark mode at 1440 px only (dark mode's colours
 * are the theme's tokens, the same at both widths: a second dark pass at 390 px would add about a minute
 * to the slowest browser file); /transcribe is checked with a group's card on it (transcription on,
 * summary settings given) and with that group's summary settings open; a customer's new message in the
 * open chat is announced once in the polite live region; and
 * the core flow works by keyboard alone: the skip link, a ticket opened with Enter, accept, the composer
 * one stop from the conversation, reply, transfer, resolve, with focus somewhere sensible after each
 * step and, at every stop of that walk (the transfer dialog's included), a focus ring of 3:1 against what
 * is behind it in light and dark mode (WCAG 2.4.7, 1.4.11: axe-core does not measure focus indicators);
 * solid buttons darken on hover in light and dark mode. One product start and one signed-in page
 * for all of it (and one of the super user's, for the screens only a super user has).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from 'playwright-core';

import { api, companyOfItsOwn, type Credentials, pageToken, scannedConnection, signedInPage, until } from '../support/browser-setup';
import { newPage, type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(600_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const CUSTOMER = { from: '5511966660029', pushName: 'Cliente Acessível' };
/** The customer whose ticket the keyboard walk takes from 'Aguardando' to resolved. */
const KEYBOARD_CUSTOMER = { from: '5511966660030', pushName: 'Cliente Teclado' };
/** The WhatsApp group whose card /transcribe shows, and one of its members. */
const GROUP = { groupId: '120363000000029', from: '5511966660031', pushName: 'Membro do Grupo' };
/** The queue the keyboard walk transfers its ticket to. */
const TRANSFER_QUEUE = 'Fila Acessível';
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
/** axe-core's browser build, evaluated in the page (the product's CSP refuses an inline script tag). */
const AXE_SOURCE = readFileSync(path.join(path.dirname(require.resolve('axe-core/package.json')), 'axe.min.js'), 'utf8');

/** A violation axe-core reports: its rule, impact and the elements it found (CSS target and HTML). */
interface Finding {
  rule: string;
  impact: string;
  targets: string[];
}

/** axe-core's WCAG 2.1 A and AA rules over the whole page; only critical and serious findings are kept. */
async function axeFindings(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    const results = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as { violations: { id: string; impact: string | null; nodes: { target: unknown[]; html: string }[] }[] };
    return results.violations
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        targets: violation.nodes.map((node) => `${node.target.map(String).join(' ')} ${node.html.slice(0, 120)}`),
      }));
  });
}

/** What `shown` measures: the colour behind an element's text or focus ring, and the contrast against it. */
interface Shown {
  /** The colour behind, as 0-255 sRGB. */
  background: string;
  luminance: number;
  contrast: number;
  /** For a focus ring: how it is drawn (`outline`, `::after outline`, `box-shadow`, or `none`), its width and colour. */
  ring?: string;
  width?: number;
  colour?: string;
}

/**
 * Evaluated in the page on one element. For 'color' or 'fill': the colour it shows behind its text (its
 * background laid over its ancestors', down to the first opaque layer) and the WCAG contrast of its text
 * (`color`, or `fill` for an SVG text) against it. For 'focus ring': its focus indicator (an outline of its
 * own or of its ::before/::after, or a box-shadow ring; the strongest if it draws several) against the
 * colour behind the ring, which is what the page paints at a point of the ring (the layers there, the
 * element's own when the ring lies inside it): a ring over a bar the element overlaps is seen on that bar.
 */
function shown(target: Element, what: 'color' | 'fill' | 'focus ring'): Shown {
  // Any CSS colour (rgb(), color(srgb ...), oklab() from a color-mix) as sRGB 0-1 and alpha: drawn on a pixel.
  const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  const parse = (value: string): number[] => {
    pixel.clearRect(0, 0, 1, 1);
    pixel.fillStyle = value;
    pixel.fillRect(0, 0, 1, 1);
    return Array.from(pixel.getImageData(0, 0, 1, 1).data, (channel) => channel / 255);
  };
  const over = (under: number[], [r, g, b, a]: number[]) => [r!, g!, b!].map((channel, i) => channel * a! + under[i]! * (1 - a!));
  // Elements' backgrounds, the topmost first, laid over one another down to the first opaque one.
  const laid = (elements: Element[]): number[] => {
    const layers: number[][] = [];
    for (const element of elements) {
      const layer = parse(getComputedStyle(element).backgroundColor);
      if (layer[3]! > 0) layers.push(layer);
      if (layer[3] === 1) break;
    }
    return layers.reduceRight(over, [1, 1, 1]);
  };
  const ancestors = (from: Element | null): Element[] => {
    const list: Element[] = [];
    for (let element = from; element; element = element.parentElement) list.push(element);
    return list;
  };
  const luminance = (rgb: number[]) =>
    rgb
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
  const measured = (background: number[], foreground: number[]) => {
    const [light, dark] = [luminance(background), luminance(foreground)].sort((a, b) => b - a);
    return {
      background: background.map((c) => Math.round(c * 255)).join(','),
      luminance: luminance(background),
      contrast: (light! + 0.05) / (dark! + 0.05),
    };
  };
  if (what !== 'focus ring') return measured(laid(ancestors(target)), parse(getComputedStyle(target)[what]).slice(0, 3));

  // What is painted `reach` px outside the middle of the box's top (or bottom) edge; negative, inside it.
  const behind = (box: DOMRect, reach: number): number[] => {
    for (const y of [box.top - reach, box.bottom + reach]) {
      if (y < 0 || y >= innerHeight) continue;
      const stack = document.elementsFromPoint(box.left + box.width / 2, y).filter((element) => reach < 0 || !target.contains(element));
      if (stack.length > 0) return laid(stack);
    }
    return laid(ancestors(reach < 0 ? target : target.parentElement));
  };
  const rings: Shown[] = [];
  const ring = (how: string, width: number, colour: string, box: DOMRect, reach: number) => {
    const background = behind(box, reach);
    const drawn = over(background, parse(colour));
    rings.push({ ...measured(background, drawn), ring: how, width, colour: drawn.map((c) => Math.round(c * 255)).join(',') });
  };
  for (const pseudo of ['', '::before', '::after']) {
    const style = getComputedStyle(target, pseudo || null);
    if (pseudo && style.content === 'none') continue;
    // A pseudo-element placed over its positioned ancestor (inset 0, as a row's ring) has that one's box.
    const box = ((pseudo && style.position === 'absolute' && (target as HTMLElement).offsetParent) || target).getBoundingClientRect();
    const width = parseFloat(style.outlineWidth);
    if (style.outlineStyle !== 'none' && width > 0) {
      ring(`${pseudo} outline`.trim(), width, style.outlineColor, box, (parseFloat(style.outlineOffset) || 0) + width / 2);
    }
    // A ring drawn as a shadow: no offset, no blur, a spread (Chrome gives the colour first, then the lengths).
    for (const shadow of style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/)) {
      const colour = /^\s*([a-z-]+\([^)]*\)|#\w+|[a-z]+)/i.exec(shadow)?.[1] ?? 'transparent';
      const [x, y, blur, spread = 0] = (shadow.slice(shadow.indexOf(colour) + colour.length).match(/-?[\d.]+px/g) ?? []).map(parseFloat);
      const inset = /\binset\b/.test(shadow);
      if (x === 0 && y === 0 && blur === 0 && spread > 0)
        ring(`${pseudo} box-shadow`.trim(), spread, colour, box, inset ? -spread / 2 : spread / 2);
    }
  }
  return rings.sort((a, b) => b.contrast - a.contrast)[0] ?? { background: '', luminance: 0, contrast: 0, ring: 'none' };
}

describe('browser: accessibility (WCAG 2.1 AA)', () => {
  let stack: ProductStack;
  let baseUrl: string;
  let admin: Credentials;
  let page: Page;
  let token: string;
  let connectionId: number;
  let ticketPath: string;
  /** The platform's super user, for the screens only a super user has. */
  let superPage: Page;
  let transferQueueId: number;
  /** The group contact whose card /transcribe shows. */
  let groupId: number;

  beforeAll(async () => {
    stack = await startProductStack('browser_a11y', ADMIN, { SIMULATOR_ENABLED: 'true' });
    ({ baseUrl } = stack);
    ({ admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Acessível', {
      useKanban: true,
      useInternalChat: true,
      useCampaigns: true,
      useSchedules: true,
      useOpenAi: true,
      useIntegrations: true,
      useExternalApi: true,
    }));
    page = await signedInPage(stack, admin, WIDTHS[0]);
    token = await pageToken(page);
    superPage = await signedInPage(stack, ADMIN, WIDTHS[0]);
    expect((await api(baseUrl, 'PUT', '/api/settings/campaignsEnabled', token, { value: 'true' })).status).toBe(200);
    connectionId = (await scannedConnection(baseUrl, token, 'Simulador Acessível')).id;
    await api(baseUrl, 'POST', '/api/contacts', token, { name: 'Contato Acessível', number: '5511966661001' });
    // The AI and API screens show a card or a row of each.
    const agent = await api(baseUrl, 'POST', '/api/agents', token, {
      name: 'Agente Acessível',
      mode: 'template',
      companyName: 'Acessível',
      apiKey: 'sk-proj-browser-a11y-0001',
      questionnaireData: { businessType: 'Loja', businessDescription: 'Roupas', tone: 'amigavel', mainServices: 'Vendas' },
    });
    const integration = await api(baseUrl, 'POST', '/api/queueIntegration', token, {
      type: 'typebot',
      name: 'Robô Acessível',
      urlN8N: 'https://typebot.example.test',
      typebotSlug: 'loja',
    });
    const apiToken = await api(baseUrl, 'POST', '/api/api-tokens', token, { name: 'ERP Acessível' });
    const queue = await api(baseUrl, 'POST', '/api/queue', token, { name: TRANSFER_QUEUE, color: '#1565c0' });
    for (const answer of [agent, integration, apiToken, queue]) expect(answer.status < 300 ? 'made' : answer.body).toBe('made');
    transferQueueId = (queue.body as { id: number }).id;
    for (const body of ['Olá, preciso de ajuda', 'Meu pedido não chegou']) {
      const inbound = await api(baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, token, { ...CUSTOMER, body });
      expect(inbound.status).toBeLessThan(300);
    }
    const ticket = await until(async () => {
      const list = await api(baseUrl, 'GET', '/api/tickets?status=pending&showAll=true', token);
      return ((list.body as { tickets?: { id: number; uuid: string }[] }).tickets ?? [])[0];
    }, 'the customer ticket');
    expect((await api(baseUrl, 'PUT', `/api/tickets/${ticket.id}`, token, { status: 'open' })).status).toBeLessThan(300);
    ticketPath = `/tickets/${ticket.uuid}`;
    // A group writes: conversations saves its contact and the ai service learns of it (its card on
    // /transcribe), where its transcription is switched on and its summary settings given.
    const groupInbound = await api(baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, token, {
      ...GROUP,
      isGroup: true,
      body: 'Bom dia, grupo',
    });
    expect(groupInbound.status).toBeLessThan(300);
    const group = await until(async () => {
      const list = await api(baseUrl, 'GET', '/api/groups', token);
      return ((list.body as { contacts?: { id: number }[] }).contacts ?? [])[0];
    }, 'the group on /transcribe');
    groupId = group.id;
    const settings = await api(baseUrl, 'PUT', `/api/groups/${group.id}`, token, {
      activetranscribe: true,
      resumeprovider: 'openai',
      resumemodel: 'gpt-4o-mini',
      resumekey: 'sk-proj-browser-a11y-group-0029',
    });
    expect(settings.status < 300 ? 'saved' : settings.body).toBe('saved');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** A screen: its address, what shows it is drawn, and what to press first (a tab, a choice) if anything. */
  interface Screen {
    name: string;
    path: string;
    ready: string;
    press?: string;
  }

  /** The main screens and what shows each is drawn. */
  const screens = (): Screen[] => [
    { name: 'tickets', path: '/tickets', ready: '[data-testid="ticket-list-item"]' },
    { name: 'open chat', path: ticketPath, ready: '[data-testid="message-text"]' },
    { name: 'contacts', path: '/contacts', ready: '[data-testid="contacts-page"]' },
    { name: 'quick messages', path: '/quick-messages', ready: '[data-testid="quick-messages-page"]' },
    { name: 'kanban', path: '/kanban', ready: '[data-testid="kanban-page"]' },
    { name: 'to-do', path: '/todolist', ready: '[data-testid="todo-page"]' },
    { name: 'schedules', path: '/schedules', ready: '[data-testid="schedules-page"]' },
    { name: 'campaigns', path: '/campaigns', ready: '[data-testid="campaigns-page"]' },
    { name: 'contact lists', path: '/contact-lists', ready: '[data-testid="contact-lists-page"]' },
    { name: 'internal chat', path: '/chats', ready: '[data-testid="chats-page"]' },
    { name: 'settings', path: '/settings', ready: '[data-testid="settings-page"]' },
    { name: 'users', path: '/users', ready: '[data-testid="users-page"]' },
    { name: 'queues', path: '/queues', ready: '[data-testid="queues-page"]' },
    { name: 'connections', path: '/connections', ready: '[data-testid="connections-page"]' },
    { name: 'dashboard', path: '/', ready: '[data-testid="dashboard-page"]' },
    { name: 'integrations and agents', path: '/integrations-and-agents', ready: '[data-testid="agents-page"]' },
    { name: 'prompts', path: '/prompts', ready: '[data-testid="prompts-page"]' },
    { name: 'financeiro', path: '/financeiro', ready: '[data-testid="invoices-page"]' },
    { name: 'agents', path: '/agents', ready: '[data-testid^="agent-card-"]' },
    {
      name: 'agent wizard',
      path: '/agents',
      press: '[data-testid="agents-variant-advanced"]',
      ready: '[data-testid="agent-wizard-steps"]',
    },
    { name: 'queue integration', path: '/queue-integration', ready: '[data-testid^="integration-card-"]' },
    { name: 'messages api', path: '/messages-api', ready: '[data-testid="api-token-list"] tbody tr' },
    { name: 'transcribe', path: '/transcribe', ready: `[data-testid="group-transcribe-${groupId}"][data-state="checked"]` },
    {
      name: 'group summary settings',
      path: '/transcribe',
      press: `[data-testid="group-settings-${groupId}"]`,
      ready: '[data-testid="summary-modal"]',
    },
    { name: 'subscription', path: '/subscription', ready: '[data-testid="subscription-page"]' },
  ];

  /** The screens only the platform's super user has. */
  const superScreens = (): Screen[] => [
    { name: 'agent templates', path: '/agent-templates', ready: '[data-testid="agent-template-icon"]' },
    { name: 'revenue', path: '/settings', press: '[data-testid="settings-tab-revenue"]', ready: '[data-testid="revenue-plans"]' },
  ];

  /**
   * What axe-core leaves undecided on a chart, if the screen has one, measured here: its axis labels (SVG
   * text) and its legend's names (each beside a colour swatch, so axe-core cannot tell their background).
   */
  async function chartLabelFindings(on: Page): Promise<Finding[]> {
    const findings: Finding[] = [];
    for (const [what, selector, text] of [
      ['chart axis labels', '.recharts-cartesian-axis-tick-value', 'fill'],
      ['chart legend names', '.recharts-legend-wrapper span:last-child', 'color'],
    ] as const) {
      if ((await on.locator(selector).count()) === 0) continue;
      const { contrast } = await look(on, selector, text);
      if (contrast < 4.5) findings.push({ rule: 'color-contrast', impact: 'serious', targets: [`${what} at ${contrast.toFixed(2)}:1`] });
    }
    return findings;
  }

  /** Opens a screen on a signed-in page and waits until it is drawn and quiet. */
  async function show(on: Page, { path: pathname, ready, press }: Screen): Promise<void> {
    await on.goto(`${baseUrl}${pathname}`);
    if (press) await on.locator(press).click({ timeout: 20_000 });
    await on.locator(ready).first().waitFor({ timeout: 20_000 });
    await on.waitForLoadState('networkidle');
  }

  /**
   * Every screen, the login first, at one width and colour scheme: the elements with a critical or serious
   * violation, per screen. In dark mode each screen is first seen to be dark (the product follows the
   * system's scheme until the agent picks one with the theme toggle).
   */
  async function everyScreen(viewport: (typeof WIDTHS)[number], colorScheme: 'light' | 'dark'): Promise<void> {
    const report: Record<string, string[]> = {};
    const counts: Record<string, number> = {};
    const note = async (on: Page, name: string) => {
      if (colorScheme === 'dark') expect(`${name}: ${await on.evaluate(() => document.documentElement.className)}`).toMatch(/\bdark\b/);
      const findings = [...(await axeFindings(on)), ...(await chartLabelFindings(on))];
      report[name] = findings.map((finding) => `${finding.impact} ${finding.rule}: ${finding.targets.join(' | ')}`);
      counts[name] = findings.reduce((sum, finding) => sum + finding.targets.length, 0);
    };

    const visitor = await newPage(stack, viewport);
    await visitor.emulateMedia({ colorScheme });
    await visitor.goto(`${baseUrl}/login`);
    await visitor.locator('input[name="email"]').waitFor();
    await note(visitor, 'login');
    await visitor.context().close();

    try {
      for (const [on, list] of [
        [page, screens()],
        [superPage, superScreens()],
      ] as const) {
        await on.setViewportSize(viewport);
        await on.emulateMedia({ colorScheme });
        for (const screen of list) {
          await show(on, screen);
          await note(on, screen.name);
        }
      }
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
      await superPage.emulateMedia({ colorScheme: 'light' });
    }
    // The figures per screen (elements with a critical or serious violation), for the record.
    console.log(`axe-core at ${viewport.width} px, ${colorScheme}: ${JSON.stringify(counts)}`);
    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((name) => [name, []])));
  }

  for (const viewport of WIDTHS) {
    it(`at ${viewport.width} px axe-core finds no critical or serious WCAG 2.1 A/AA violation on the main screens`, async () => {
      await everyScreen(viewport, 'light');
    });
  }

  it(`in dark mode at ${WIDTHS[0].width} px axe-core finds no critical or serious WCAG 2.1 A/AA violation on the main screens`, async () => {
    await everyScreen(WIDTHS[0], 'dark');
  });

  /**
   * The colour an element shows behind its text (its background laid over what is behind it, down to
   * the first opaque layer, as 0-255 sRGB), its luminance, and the WCAG contrast of its text (`color`, or
   * `fill` for an SVG text) against it.
   */
  const look = (on: Page, selector: string, text: 'color' | 'fill' = 'color') => on.locator(selector).first().evaluate(shown, text);

  it('solid buttons darken on hover, in light and dark mode, and their text keeps 4.5:1', async () => {
    await page.setViewportSize(WIDTHS[0]);
    const buttons = [
      { path: '/contacts', selector: '[data-testid="contacts-add"]' }, // the brand's teal
      { path: '/agents', selector: '[data-testid="agent-new"]' }, // blue
    ];
    const seen: Record<string, string> = {};
    try {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        for (const { path: pathname, selector } of buttons) {
          await page.goto(`${baseUrl}${pathname}`);
          const button = page.locator(selector);
          await button.waitFor({ timeout: 20_000 });
          await page.mouse.move(0, 0);
          const rest = await look(page, selector);
          await button.hover();
          // The background eases to its hover colour: read it once two readings agree.
          let hovered = await look(page, selector);
          await until(async () => {
            const again = await look(page, selector);
            const settled = again.background === hovered.background && again.background !== rest.background;
            hovered = again;
            return settled;
          }, `the hover colour of ${selector} (${colorScheme})`);
          seen[`${colorScheme} ${pathname}`] = `${rest.background} -> ${hovered.background}, ${hovered.contrast.toFixed(2)}:1`;
          const what = `${selector} in ${colorScheme} mode`;
          expect(`${what}: ${hovered.luminance < rest.luminance ? 'darker' : 'not darker'} on hover`).toBe(`${what}: darker on hover`);
          expect(hovered.contrast).toBeGreaterThanOrEqual(4.5);
        }
      }
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
    console.log(`solid buttons, rest -> hover: ${JSON.stringify(seen)}`);
  });

  /** What has focus: its test id (or tag), for a failure that says where focus went. */
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return 'body';
      return element.dataset.testid ?? element.dataset.skipTarget ?? element.tagName.toLowerCase();
    });

  /**
   * The focus indicators met along the keyboard walk, by colour scheme and stop (its test id, or its tag
   * and name): each focused element's ring in light mode and, the scheme switched on the same page with
   * focus where it is, in dark mode. A control drawn by another element than the one focused (a switch's
   * hidden input) shows its ring on the part it marks focus-visible, which is measured instead.
   */
  const ringsSeen = new Map<string, Shown>();
  /** Stops outside the Tab order that only mark where the skip link leads (a list region): no ring is asked of them. */
  const skipTargets = new Set<string>();
  const noteRing = async (): Promise<void> => {
    const { stop, skipTarget } = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return { stop: 'body', skipTarget: false };
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 24);
      // A switch's hidden input goes by its label's test id.
      const testId = element.dataset.testid ?? element.closest('label')?.dataset.testid;
      return { stop: testId ?? `${element.tagName.toLowerCase()} "${name}"`, skipTarget: 'skipTarget' in element.dataset };
    });
    if (skipTarget) skipTargets.add(stop);
    if (ringsSeen.has(`light ${stop}`)) return;
    // The product reads the system's scheme once, at load; mid-walk the scheme is picked as another tab
    // of the product would (a change of its stored choice, heard through a storage event), which leaves
    // focus where it is and stores nothing.
    const scheme = async (colorScheme: 'light' | 'dark') => {
      await page.emulateMedia({ colorScheme });
      await page.evaluate((value) => {
        window.dispatchEvent(new StorageEvent('storage', { key: 'preferredTheme', newValue: value }));
      }, colorScheme);
      await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, colorScheme === 'dark');
      // Colours easing to the scheme's (a button's background) are read once their transitions end.
      await page.evaluate(async () => {
        await new Promise(requestAnimationFrame);
        const easing = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
        await Promise.all(easing.map((animation) => animation.finished.catch(() => undefined)));
      });
    };
    try {
      for (const colorScheme of ['light', 'dark'] as const) {
        await scheme(colorScheme);
        const drawn = await page.evaluateHandle(() => {
          const element = document.activeElement!;
          const box = element.getBoundingClientRect();
          if (box.width > 1 && box.height > 1) return element;
          return element.closest('label, [data-part="root"]')?.querySelector('[data-focus-visible]:not(:focus)') ?? element;
        });
        ringsSeen.set(`${colorScheme} ${stop}`, await drawn.evaluate(shown, 'focus ring' as const));
        await drawn.dispose();
      }
    } finally {
      await scheme('light');
    }
  };

  /** Presses Tab (or Shift+Tab) until focus is on `testId`, at most `max` times, noting each stop's ring; how many it took. */
  const tabTo = async (testId: string, max: number, shift = false): Promise<number> => {
    for (let presses = 1; presses <= max; presses += 1) {
      await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
      await noteRing();
      if ((await focused()) === testId) return presses;
    }
    throw new Error(`${testId} not reached in ${max} ${shift ? 'Shift+Tab' : 'Tab'} presses (focus on ${await focused()})`);
  };

  it("a customer's new message in the open chat is said once, politely, in the live region", async () => {
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(`${baseUrl}${ticketPath}`);
    await page.locator('[data-testid="message-text"]').waitFor({ timeout: 20_000 });
    const region = page.locator('[data-testid="live-region"]');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    const body = 'Chegou o código de rastreio?';
    const inbound = await api(baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, token, { ...CUSTOMER, body });
    expect(inbound.status).toBeLessThan(300);
    const said = `Nova mensagem de ${CUSTOMER.pushName}: ${body}`;
    await until(async () => ((await region.textContent()) ?? '').includes(said), 'the message in the live region');
    // The message's later events (its read receipt, the list's update) do not say it again.
    await page.locator('[data-testid="message"][data-from-me="false"]', { hasText: body }).waitFor();
    await page.waitForLoadState('networkidle');
    const texts = await region.locator(':scope > div').allTextContents();
    expect(texts.filter((text) => text === said)).toEqual([said]);
  });

  it('by keyboard alone: skip link, a waiting ticket opened with Enter, accept, the composer one stop from the conversation, reply, transfer, resolve', async () => {
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(`${baseUrl}/tickets`);
    await page.locator('[data-testid="tickets-list-open"] [data-testid="ticket-list-item"]').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const region = page.locator('[data-testid="live-region"]');

    // The skip link is the first Tab stop; it leads to the ticket list, whose first ticket is the next.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('skip-link');
    await noteRing();
    expect(await page.locator('[data-testid="skip-link"]').textContent()).toBe('Ir para a lista de atendimentos');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe('tickets-list-open');
    await noteRing();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('ticket-open');
    await noteRing();

    // 'Aguardando' is the tab beside: back to the tabs, the arrow picks it.
    await tabTo('tickets-subtab-open', 8, true);
    await page.keyboard.press('ArrowRight');
    // The tabs move focus on their next render: on a loaded machine that is after the key press returns.
    await until(async () => (await focused()) === 'tickets-subtab-pending', 'the arrow on Aguardando');
    await noteRing();
    await page.locator('[data-testid="tickets-list-pending"]').waitFor();
    await page.waitForLoadState('networkidle');

    // A new customer writes: the ticket arrives in the list on screen and is said once.
    const inbound = await api(baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, token, {
      ...KEYBOARD_CUSTOMER,
      body: 'Quero trocar um produto',
    });
    expect(inbound.status).toBeLessThan(300);
    const waiting = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', {
      hasText: KEYBOARD_CUSTOMER.pushName,
    });
    await waiting.waitFor({ timeout: 20_000 });
    const arrival = `Novo atendimento aguardando: ${KEYBOARD_CUSTOMER.pushName}`;
    await until(async () => ((await region.textContent()) ?? '').includes(arrival), 'the new ticket in the live region');
    expect((await region.locator(':scope > div').allTextContents()).filter((text) => text === arrival)).toEqual([arrival]);

    // Enter on the ticket opens its chat; focus is on the chat's header, which names it.
    await tabTo('ticket-open', 3);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(KEYBOARD_CUSTOMER.pushName);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const chat = page.locator('[data-testid="ticket-chat"][data-status="pending"]');
    await chat.waitFor({ timeout: 20_000 });
    await until(async () => (await focused()) === 'ticket-header-contact', 'focus on the chat header');
    await noteRing();

    // Accept is the next stop; once accepted, focus is in the composer.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('ticket-action-accept');
    await noteRing();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="ticket-chat"][data-status="open"]').waitFor({ timeout: 20_000 });
    await until(async () => (await focused()) === 'message-text', 'focus in the composer after Accept');
    await noteRing();

    // The conversation is one stop: its messages are walked with the arrows, and Tab goes on to the composer.
    await tabTo('message-list', 4, true);
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('message');
    await noteRing();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Quero trocar um produto');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('message-text');

    // The reply goes with Enter; focus stays in the composer. Send, which appears with the text, is the next stop.
    await page.keyboard.type('Claro, qual é o número do pedido?');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('message-send');
    await noteRing();
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('message-text');
    await page.keyboard.press('Enter');
    await page
      .locator('[data-testid="ticket-chat"] [data-testid="message"][data-from-me="true"]', { hasText: 'Claro, qual é o número do pedido?' })
      .waitFor({ timeout: 20_000 });
    expect(await focused()).toBe('message-text');

    // Transfer to another queue, by keyboard through the dialog: the ticket waits in that queue, and focus
    // rests on the header of the chat, which still shows it (not on the page, nor on the button pressed).
    await tabTo('ticket-action-transfer', 12, true);
    await page.keyboard.press('Enter');
    const transfer = page.locator('[data-testid="transfer-dialog"]');
    await transfer.waitFor();
    await until(
      () => page.evaluate(() => document.querySelector('[data-testid="transfer-dialog"]')?.contains(document.activeElement) === true),
      'focus in the transfer dialog',
    );
    await noteRing();
    await tabTo('transfer-queue', 6);
    await page.locator('[data-testid="transfer-queue"]').selectOption(String(transferQueueId));
    await tabTo('transfer-submit', 6);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="ticket-chat"][data-status="pending"]').waitFor({ timeout: 20_000 });
    await transfer.waitFor({ state: 'detached' });
    await until(async () => (await focused()) === 'ticket-header-contact', 'focus on the chat header after the transfer');
    // Accept is again the next stop, and takes the agent back to the composer.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('ticket-action-accept');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="ticket-chat"][data-status="open"]').waitFor({ timeout: 20_000 });
    await until(async () => (await focused()) === 'message-text', 'focus in the composer after the second Accept');

    // Resolve, back up the page; focus rests on the header of the resolved ticket.
    await tabTo('ticket-action-resolve', 12, true);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="ticket-chat"][data-status="closed"]').waitFor({ timeout: 20_000 });
    await until(async () => (await focused()) === 'ticket-header-contact', 'focus on the chat header after Resolve');

    // Every stop showed a focus ring of 3:1 against what is behind it, in light and dark mode (WCAG 2.4.7, 1.4.11).
    const rings = Object.fromEntries(
      [...ringsSeen].map(([stop, ring]) => [
        stop,
        `${ring.contrast.toFixed(2)} ${ring.ring} ${ring.width ?? 0}px ${ring.colour ?? ''} on ${ring.background}`,
      ]),
    );
    console.log(`focus rings along the keyboard walk (contrast, ring, width, rgb on rgb): ${JSON.stringify(rings)}`);
    const faint = [...ringsSeen].filter(([stop, ring]) => ring.contrast < 3 && !skipTargets.has(stop.replace(/^\w+ /, '')));
    expect(faint.map(([stop]) => `${stop}: ${rings[stop]}`)).toEqual([]);
  });

  it('on a phone, a ticket opened from the list puts focus on its chat', async () => {
    await page.setViewportSize(WIDTHS[1]);
    await page.goto(`${baseUrl}/tickets`);
    await page.locator('[data-testid="tickets-list-open"] [data-testid="ticket-list-item"]').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('skip-link');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe('tickets-list-open');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('ticket-open');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="ticket-chat"]').waitFor({ timeout: 20_000 });
    await until(async () => (await focused()) === 'ticket-header-contact', 'focus on the chat header on a phone');
  });
});
