/// <reference lib="dom" />
/**
 * The inbox in Chromium against the standalone product with the simulator: a customer writes to a
 * scanned simulator connection and the ticket appears live under 'Aguardando' with its unread badge;
 * the admin accepts it, the chat opens, the reply reaches the simulator's outbound list, and the
 * phone's read ack turns the ticks blue; resolving moves the ticket to 'Resolvidos' and closes the input;
 * reopening and a transfer to a queue make it pending there; a narrow screen works with the bottom tabs.
 * Each test starts from a company of its own with its phone scanned (and, where it needs one, the
 * customer's ticket accepted), set up through the API and the steps the test before it proved.
 */
import type { Browser, Page } from 'playwright-core';

import { companyOfItsOwn, pageApiCall, pageToken, scannedConnection, signedInPage, waitUntil } from '../support/browser-setup';
import { newPage, type ProductStack, startProductStack } from '../support/product-stack';

jest.setTimeout(180_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const CUSTOMER = { from: '5511987654321', pushName: 'Maria Cliente' };
/** A 1x1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('browser: the inbox with the simulator', () => {
  let stack: ProductStack;
  let baseUrl: string;
  let browser: Browser;
  const VIEWPORT = { width: 1366, height: 820 };

  beforeAll(async () => {
    stack = await startProductStack('browser_tickets', ADMIN, { SIMULATOR_ENABLED: 'true' });
    ({ baseUrl, browser } = stack);
  });

  /** A company of its own, its admin signed in on Atendimentos, its simulator phone scanned. */
  const inboxOfItsOwn = async (company: string): Promise<{ page: Page; connectionId: number }> => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, company);
    const page = await signedInPage(stack, admin, VIEWPORT);
    const connectionId = (await scannedConnection(baseUrl, await pageToken(page), 'Simulador Inbox')).id;
    await page.goto(`${baseUrl}/tickets`);
    await page.locator('[data-testid="tickets-welcome"]').waitFor();
    return { page, connectionId };
  };
  /** The customer writes, and the ticket shows under 'Aguardando'. */
  const customerWrote = async (page: Page, connectionId: number) => {
    const inbound = await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, {
      ...CUSTOMER,
      body: 'Olá, quero um orçamento',
    });
    expect(inbound.status).toBeLessThan(300);
    await page.locator('[data-testid="tickets-subtab-pending"]').click();
    const item = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName });
    await item.getByText('Olá, quero um orçamento').waitFor({ timeout: 15_000 });
    return item;
  };
  /** An inbox of its own whose customer's ticket the admin accepted: the chat is open. */
  const acceptedChat = async (company: string): Promise<{ page: Page; connectionId: number }> => {
    const { page, connectionId } = await inboxOfItsOwn(company);
    const item = await customerWrote(page, connectionId);
    await item.locator('[data-testid="ticket-accept"]').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.locator('[data-testid="ticket-chat"] [data-testid="ticket-action-resolve"]').waitFor({ timeout: 15_000 });
    return { page, connectionId };
  };
  /** The admin's reply in the open chat, shown as sent. */
  const replied = async (page: Page) => {
    const chat = page.locator('[data-testid="ticket-chat"]');
    await chat.locator('[data-testid="message-text"]').fill('Claro! Já envio o orçamento.');
    await chat.locator('[data-testid="message-send"]').click();
    await chat
      .locator('[data-testid="message"][data-from-me="true"]', { hasText: 'Claro! Já envio o orçamento.' })
      .waitFor({ timeout: 15_000 });
  };

  afterAll(async () => {
    await stack?.stop();
  });

  it('the admin logs in, opens Atendimentos from the menu and sees the welcome panel', async () => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Inbox login');
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

  it('a scanned simulator connection is ready to receive', async () => {
    const { admin } = await companyOfItsOwn(baseUrl, ADMIN, 'Inbox conexão');
    const page = await signedInPage(stack, admin, VIEWPORT);
    const created = await pageApiCall(page, baseUrl, 'POST', '/api/whatsapp', { name: 'Simulador Inbox', provider: 'simulator' });
    expect(created.status).toBeLessThan(300);
    const connectionId = ((await created.json()) as { id: number }).id;
    await waitUntil(
      async () => (await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/scan`, {})).status < 300,
    );
  });

  it("an inbound message appears live under 'Aguardando' with its unread badge", async () => {
    const { page, connectionId } = await inboxOfItsOwn('Inbox chegada');
    const inbound = await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, {
      ...CUSTOMER,
      body: 'Olá, quero um orçamento',
    });
    expect(inbound.status).toBeLessThan(300);

    await page.locator('[data-testid="tickets-subtab-pending"]').click();
    const item = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName });
    await item.waitFor({ timeout: 15_000 });
    await item.getByText('Olá, quero um orçamento').waitFor();
    expect(await item.locator('[data-testid="ticket-unread"]').textContent()).toBe('1');
    expect(await item.locator('[data-testid="ticket-queue"]').textContent()).toBe('SEM FILA');
  });

  it('accepting opens the chat; the reply reaches the simulator and its read ack turns the ticks blue', async () => {
    const { page, connectionId } = await inboxOfItsOwn('Inbox aceite');
    const item = await customerWrote(page, connectionId);
    await item.locator('[data-testid="ticket-accept"]').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const chat = page.locator('[data-testid="ticket-chat"]');
    await chat.waitFor({ timeout: 15_000 });
    await chat.locator('[data-testid="ticket-action-resolve"]').waitFor({ timeout: 15_000 });
    await chat.getByText('Olá, quero um orçamento').waitFor();

    await chat.locator('[data-testid="message-text"]').fill('Claro! Já envio o orçamento.');
    await chat.locator('[data-testid="message-send"]').click();
    const mine = chat.locator('[data-testid="message"][data-from-me="true"]', { hasText: 'Claro! Já envio o orçamento.' });
    await mine.waitFor({ timeout: 15_000 });

    let sent: { messageId: string; body: string } | undefined;
    await waitUntil(async () => {
      const outbound = (await (await pageApiCall(page, baseUrl, 'GET', `/api/simulator/connections/${connectionId}/outbound`)).json()) as {
        messages: { messageId: string; body: string; to: string }[];
      };
      sent = outbound.messages.find((message) => message.body.includes('Claro! Já envio o orçamento.'));
      return sent !== undefined;
    });
    expect(sent?.body).toMatch(/^\*.+:\*\nClaro! Já envio o orçamento\.$/);

    await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/ack`, { messageId: sent!.messageId, ack: 4 });
    await mine.locator('[data-testid="message-ack"][data-ack="double-read"]').waitFor({ timeout: 15_000 });
  });

  it('with the accept greeting on, accepting after the queue bot greeted sends the agent presentation once, never the bot greeting again', async () => {
    const { page, connectionId } = await inboxOfItsOwn('Inbox saudação');
    expect((await pageApiCall(page, baseUrl, 'PUT', '/api/settings/sendGreetingAccepted', { value: 'enabled' })).status).toBeLessThan(300);
    const BOT_GREETING = 'Bem-vindo ao suporte da loja!';
    const queue = await pageApiCall(page, baseUrl, 'POST', '/api/queue', {
      name: 'Suporte',
      color: '#8e24aa',
      greetingMessage: BOT_GREETING,
    });
    expect(queue.status).toBeLessThan(300);
    const queueId = ((await queue.json()) as { id: number }).id;
    // The whatsapp service learns the new queue from conversations' event before it lets the connection have it.
    await waitUntil(
      async () => (await pageApiCall(page, baseUrl, 'PUT', `/api/whatsapp/${connectionId}`, { queueIds: [queueId] })).status < 300,
    );
    const outbound = async () =>
      (
        (await (await pageApiCall(page, baseUrl, 'GET', `/api/simulator/connections/${connectionId}/outbound`)).json()) as {
          messages: { body: string }[];
        }
      ).messages;

    const inbound = await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, {
      ...CUSTOMER,
      body: 'Oi',
    });
    expect(inbound.status).toBeLessThan(300);
    await waitUntil(async () => (await outbound()).some((message) => message.body === BOT_GREETING));
    await page.locator('[data-testid="tickets-subtab-pending"]').click();
    const item = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName });
    await item.locator('[data-testid="ticket-queue"]', { hasText: 'Suporte' }).waitFor({ timeout: 15_000 });
    await item.locator('[data-testid="ticket-accept"]').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const chat = page.locator('[data-testid="ticket-chat"]');
    await chat.locator('[data-testid="ticket-action-resolve"]').waitFor({ timeout: 15_000 });

    let presentation: string | undefined;
    await waitUntil(async () => {
      presentation = (await outbound()).find((message) => message.body.includes('meu nome é'))?.body;
      return presentation !== undefined;
    });
    expect(presentation).toMatch(
      new RegExp(
        `^\\*.+:\\*\\n(Bom dia|Boa tarde|Boa noite) \\*${CUSTOMER.pushName}\\*, meu nome é \\*.+\\* e darei continuidade em seu atendimento\\.$`,
      ),
    );
    await chat.locator('[data-testid="message"][data-from-me="true"]', { hasText: 'meu nome é' }).waitFor({ timeout: 15_000 });
    expect((await outbound()).filter((message) => message.body.includes(BOT_GREETING))).toHaveLength(1);
    expect(await chat.locator('[data-testid="message"]', { hasText: BOT_GREETING }).count()).toBe(1);
  });

  it('messages that arrive in the open, focused chat are read: no badge, unreadMessages 0, and the read receipt reaches the phone', async () => {
    const { page, connectionId } = await acceptedChat('Inbox lidas');
    const chat = page.locator('[data-testid="ticket-chat"]');
    const ids: string[] = [];
    for (const body of ['Chegou agora', 'E mais esta']) {
      const inbound = await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, { ...CUSTOMER, body });
      expect(inbound.status).toBeLessThan(300);
      ids.push(((await inbound.json()) as { messageId: string }).messageId);
      await chat.locator('[data-testid="message"][data-from-me="false"]', { hasText: body }).waitFor({ timeout: 15_000 });
    }
    const ticketId = Number(await chat.getAttribute('data-ticket-id'));
    await waitUntil(async () => {
      const ticket = (await (await pageApiCall(page, baseUrl, 'GET', `/api/tickets/${ticketId}`)).json()) as { unreadMessages: number };
      return ticket.unreadMessages === 0;
    });
    const item = page.locator('[data-testid="tickets-list-open"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName });
    await item.getByText('E mais esta').waitFor({ timeout: 15_000 });
    expect(await item.locator('[data-testid="ticket-unread"]').count()).toBe(0);
    await waitUntil(async () => {
      const outbound = (await (await pageApiCall(page, baseUrl, 'GET', `/api/simulator/connections/${connectionId}/outbound`)).json()) as {
        messages: { mediaType: string | null; body: string }[];
      };
      const receipted = outbound.messages.filter((message) => message.mediaType === 'read').flatMap((message) => message.body.split(','));
      return ids.every((id) => receipted.includes(id));
    });
  });

  it("a chat with an image, a PDF and a location opens at the newest message and stays there as the media loads; scrolled up, a chip announces new ones; a search by a message's text opens it at that message", async () => {
    const { page, connectionId } = await inboxOfItsOwn('Inbox rolagem');
    const send = async (message: object) => {
      const inbound = await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, {
        ...CUSTOMER,
        ...message,
      });
      expect(inbound.status).toBeLessThan(300);
    };
    // A tall picture, so that its loading moves what is below it.
    const tallPng = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 640;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#3a7';
      context.fillRect(0, 0, 240, 640);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    for (let index = 1; index <= 12; index += 1) await send({ body: `Mensagem ${index}` });
    await send({ body: 'Veja a foto', mediaType: 'image', mimetype: 'image/png', fileName: 'foto.png', mediaBase64: tallPng });
    await send({
      body: 'orcamento.pdf',
      mediaType: 'document',
      mimetype: 'application/pdf',
      fileName: 'orcamento.pdf',
      mediaBase64: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64'),
    });
    await send({ location: { latitude: -23.55, longitude: -46.63, name: 'Loja Centro' } });
    await send({ body: 'Última mensagem do cliente' });

    await page.locator('[data-testid="tickets-subtab-pending"]').click();
    const item = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName });
    await item.getByText('Última mensagem do cliente').waitFor({ timeout: 15_000 });
    await item.click();
    const chat = page.locator('[data-testid="ticket-chat"]');
    const list = chat.locator('[data-testid="message-list"]');
    const newest = chat.locator('[data-testid="message"]', { hasText: 'Última mensagem do cliente' });
    await newest.waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => {
      const image = document.querySelector('[data-testid="message-image"]') as HTMLImageElement | null;
      return !!image && image.complete && image.naturalHeight > 0;
    });
    const distanceFromBottom = () => list.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
    await waitUntil(async () => (await distanceFromBottom()) <= 2);
    const listBox = (await list.boundingBox())!;
    const newestBox = (await newest.boundingBox())!;
    expect(newestBox.y + newestBox.height).toBeLessThanOrEqual(listBox.y + listBox.height + 1);
    expect(newestBox.y).toBeGreaterThanOrEqual(listBox.y);

    // A message that arrives at the bottom is followed.
    await send({ body: 'Mais uma coisa' });
    await chat.locator('[data-testid="message"]', { hasText: 'Mais uma coisa' }).waitFor({ timeout: 15_000 });
    await waitUntil(async () => (await distanceFromBottom()) <= 2);

    // Scrolled up, the view stays; a chip announces what arrives and takes the agent down.
    await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight / 3 }));
    const top = await list.evaluate((element) => element.scrollTop);
    await send({ body: 'Chegou enquanto lia' });
    const chip = chat.locator('[data-testid="new-messages-chip"]');
    await chip.waitFor({ timeout: 15_000 });
    expect(await chip.textContent()).toContain('1 nova mensagem');
    expect(Math.abs((await list.evaluate((element) => element.scrollTop)) - top)).toBeLessThan(5);
    await chip.click();
    await waitUntil(async () => (await distanceFromBottom()) <= 2);
    await chip.waitFor({ state: 'detached' });

    // A search that finds the ticket by a message's text opens the chat at that message, highlighted,
    // with the newest not loaded yet; scrolling down pages newer messages until the newest.
    await page.locator('[data-testid="tickets-search"]').fill('Mensagem 2');
    const found = page.locator('[data-testid="tickets-list-search"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName });
    await found.waitFor({ timeout: 15_000 });
    await found.click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}\?message=\d+$/);
    const foundMessage = chat.locator('[data-highlighted="true"] [data-testid="message"]');
    await foundMessage.waitFor({ timeout: 15_000 });
    expect(await foundMessage.locator('[data-testid="message-body"]').textContent()).toBe('Mensagem 2');
    const foundBox = (await foundMessage.boundingBox())!;
    const shownBox = (await list.boundingBox())!;
    expect(foundBox.y).toBeGreaterThanOrEqual(shownBox.y);
    expect(foundBox.y + foundBox.height).toBeLessThanOrEqual(shownBox.y + shownBox.height);
    expect(await chat.locator('[data-testid="message"]', { hasText: 'Chegou enquanto lia' }).count()).toBe(0);
    await chat.locator('[data-testid="latest-messages-button"]').waitFor();
    await waitUntil(async () => {
      await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      return (await chat.locator('[data-testid="message"]', { hasText: 'Chegou enquanto lia' }).count()) === 1;
    });
    await chat.locator('[data-testid="latest-messages-button"]').waitFor({ state: 'detached' });
    await chat.locator('[data-highlighted="true"]').waitFor({ state: 'detached', timeout: 5_000 });
  });

  it('the message menu shows its six quick reactions side by side; the input grows with wrapped text up to 5 rows', async () => {
    const { page } = await acceptedChat('Inbox menu');
    const chat = page.locator('[data-testid="ticket-chat"]');
    const theirs = chat.locator('[data-testid="message"][data-from-me="false"]', { hasText: 'Olá, quero um orçamento' });
    await theirs.hover();
    await theirs.locator('[data-testid="message-menu"]').click();
    const menu = page.locator('[data-testid="message-menu-content"]');
    await menu.waitFor();
    const menuBox = (await menu.boundingBox())!;
    const reactions = page.locator('[data-testid="message-quick-reaction"]');
    expect(await reactions.count()).toBe(6);
    for (const box of await reactions.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.x).toBeGreaterThanOrEqual(menuBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(menuBox.x + menuBox.width + 1);
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    const input = chat.locator('[data-testid="message-text"]');
    const height = async () => (await input.boundingBox())!.height;
    const oneRow = await height();
    await input.fill('palavra '.repeat(60));
    await waitUntil(async () => (await height()) > oneRow * 1.5);
    await input.fill(Array.from({ length: 12 }, (_, index) => `linha ${index + 1}`).join('\n'));
    await waitUntil(async () => (await height()) > oneRow * 2.5);
    const lineHeight = await input.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(await height()).toBeLessThanOrEqual(5 * lineHeight + 16 + 2 + 1);
    await input.fill('');
    await waitUntil(async () => (await height()) < oneRow + 1);
  });

  it('an image comes in and shows in the chat; an attached image goes out to the phone', async () => {
    const { page, connectionId } = await acceptedChat('Inbox imagem');
    const inbound = await pageApiCall(page, baseUrl, 'POST', `/api/simulator/connections/${connectionId}/inbound`, {
      ...CUSTOMER,
      body: 'Veja a foto',
      mediaType: 'image',
      mimetype: 'image/png',
      fileName: 'foto.png',
      mediaBase64: PNG_BASE64,
    });
    expect(inbound.status).toBeLessThan(300);
    const chat = page.locator('[data-testid="ticket-chat"]');
    const image = chat.locator('[data-testid="message"][data-from-me="false"] [data-testid="message-image"]');
    await image.waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => {
      const element = document.querySelector(
        '[data-testid="message"][data-from-me="false"] [data-testid="message-image"]',
      ) as HTMLImageElement | null;
      return !!element && element.complete && element.naturalWidth > 0;
    });

    await chat
      .locator('[data-testid="message-file-input"]')
      .setInputFiles({ name: 'orcamento foto.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });
    // Chosen, it shows as a thumbnail of itself before it is sent.
    await page.waitForFunction(() => {
      const thumbnail = document.querySelector(
        '[data-testid="message-attachments"] img[alt="orcamento foto.png"]',
      ) as HTMLImageElement | null;
      return !!thumbnail && thumbnail.complete && thumbnail.naturalWidth > 0;
    });
    await chat.locator('[data-testid="message-send"]').click();
    await chat.locator('[data-testid="message"][data-from-me="true"] [data-testid="message-image"]').waitFor({ timeout: 15_000 });
    await waitUntil(async () => {
      const outbound = (await (await pageApiCall(page, baseUrl, 'GET', `/api/simulator/connections/${connectionId}/outbound`)).json()) as {
        messages: { mediaType: string | null }[];
      };
      return outbound.messages.some((message) => message.mediaType === 'image');
    });
  });

  it('a recorded voice note is encoded to MP3 (128 kbps) in the browser and goes out to the phone as audio', async () => {
    const { page, connectionId } = await acceptedChat('Inbox áudio');
    const chat = page.locator('[data-testid="ticket-chat"]');
    await chat.locator('[data-testid="message-record"]').click();
    await chat.locator('[data-testid="message-record-cancel"]').waitFor();
    // The length of the recording (pacing), not a wait for something to be absent.
    await page.waitForTimeout(4_000);
    await chat.locator('[data-testid="message-record"]').click();
    await chat.locator('[data-testid="message"][data-from-me="true"] [data-testid="message-audio"]').waitFor({ timeout: 20_000 });

    let note: { mediaUrl: string | null; fileName: string | null } | undefined;
    await waitUntil(async () => {
      const outbound = (await (await pageApiCall(page, baseUrl, 'GET', `/api/simulator/connections/${connectionId}/outbound`)).json()) as {
        messages: { mediaType: string | null; mediaUrl: string | null; fileName: string | null }[];
      };
      note = outbound.messages.find((message) => message.mediaType === 'audio');
      return !!note;
    });
    expect(note!.fileName).toMatch(/^audio_\d+\.mp3$/);
    const stored = await pageApiCall(page, baseUrl, 'GET', note!.mediaUrl!);
    expect(stored.status).toBe(200);
    const bytes = new Uint8Array(await stored.arrayBuffer());
    // An MPEG-1 layer III frame header at 128 kbps.
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]! & 0xfe).toBe(0xfa);
    expect(bytes[2]! >> 4).toBe(0b1001);
  });

  it('messages ticked in selection mode are forwarded to another contact, oldest first', async () => {
    const { page, connectionId } = await acceptedChat('Inbox encaminhar');
    await replied(page);
    const contact = await pageApiCall(page, baseUrl, 'POST', '/api/contacts', { name: 'Marcos Entregador', number: '5511933330003' });
    expect(contact.status).toBeLessThan(300);
    const chat = page.locator('[data-testid="ticket-chat"]');
    const reply = chat.locator('[data-testid="message"][data-from-me="true"]', { hasText: 'Claro! Já envio o orçamento.' });
    await reply.hover();
    await reply.locator('[data-testid="message-menu"]').click();
    await page.locator('[data-testid="message-menu-forward"]').click();
    const bar = chat.locator('[data-testid="forward-selection-bar"]');
    await bar.waitFor();
    await chat.locator('[data-testid="message-select-row"]', { hasText: 'Olá, quero um orçamento' }).click();
    expect(await bar.locator('[data-testid="forward-selection-count"]').textContent()).toBe('2 mensagens selecionadas');
    await bar.locator('[data-testid="forward-selection-submit"]').click();

    const dialog = page.locator('[data-testid="forward-dialog"]');
    await dialog.locator('[data-testid="forward-contact"]').fill('Marc');
    await dialog.locator('[data-testid="forward-contact-option"]', { hasText: 'Marcos Entregador' }).click();
    await dialog.locator('[data-testid="forward-submit"]').click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await bar.waitFor({ state: 'detached' });
    await chat.locator('[data-testid="message-text"]').waitFor();

    await waitUntil(async () => {
      const outbound = (await (await pageApiCall(page, baseUrl, 'GET', `/api/simulator/connections/${connectionId}/outbound`)).json()) as {
        messages: { to: string; body: string }[];
      };
      const forwarded = outbound.messages.filter((message) => message.to === '5511933330003').map((message) => message.body);
      return (
        forwarded.length === 2 &&
        forwarded[0]!.endsWith('Olá, quero um orçamento') &&
        forwarded[1]!.endsWith('Claro! Já envio o orçamento.')
      );
    });
  });

  it('resolving closes the input and moves the ticket to Resolvidos', async () => {
    const { page } = await acceptedChat('Inbox resolver');
    const chat = page.locator('[data-testid="ticket-chat"]');
    await chat.locator('[data-testid="ticket-action-resolve"]').click();
    await chat.locator('[data-testid="message-input-closed"]').waitFor({ timeout: 15_000 });
    await chat.locator('[data-testid="ticket-action-reopen"]').waitFor();
    await page.locator('[data-testid="tickets-tab-closed"]').click();
    await page
      .locator('[data-testid="tickets-list-closed"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName })
      .waitFor({ timeout: 15_000 });
  });

  it('reopening takes the ticket back; a transfer to a queue without a user makes it pending in that queue', async () => {
    const { page } = await acceptedChat('Inbox reabrir');
    const resolved = page.locator('[data-testid="ticket-chat"]');
    await resolved.locator('[data-testid="ticket-action-resolve"]').click();
    await resolved.locator('[data-testid="message-input-closed"]').waitFor({ timeout: 15_000 });
    const queue = await pageApiCall(page, baseUrl, 'POST', '/api/queue', { name: 'Suporte', color: '#8e24aa' });
    expect(queue.status).toBeLessThan(300);
    const queueId = ((await queue.json()) as { id: number }).id;

    // Across services: identity learns the new queue from conversations' event and lets a user have
    // it; an id that is no queue of the company is refused.
    const bogus = await pageApiCall(page, baseUrl, 'POST', '/api/users', {
      name: 'Fila Errada',
      email: 'fila.errada@acme.test',
      password: 'fila-pass',
      queueIds: [queueId + 1000],
    });
    expect(bogus.status).toBe(400);
    expect(((await bogus.json()) as { error: string }).error).toBe('ERR_QUEUE_NOT_FOUND');
    const deadline = Date.now() + 10_000;
    let given = await pageApiCall(page, baseUrl, 'POST', '/api/users', {
      name: 'Fila Certa',
      email: 'fila.certa@acme.test',
      password: 'fila-pass',
      queueIds: [queueId],
    });
    while (given.status === 400 && Date.now() < deadline) {
      // Pacing between retries while identity learns the queue, not a wait for something to be absent.
      await new Promise((resolve) => setTimeout(resolve, 100));
      given = await pageApiCall(page, baseUrl, 'POST', '/api/users', {
        name: 'Fila Certa',
        email: 'fila.certa@acme.test',
        password: 'fila-pass',
        queueIds: [queueId],
      });
    }
    expect(given.status).toBe(201);
    expect(((await given.json()) as { queues: { id: number }[] }).queues).toEqual([{ id: queueId }]);

    const chat = page.locator('[data-testid="ticket-chat"]');
    await chat.locator('[data-testid="ticket-action-reopen"]').click();
    await chat.locator('[data-testid="message-text"]').waitFor({ timeout: 15_000 });
    await chat.locator('[data-testid="ticket-action-resolve"]').waitFor();

    await chat.locator('[data-testid="ticket-action-transfer"]').click();
    const dialog = page.locator('[data-testid="transfer-dialog"]');
    await dialog.waitFor();
    await dialog.locator('[data-testid="transfer-queue"]').selectOption(String(queueId));
    await dialog.locator('[data-testid="transfer-submit"]').click();
    await dialog.waitFor({ state: 'detached' });

    await chat.locator('[data-testid="ticket-action-accept"]').waitFor({ timeout: 15_000 });
    expect(await chat.locator('[data-testid="ticket-header-assignee"]').textContent()).toBe('Sem atendente');
    await page.locator('[data-testid="tickets-tab-open"]').click();
    await page.locator('[data-testid="tickets-subtab-pending"]').click();
    const item = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName });
    await item.locator('[data-testid="ticket-queue"]', { hasText: 'Suporte' }).waitFor({ timeout: 15_000 });
  });

  it("on a narrow screen the bottom tabs switch between 'Atendimentos' and the chat", async () => {
    const { page, connectionId } = await inboxOfItsOwn('Inbox estreito');
    await customerWrote(page, connectionId);
    const narrow = await browser.newPage({ colorScheme: 'light', viewport: { width: 400, height: 800 } });
    try {
      const token = await page.evaluate(() => localStorage.getItem('token'));
      await narrow.addInitScript((stored) => {
        if (stored && !localStorage.getItem('token')) localStorage.setItem('token', stored);
      }, token);
      await narrow.goto(`${baseUrl}/tickets`);
      await narrow.locator('[data-testid="tickets-bottom-tab-tickets"]').waitFor({ timeout: 15_000 });
      await narrow.locator('[data-testid="tickets-bottom-tab-ticket"]').click();
      await narrow.locator('[data-testid="tickets-select-ticket"]').click();
      await narrow.locator('[data-testid="tickets-subtab-pending"]').click();
      await narrow.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-list-item"]', { hasText: CUSTOMER.pushName }).click();
      await narrow.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
      await narrow.locator('[data-testid="ticket-chat"]').getByText('Olá, quero um orçamento').waitFor({ timeout: 15_000 });
      // The action buttons wrap under the contact instead of squeezing its name away.
      const name = narrow.locator('[data-testid="ticket-header-name"]');
      await name.getByText(CUSTOMER.pushName).waitFor();
      expect((await name.boundingBox())!.width).toBeGreaterThan(150);
    } finally {
      await narrow.close();
    }
  });
});
