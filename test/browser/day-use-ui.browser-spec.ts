/// <reference lib="dom" />
/**
 * What a day's use in Chromium found wrong on the screens (issue 21, item 9), at 1440 and 390 px: a
 * company admin refused a super-user page is told they may not see it and goes to /; the greeting
 * keeps the whole name; /schedules loads without react-router's HydrateFallback warning; the
 * calendar's now line stands at the company's hour with the browser in another zone; picking a
 * service sets the appointment's duration; the time zone field's button is labelled in Portuguese.
 */
import { meResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';

import { api, apiToken, companyOfItsOwn } from '../support/browser-setup';
import { type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(300_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const BROWSER_ZONE = 'America/Sao_Paulo';
const SIZES = [
  { name: '1440 px', viewport: { width: 1440, height: 900 } },
  { name: '390 px', viewport: { width: 390, height: 844 } },
];
/** Zones one of which, at any moment, is in its day (09:00 to 20:00) and 3 or more hours from the browser's. */
const COMPANY_ZONES = [
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/Chicago',
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Auckland',
];

const hourIn = (zone: string, at: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(at));
const minutesOffset = (zone: string, at: Date) => {
  const wall = new Date(at.toLocaleString('en-US', { timeZone: zone }));
  const utc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' }));
  return (wall.getTime() - utc.getTime()) / 60_000;
};

/** A company zone whose hour now is well inside the calendar's 06:00 to 23:00 and 3 or more hours from the browser's. */
function farCompanyZone(at: Date): string {
  const browser = minutesOffset(BROWSER_ZONE, at);
  const fits = COMPANY_ZONES.filter((zone) => {
    const hour = hourIn(zone, at);
    return hour >= 9 && hour <= 20 && Math.abs(minutesOffset(zone, at) - browser) >= 180;
  });
  if (fits.length === 0) throw new Error('no company zone fits now');
  return fits.sort((a, b) => Math.abs(minutesOffset(b, at) - browser) - Math.abs(minutesOffset(a, at) - browser))[0]!;
}

async function signIn(stack: ProductStack, credentials: { email: string; password: string }, viewport: { width: number; height: number }) {
  const context = await stack.browser.newContext({ colorScheme: 'light', viewport, timezoneId: BROWSER_ZONE });
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto(`${stack.baseUrl}/login`);
  await page.locator('input[name="email"]').fill(credentials.email);
  await page.locator('input[name="password"]').fill(credentials.password);
  await page.locator('button[type="submit"]').click();
  await page.locator('[data-testid="top-bar"]').waitFor({ timeout: 30_000 });
  return { page, warnings };
}

describe('browser: the day-use screen defects of issue 21', () => {
  let stack: ProductStack;
  let admin: { email: string; password: string };
  let adminName: string;
  let companyZone: string;

  beforeAll(async () => {
    stack = await startProductStack('browser_day_use_ui', ADMIN);
    ({ admin } = await companyOfItsOwn(stack.baseUrl, ADMIN, 'Dia de uso', { useSchedules: true, useKanban: true }));
    const token = await apiToken(stack.baseUrl, admin);
    // The first admin is named after the company ('Dia de uso (c1a2b3c4)'): a long name the phone's bar must still show whole.
    adminName = expectAnswer(meResponseSchema, await api(stack.baseUrl, 'GET', '/api/auth/me', token)).name;
    companyZone = farCompanyZone(new Date());
    expect((await api(stack.baseUrl, 'PUT', '/api/settings/timezone', token, { value: companyZone })).status).toBe(200);
    expect((await api(stack.baseUrl, 'POST', '/api/services', token, { name: 'Avaliação', price: 80, duration: 50 })).status).toBeLessThan(
      300,
    );
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe.each(SIZES)('at $name', ({ viewport }) => {
    it('a company admin on /announcements is told they may not see it, not that the company lacks it, and goes to /', async () => {
      const { page } = await signIn(stack, admin, viewport);
      await page.goto(`${stack.baseUrl}/announcements`);
      const refusal = page.locator('[data-testid="access-denied"]');
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe('Você não tem permissão para acessar esta página! Estamos lhe redirecionando.');
      await page.waitForURL(`${stack.baseUrl}/`);
      await page.context().close();
    });

    it('the greeting shows the whole name', async () => {
      const { page } = await signIn(stack, admin, viewport);
      const greeting = page.locator('[data-testid="welcome-text"]');
      await greeting.waitFor();
      const box = await greeting.evaluate((element) => ({
        text: (element as HTMLElement).innerText,
        overflows: element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
        width: element.clientWidth,
      }));
      expect(box).toEqual({ text: expect.stringContaining(adminName) as unknown, overflows: false, width: box.width });
      expect(await greeting.innerText()).toContain(adminName);
      await page.context().close();
    });

    it("/schedules loads without the HydrateFallback warning, and the now line stands at the company's hour", async () => {
      const { page, warnings } = await signIn(stack, admin, viewport);
      await page.goto(`${stack.baseUrl}/schedules`);
      await page.locator('[data-testid="schedule-calendar"]').waitFor();
      expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);

      await page.locator('.fc-timeGridDay-button').click();
      const line = page.locator('.fc-timegrid-now-indicator-line');
      await line.waitFor();
      const hour = hourIn(companyZone, new Date());
      const slot = (h: number) => page.locator(`.fc-timegrid-slot-label[data-time="${String(h).padStart(2, '0')}:00:00"]`);
      const lineTop = (await line.boundingBox())!.y;
      const hourTop = (await slot(hour).boundingBox())!.y;
      const nextTop = (await slot(hour + 1).boundingBox())!.y;
      // Read a minute apart at most: the line may have crossed into the next hour meanwhile.
      expect(lineTop).toBeGreaterThanOrEqual(hourTop - 2);
      expect(lineTop).toBeLessThanOrEqual(nextTop + (nextTop - hourTop) / 60 + 2);
      await page.context().close();
    });

    it("picking a service sets the appointment's duration to the service's", async () => {
      const { page } = await signIn(stack, admin, viewport);
      await page.goto(`${stack.baseUrl}/schedules`);
      await page.locator('[data-testid="schedules-new"]').click();
      const dialog = page.locator('[data-testid="schedule-modal"]');
      await dialog.locator('[data-testid="schedule-service"] option', { hasText: 'Avaliação' }).waitFor({ state: 'attached' });
      expect(await dialog.locator('[data-testid="schedule-duration"]').inputValue()).toBe('60');
      await dialog.locator('[data-testid="schedule-service"]').selectOption({ label: 'Avaliação' });
      expect(await dialog.locator('[data-testid="schedule-duration"]').inputValue()).toBe('50');
      await page.context().close();
    });

    it("the time zone field's button is labelled in the user's language", async () => {
      const { page } = await signIn(stack, admin, viewport);
      await page.goto(`${stack.baseUrl}/settings`);
      await page.locator('[data-testid="setting-timezone"]').waitFor();
      expect(await page.getByRole('button', { name: 'Mostrar fusos horários' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Toggle suggestions' }).count()).toBe(0);
      await page.context().close();
    });
  });
});
