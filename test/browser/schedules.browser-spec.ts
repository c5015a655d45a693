/// <reference lib="dom" />
/**
 * The schedules screen in Chromium against the standalone product with the simulator, in one browser
 * start: a service is added to the catalogue, an appointment is booked for a contact from
 * /schedules?contactId= with that service and the 5-minute reminder, it shows in the week view, the
 * reminder and then the message reach the simulated phone (the product runs in this process on a
 * clock the journey moves to each send's time, where the minute's sweep finds it due: the appointment
 * is a little over 5 minutes ahead, reached in seconds), its open dialog and the statistics follow the sends
 * live, the CSV export carries it, and a block is created and edited; the screen also fits a 390 px
 * phone.
 */
import { readFileSync } from 'node:fs';

import { contactSchema } from '@app/contracts';
import { JOBS, type Jobs } from '@app/platform';
import { expectAnswer } from '@app/platform/testing';
import type { Page } from 'playwright-core';

import { api, apiToken, companyOfItsOwn, scannedConnection, signedInPage, until } from '../support/browser-setup';
import { type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(180_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const CUSTOMER = { name: 'Ana Cliente', number: '5511955551234' };
const ZONE = 'America/Sao_Paulo';

/** 'yyyy-MM-ddTHH:mm' of an instant in São Paulo, as the dialog's datetime-local input takes it. */
function saoPauloInput(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

type Outbound = { messages: { body: string; to: string }[] };

/** The queue of outbound's sweep, which wakes every company with a send due by outbound's clock. */
const SCHEDULE_SWEEP_QUEUE = 'outbound-schedule-sweep';

describe('browser: schedules', () => {
  let stack: ProductStack;
  /** How far outbound's clock runs ahead of the real one. */
  let aheadMs = 0;

  /** Outbound's clock moves to just past `at`, and the sweep runs as it does each minute. */
  const moveClockPast = async (at: Date) => {
    aheadMs = Math.max(aheadMs, at.getTime() + 1_000 - Date.now());
    await stack.app!.get<Jobs>(JOBS).schedule(null, SCHEDULE_SWEEP_QUEUE, {}, { singletonKey: `sweep-at-${at.getTime()}` });
  };

  beforeAll(async () => {
    stack = await startProductStack(
      'browser_schedules',
      ADMIN,
      { SIMULATOR_ENABLED: 'true' },
      { outbound: { now: () => new Date(Date.now() + aheadMs) } },
    );
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('books an appointment from a contact with a service, sees it in the week view, its reminder and message reach the phone, and exports it', async () => {
    const { baseUrl } = stack;
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Agenda', { useSchedules: true });
    const token = await apiToken(baseUrl, admin);
    const connection = await scannedConnection(baseUrl, token, 'Simulador Agenda');
    const contact = expectAnswer(contactSchema, await api(baseUrl, 'POST', '/api/contacts', token, CUSTOMER));
    const page = await signedInPage(stack, admin, WIDE);

    // The service the appointment is for.
    await page.goto(`${baseUrl}/services`);
    await page.locator('[data-testid="services-add"]').click();
    await page.locator('[data-testid="service-name"]').fill('Corte de cabelo');
    await page.locator('[data-testid="service-price"]').fill('50,00');
    await page.locator('[data-testid="service-duration"]').fill('45');
    await page.locator('[data-testid="service-save"]').click();
    await page.locator('[data-testid="services-row"]', { hasText: 'Corte de cabelo' }).waitFor();

    // The settings allow any hour, so the journey runs whatever the day and time.
    await page.goto(`${baseUrl}/schedules`);
    await page.locator('[data-testid="schedules-settings"]').click();
    await page.locator('[data-testid="schedule-settings-form"]').waitFor();
    await page.locator('[data-testid="settings-allow-overlaps"]').click();
    await page.locator('[data-testid="settings-save"]').click();
    await page.getByText('Configurações salvas com sucesso!').waitFor();

    // Booked from the contact: the dialog opens for it, one hour ahead and 60 minutes unless told.
    await page.goto(`${baseUrl}/schedules?contactId=${contact.id}`);
    const dialog = page.locator('[data-testid="schedule-modal"]');
    await dialog.locator('[data-testid="schedule-modal-title"]', { hasText: 'Novo agendamento' }).waitFor();
    await until(
      async () => (await dialog.locator('[data-testid="schedule-contact"]').inputValue()) === `${CUSTOMER.name} (${CUSTOMER.number})`,
      'the contact in the dialog',
    );
    expect(await dialog.locator('[data-testid="schedule-duration"]').inputValue()).toBe('60');
    await dialog.locator('[data-testid="schedule-body"]').fill('Olá! Seu corte de cabelo está confirmado.');
    // The whole minute after 5 min 40 s from now: the 5-minute reminder is due 40 to 100 s from now.
    const sendAt = new Date(Math.ceil((Date.now() + 340_000) / 60_000) * 60_000);
    await dialog.locator('[data-testid="schedule-send-at"]').fill(saoPauloInput(sendAt));
    await dialog.locator('[data-testid="schedule-service"]').selectOption({ label: 'Corte de cabelo' });
    await dialog.locator('[data-testid="schedule-duration"]').selectOption('45');
    await dialog.locator('[data-testid="schedule-extra-info"]').fill('Cliente prefere tesoura');
    await dialog.locator('[data-testid="schedule-reminder5MinutesEnabled"]').click();
    await dialog.locator('[data-testid="schedule-save"]').click();
    await page.getByText('Agendamento salvo com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The week view shows it at its São Paulo time.
    await page.locator('.fc-timeGridWeek-button').click();
    // Its start (one booked late in the evening runs past midnight and is drawn in two parts).
    const event = page.locator('.fc-timegrid-event.fc-event-start', { hasText: CUSTOMER.name });
    await event.waitFor();
    expect(await event.textContent()).toContain(saoPauloInput(sendAt).slice(11));
    expect(await page.locator('[data-testid="schedule-stat-pending-value"]').textContent()).toBe('1');

    // Its dialog, left open, follows the sends live: the reminder's state, then the message's.
    await event.click();
    await dialog.locator('[data-testid="schedule-reminder-state-5m"][data-status="PENDENTE"]').waitFor();

    // The reminder, then the message, reach the simulated phone.
    const sentTo = async () =>
      ((await api(baseUrl, 'GET', `/api/simulator/connections/${connection.id}/outbound`, token)).body as Outbound).messages.filter(
        (message) => message.to.includes(CUSTOMER.number),
      );
    expect(await sentTo()).toEqual([]);
    await moveClockPast(new Date(sendAt.getTime() - 5 * 60_000));
    const reminder = await until(
      async () => (await sentTo()).find((message) => message.body.includes('Lembrete')),
      'the 5-minute reminder at the phone',
      30_000,
    );
    expect(reminder.body).toContain('Corte de cabelo');
    await dialog.locator('[data-testid="schedule-reminder-state-5m"][data-status="ENVIADA"]').waitFor();
    expect(await dialog.locator('[data-testid="schedule-modal-title"]').textContent()).toBe('Agendamento: Pendente');
    // Not before its time: only the reminder went out.
    expect((await sentTo()).map((sent) => sent.body)).toEqual([reminder.body]);
    await moveClockPast(sendAt);
    const message = await until(
      async () => (await sentTo()).find((sent) => sent.body.includes('Seu corte de cabelo está confirmado.')),
      'the appointment message at the phone',
      30_000,
    );
    expect(message.body).toContain('Olá! Seu corte de cabelo está confirmado.');
    await dialog.locator('[data-testid="schedule-modal-title"]', { hasText: 'Agendamento: Enviada' }).waitFor();
    expect(await dialog.locator('[data-testid="schedule-save"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Live: the sent appointment counts as sent without a reload.
    await until(
      async () => (await page.locator('[data-testid="schedule-stat-sent-value"]').textContent()) === '1',
      'the statistics following the send',
    );

    // The CSV export: the spec's columns, the phone without 55, named with the date.
    const download = page.waitForEvent('download');
    await page.locator('[data-testid="schedules-export"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^agendamentos_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Data;Hora;Serviço;Cliente;Telefone;Informações extras;Descrição');
    expect(lines).toContain(
      `${saoPauloInput(sendAt).slice(8, 10)}/${saoPauloInput(sendAt).slice(5, 7)}/${saoPauloInput(sendAt).slice(0, 4)};` +
        `${saoPauloInput(sendAt).slice(11)};Corte de cabelo;${CUSTOMER.name};(11) 95555-1234;Cliente prefere tesoura;` +
        'Olá! Seu corte de cabelo está confirmado.',
    );

    // A block is created, then edited in the same form.
    await page.locator('[data-testid="schedules-blocks"]').click();
    const blocks = page.locator('[data-testid="blocks-modal"]');
    await blocks.locator('[data-testid="block-title"]').fill('Reunião');
    await blocks.locator('[data-testid="block-save"]').click();
    await page.getByText('Bloqueio criado com sucesso!').waitFor();
    await blocks.locator('[data-testid="blocks-row"]', { hasText: 'Reunião' }).locator('[data-testid="blocks-edit"]').click();
    await blocks.locator('[data-testid="block-form-title"]', { hasText: 'Editar bloqueio' }).waitFor();
    await blocks.locator('[data-testid="block-title"]').fill('Reunião de equipe');
    await blocks.locator('[data-testid="block-save"]').click();
    await page.getByText('Bloqueio atualizado com sucesso!').waitFor();
    await blocks.locator('[data-testid="blocks-row"]', { hasText: 'Reunião de equipe' }).waitFor();
    expect(await blocks.locator('[data-testid="blocks-row"]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await blocks.waitFor({ state: 'detached' });

    await fitsPhone(page, baseUrl);
  });
});

/** At 390 px the screen has no sideways scroll, and the agenda lists the appointment. */
async function fitsPhone(page: Page, baseUrl: string) {
  await page.setViewportSize(PHONE);
  await page.goto(`${baseUrl}/schedules`);
  await page.locator('[data-testid="schedule-calendar"] .fc-list-event.fc-event-start', { hasText: CUSTOMER.name }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}
