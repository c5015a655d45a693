import { createHmac, timingSafeEqual } from 'node:crypto';

import {
  aiHandoffRequested,
  aiReplyRequested,
  connectionUpdated,
  type EventPayload,
  type Message,
  messageCreated,
  queueIntegrationSchema,
  queueSaved,
  type Ticket,
  ticketUpdated,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { connectionFixture, expectAnswer, queueFixture, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';
import { startTypebotServer, type TypebotServer } from '../testing/chatbot-servers/typebot-server';
import { startWebhookServer, type WebhookServer } from '../testing/chatbot-servers/webhook-server';
import { aMessage, aTicket } from '../testing/conversation-fixtures';

const A = 1;
const B = 2;
const QUICK = 1;
const GROUPING = 2;
const DELAY = 300;
const SECRET = 'whsec-loja-azul-0123456789';

/** A receiver's own check of the signature: HMAC-SHA256 of "<timestamp>.<raw body>", compared in constant time. */
function verifies(secret: string, timestamp: string, raw: string, header: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Chatbot integrations answer customers (issue 24): conversations' message events in, ai's reply and
 * handoff events out, the products local servers speaking typebot's v1 chat API and a webhook receiver.
 */
describe('chatbot integrations answer customers', () => {
  jest.setTimeout(40_000);
  let t: AiTestApp;
  let typebot: TypebotServer;
  let hook: WebhookServer;
  let nextQueue = 500;
  let nextTicket = 500;
  let nextMessage = 5_000;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const admin = (companyId: number) => t.token({ userId: companyId * 10, companyId, profile: 'admin', plan: ['useIntegrations'] });

  const integration = async (companyId: number, body: object) =>
    expectAnswer(
      queueIntegrationSchema,
      await request(t.http)
        .post('/api/queueIntegration')
        .set(as(admin(companyId)))
        .send(body)
        .expect(201),
    );
  const typebotBot = (companyId = A, overrides: object = {}) =>
    integration(companyId, {
      name: 'Loja Bot',
      urlN8N: typebot.baseUrl,
      typebotSlug: 'loja',
      typebotDelayMessage: DELAY,
      typebotKeywordFinish: 'sair',
      typebotKeywordRestart: 'reiniciar',
      typebotUnknownMessage: 'Não entendi, escolha uma opção do menu.',
      typebotRestartMessage: 'Vamos começar de novo!',
      ...overrides,
    });
  /** A queue of the company bound to the integration (as conversations announces the binding). */
  const boundTo = async (companyId: number, integrationId: number): Promise<number> => {
    const queueId = nextQueue++;
    await t.publish(queueSaved, companyId, `queue-${queueId}`, {
      queue: { ...queueFixture(companyId, queueId), integrationId },
      created: true,
    });
    await waitFor(
      async () =>
        (await t.dataSource.query(`SELECT 1 FROM ai.queues WHERE id = $1 AND integration_id = $2`, [queueId, integrationId])).length === 1,
    );
    return queueId;
  };
  const ticketIn = (companyId: number, queueId: number, whatsappId = QUICK) => aTicket(companyId, nextTicket++, queueId, { whatsappId });
  const say = async (ticket: Ticket, body: string, overrides: Partial<Message> = {}): Promise<Message> => {
    const message = aMessage(ticket, nextMessage++, body, overrides);
    const payload: EventPayload<typeof messageCreated> = { message, ticket, audience: [] };
    await t.publish(messageCreated, ticket.companyId, ticket.id, payload);
    return message;
  };
  const staffSays = (ticket: Ticket, body: string) => say(ticket, body, { fromMe: true, userId: 7, contactId: null, contact: null });
  const repliesTo = (ticket: Ticket) =>
    t.events.flatMap((envelope) => {
      const reply = readEvent(aiReplyRequested, envelope);
      return reply && reply.ticketId === ticket.id ? [{ ...reply, at: new Date(envelope.occurredAt).getTime() }] : [];
    });
  const bodiesTo = (ticket: Ticket) => repliesTo(ticket).map((reply) => reply.body);
  const handoffsOf = (ticket: Ticket) =>
    t.events.flatMap((envelope) => {
      const handoff = readEvent(aiHandoffRequested, envelope);
      return handoff && handoff.ticketId === ticket.id ? [handoff] : [];
    });
  const sessionOf = async (ticket: Ticket) =>
    (await t.dataSource.query(`SELECT session, expires_at FROM ai.integration_sessions WHERE ticket_id = $1`, [ticket.id]))[0] ?? null;
  const settle = (ms = 2_000) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    typebot = await startTypebotServer(2_500);
    hook = await startWebhookServer();
    t = await startAiTestApp(
      { chatbotTimeoutMs: 800, chatbotRetries: 1, chatbotBackoffMs: 50, breakerFailures: 50 },
      { outboundAllowedHosts: ['127.0.0.1'] },
    );
    for (const [companyId, id, timeforagroup] of [
      [A, QUICK, 1],
      [A, GROUPING, 2],
      [B, 3, 1],
    ] as const) {
      await t.publish(connectionUpdated, companyId, id, { connection: connectionFixture(companyId, id, { timeforagroup }) });
    }
    await waitFor(async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM ai.connections`))[0].n === 3);
  }, 60_000);

  beforeEach(() => {
    typebot.behave('ok');
    hook.answerWith((r) => ({ body: { reply: `Recebido: ${r.body.message?.body ?? ''}` } }));
  });

  afterAll(async () => {
    await t?.close();
    await typebot?.close();
    await hook?.close();
  });

  it('typebot: starts a chat with the slug and who writes, continues its session (a menu number as the choice), replies in order typebotDelayMessage apart', async () => {
    const bot = await typebotBot();
    const queueId = await boundTo(A, bot.id);
    const ticket = ticketIn(A, queueId);
    await say(ticket, 'Oi');
    await waitFor(() => repliesTo(ticket).length === 3, { what: 'the greeting and the menu' });
    expect(bodiesTo(ticket)).toEqual([
      `Olá ${ticket.contact.name}! Bem-vindo à Loja Azul.`,
      'Como posso ajudar?',
      '1 - Comprar\n2 - Falar com atendente',
    ]);
    expect(repliesTo(ticket)[0]!.author).toEqual({ kind: 'integration', id: bot.id, name: 'Loja Bot' });
    const gaps = repliesTo(ticket)
      .slice(1)
      .map((reply, i) => reply.at - repliesTo(ticket)[i]!.at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(DELAY - 20);
    const started = typebot.requests.find((r) => r.body.prefilledVariables?.['ticketId'] === ticket.id)!;
    expect(started).toMatchObject({
      path: '/api/v1/typebots/loja/startChat',
      body: { message: 'Oi', prefilledVariables: { number: ticket.contact.number, pushName: ticket.contact.name } },
    });
    const { session } = await sessionOf(ticket);
    expect(session).toMatchObject({ choices: ['Comprar', 'Falar com atendente'] });

    await say(ticket, '1');
    await waitFor(() => repliesTo(ticket).length === 4, { what: 'the product question' });
    expect(bodiesTo(ticket).at(-1)).toBe('Ótimo! Qual produto você procura?');
    expect(typebot.requests.at(-1)).toEqual({ path: `/api/v1/sessions/${session.sessionId}/continueChat`, body: { message: 'Comprar' } });

    await say(ticket, 'tênis');
    await waitFor(() => repliesTo(ticket).length === 7, { what: 'the answer, the image and the goodbye' });
    expect(bodiesTo(ticket).slice(4)).toEqual(['Temos tênis sim!', 'https://cdn.example.com/produto.png', 'Obrigado pela visita.']);
    // The flow ended (no input): the session is dropped, the next message starts a new chat.
    expect(await sessionOf(ticket)).toBeNull();
    expect(handoffsOf(ticket)).toEqual([]);
  });

  it('typebot: an answer outside the menu gets typebotUnknownMessage; an expired session (typebotExpires) or one typebot forgot starts a new chat', async () => {
    const bot = await typebotBot();
    const ticket = ticketIn(A, await boundTo(A, bot.id));
    await say(ticket, 'Oi');
    await waitFor(() => repliesTo(ticket).length === 3);
    await say(ticket, 'quero um unicórnio');
    await waitFor(() => repliesTo(ticket).length === 4, { what: 'the unknown-message text' });
    expect(bodiesTo(ticket).at(-1)).toBe('Não entendi, escolha uma opção do menu.');
    const { expires_at: expiresAt } = await sessionOf(ticket);
    // typebotExpires 1: a minute after the last turn.
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);

    await t.dataSource.query(`UPDATE ai.integration_sessions SET expires_at = now() - interval '1 second' WHERE ticket_id = $1`, [
      ticket.id,
    ]);
    const before = typebot.requests.length;
    await say(ticket, 'Oi de novo');
    await waitFor(() => repliesTo(ticket).length === 7, { what: 'a new greeting' });
    expect(typebot.requests.slice(before).map((r) => r.path)).toEqual(['/api/v1/typebots/loja/startChat']);

    typebot.forgetSessions();
    const then = typebot.requests.length;
    await say(ticket, 'Oi outra vez');
    await waitFor(() => repliesTo(ticket).length === 10, { what: 'a greeting after the 404' });
    expect(typebot.requests.slice(then).map((r) => r.path.replace(/sessions\/[^/]+/, 'sessions/:id'))).toEqual([
      '/api/v1/sessions/:id/continueChat',
      '/api/v1/typebots/loja/startChat',
    ]);
  });

  it('typebot: the restart keyword starts over with typebotRestartMessage; the finish keyword ends the session and hands the ticket to a human', async () => {
    const bot = await typebotBot();
    const queueId = await boundTo(A, bot.id);
    const ticket = ticketIn(A, queueId);
    await say(ticket, 'Oi');
    await waitFor(() => repliesTo(ticket).length === 3);
    const calls = typebot.requests.length;
    await say(ticket, 'Reiniciar');
    await waitFor(() => repliesTo(ticket).length === 4, { what: 'the restart message' });
    expect(bodiesTo(ticket).at(-1)).toBe('Vamos começar de novo!');
    expect(await sessionOf(ticket)).toBeNull();
    expect(typebot.requests.length).toBe(calls);

    await say(ticket, 'Oi');
    await waitFor(() => repliesTo(ticket).length === 7);
    await say(ticket, 'sair');
    await waitFor(() => handoffsOf(ticket).length === 1, { what: 'the handoff' });
    expect(handoffsOf(ticket)[0]).toMatchObject({ reason: 'keyword', author: { kind: 'integration', id: bot.id } });
    expect(await sessionOf(ticket)).toBeNull();
    await say(ticket, 'alô?');
    await settle(1_800);
    expect(repliesTo(ticket)).toHaveLength(7);
  });

  it("typebot: the bot's Whaticket transfer order moves the ticket to the queue and user it names, and is never sent to the customer", async () => {
    const bot = await typebotBot();
    const ticket = ticketIn(A, await boundTo(A, bot.id));
    await say(ticket, 'Oi');
    await waitFor(() => repliesTo(ticket).length === 3);
    await say(ticket, '2');
    await waitFor(() => handoffsOf(ticket).length === 1, { what: 'the transfer' });
    expect(handoffsOf(ticket)[0]).toMatchObject({ reason: 'transfer', queueId: 77, userId: 5 });
    expect(bodiesTo(ticket).slice(3)).toEqual(['Vou te passar para um atendente.']);
    expect(bodiesTo(ticket).some((body) => body.includes('queueId'))).toBe(false);
  });

  it("a staff member's reply stops the bot on the ticket, even between two of its replies", async () => {
    const bot = await typebotBot(A, { typebotDelayMessage: 1_500 });
    const ticket = ticketIn(A, await boundTo(A, bot.id));
    await say(ticket, 'Oi');
    await waitFor(() => repliesTo(ticket).length === 1, { what: 'the first reply' });
    await staffSays(ticket, 'Olá, aqui é a Ana, posso ajudar?');
    await settle(3_500);
    expect(bodiesTo(ticket)).toEqual([`Olá ${ticket.contact.name}! Bem-vindo à Loja Azul.`]);
    const calls = typebot.requests.length;
    await say(ticket, '1');
    await settle(1_800);
    expect(typebot.requests.length).toBe(calls);
  });

  it('the messages of one grouping window (timeforagroup) go to the bot once, together', async () => {
    const queueId = await boundTo(A, (await integration(A, { type: 'webhook', name: 'Gancho', urlN8N: hook.url })).id);
    const ticket = ticketIn(A, queueId, GROUPING);
    await say(ticket, 'queria um bolo');
    await say(ticket, 'de chocolate');
    await say(ticket, 'para sábado');
    // The turn waits in the integrations' own queue, not in the agents' (ai-answer).
    const waiting = async () =>
      (await t.dataSource.query<{ name: string }[]>(`SELECT name FROM pgboss.job WHERE singleton_key = $1`, [`answer-${ticket.id}`])).map(
        (job) => job.name,
      );
    await waitFor(async () => (await waiting()).length > 0, { what: 'the turn waiting in a job' });
    expect(await waiting()).toEqual(['ai-integration-answer']);
    await waitFor(() => repliesTo(ticket).length === 1, { what: 'the one answer', timeoutMs: 8_000 });
    await settle();
    const received = hook.received.filter((r) => r.body.ticket?.id === ticket.id);
    expect(received).toHaveLength(1);
    expect(received[0]!.body.message).toEqual({ body: 'queria um bolo\nde chocolate\npara sábado' });
    expect(bodiesTo(ticket)).toEqual(['Recebido: queria um bolo\nde chocolate\npara sábado']);
  });

  it('answers more tickets at once than the pool has connections: no answer waits inside its transaction for a second one', async () => {
    const poolSize = (t.dataSource.options.extra as { max: number }).max;
    const queueId = await boundTo(A, (await integration(A, { type: 'webhook', name: 'Muitos', urlN8N: hook.url })).id);
    // Due in the same grouping window: the worker runs them all at once, three times as many as the pool holds.
    const tickets = Array.from({ length: 3 * poolSize }, () => ticketIn(A, queueId));
    await Promise.all(tickets.map((ticket) => say(ticket, `Oi ${ticket.id}`)));
    await waitFor(() => tickets.every((ticket) => repliesTo(ticket).length === 1), {
      what: `answers to ${tickets.length} tickets over a pool of ${poolSize}`,
      timeoutMs: 20_000,
    });
    for (const ticket of tickets) expect(bodiesTo(ticket)).toEqual([`Recebido: Oi ${ticket.id}`]);
  });

  it('webhook and n8n: a signed POST of the message with its ticket and contact; the reply, session and handoff taken from the answer', async () => {
    const webhook = await integration(A, { type: 'webhook', name: 'Gancho Assinado', urlN8N: hook.url, signingSecret: SECRET });
    const ticket = ticketIn(A, await boundTo(A, webhook.id));
    hook.answerWith(() => ({ body: { messages: ['Primeira', { text: 'Escolha:', options: ['Sim', 'Não'] }], session: { step: 2 } } }));
    await say(ticket, 'Oi, quero ajuda');
    await waitFor(() => repliesTo(ticket).length === 2);
    expect(bodiesTo(ticket)).toEqual(['Primeira', 'Escolha:\n1 - Sim\n2 - Não']);
    const [first] = hook.received.filter((r) => r.body.ticket?.id === ticket.id);
    expect(first!.body).toEqual({
      event: 'message',
      integration: { id: webhook.id, type: 'webhook', name: 'Gancho Assinado' },
      ticket: { id: ticket.id },
      contact: { id: ticket.contactId, name: ticket.contact.name, number: ticket.contact.number },
      message: { body: 'Oi, quero ajuda' },
      session: null,
    });
    const timestamp = String(first!.headers['x-zapdesk-timestamp']);
    const signature = String(first!.headers['x-zapdesk-signature']);
    expect(verifies(SECRET, timestamp, first!.raw, signature)).toBe(true);
    expect(verifies('another-secret', timestamp, first!.raw, signature)).toBe(false);
    expect(verifies(SECRET, timestamp, first!.raw.replace('quero', 'queria'), signature)).toBe(false);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);

    hook.answerWith(() => ({ body: { reply: 'Transferindo', handoff: { queueId: 12 } } }));
    await say(ticket, 'Sim');
    await waitFor(() => handoffsOf(ticket).length === 1);
    const second = hook.received.filter((r) => r.body.ticket?.id === ticket.id)[1]!;
    expect(second.body.session).toEqual({ step: 2 });
    expect(handoffsOf(ticket)[0]).toMatchObject({ reason: 'transfer', queueId: 12 });
    expect(bodiesTo(ticket).at(-1)).toBe('Transferindo');

    // n8n: its "Respond to Webhook" list of items, `output` from an AI agent node; an empty answer sends nothing.
    const n8n = await integration(A, { type: 'n8n', name: 'Fluxo n8n', urlN8N: hook.url });
    const other = ticketIn(A, await boundTo(A, n8n.id));
    hook.answerWith(() => ({ body: [{ output: 'Resposta do agente n8n' }] }));
    await say(other, 'Oi');
    await waitFor(() => repliesTo(other).length === 1);
    expect(bodiesTo(other)).toEqual(['Resposta do agente n8n']);
    expect(hook.received.at(-1)!.headers['x-zapdesk-signature']).toBeUndefined();
    hook.answerWith(() => ({ status: 204 }));
    await say(other, 'ok');
    await waitFor(() => hook.received.filter((r) => r.body.ticket?.id === other.id).length === 2);
    await settle(1_000);
    expect(repliesTo(other)).toHaveLength(1);
    expect(handoffsOf(other)).toEqual([]);
  });

  it('a failing, slow or malformed product sends the customer nothing: the ticket goes to a human with a note saying why (429 and 5xx retried first)', async () => {
    const bot = await typebotBot();
    const queueId = await boundTo(A, bot.id);
    const cases = [
      ['failing', 'typebot answered 503'],
      ['slow', 'sem resposta em 1 s'],
      ['malformed', 'typebot answered something that is not its JSON'],
    ] as const;
    for (const [behaviour, why] of cases) {
      typebot.behave(behaviour);
      const ticket = ticketIn(A, queueId);
      const calls = typebot.requests.length;
      await say(ticket, 'Oi');
      await waitFor(() => handoffsOf(ticket).length === 1, { what: `the handoff (${behaviour})`, timeoutMs: 10_000 });
      expect(handoffsOf(ticket)[0]).toMatchObject({
        reason: 'failure',
        note: `A integração "Loja Bot" (typebot) não respondeu e o ticket foi passado para um atendente: ${why}`,
      });
      expect(repliesTo(ticket)).toEqual([]);
      if (behaviour === 'failing') expect(typebot.requests.length - calls).toBe(2);
    }
    typebot.behave('rate-limited-once');
    const limited = ticketIn(A, queueId);
    await say(limited, 'Oi');
    await waitFor(() => repliesTo(limited).length === 3, { what: 'the answer after the 429', timeoutMs: 10_000 });
    expect(handoffsOf(limited)).toEqual([]);
  });

  it('refuses to call a private or metadata address (SSRF): the ticket goes to a human with the reason', async () => {
    const queueId = await boundTo(A, (await integration(A, { type: 'webhook', name: 'Interno', urlN8N: 'http://10.1.2.3/hook' })).id);
    const ticket = ticketIn(A, queueId);
    await say(ticket, 'Oi');
    await waitFor(() => handoffsOf(ticket).length === 1);
    expect(handoffsOf(ticket)[0]!.note).toContain('endereço recusado: 10.1.2.3 is a private address');
    const meta = ticketIn(
      A,
      await boundTo(A, (await integration(A, { type: 'n8n', name: 'Meta', urlN8N: 'http://metadata.google.internal/x' })).id),
    );
    await say(meta, 'Oi');
    await waitFor(() => handoffsOf(meta).length === 1);
    expect(handoffsOf(meta)[0]!.note).toContain('endereço recusado: metadata.google.internal is a cloud metadata service');
  });

  it("a closed ticket's session is dropped; another company's integration never answers a company's queue", async () => {
    const bot = await typebotBot();
    const ticket = ticketIn(A, await boundTo(A, bot.id));
    await say(ticket, 'Oi');
    await waitFor(async () => (await sessionOf(ticket)) !== null);
    await t.publish(ticketUpdated, A, ticket.id, { ticket: { ...ticket, status: 'closed' }, audience: [] } as EventPayload<
      typeof ticketUpdated
    >);
    await waitFor(async () => (await sessionOf(ticket)) === null, { what: 'the session dropped' });

    // Company B's queue names company A's integration: nothing answers.
    const foreignQueue = await boundTo(B, bot.id);
    const foreign = aTicket(B, nextTicket++, foreignQueue, { whatsappId: 3 });
    const calls = typebot.requests.length;
    await say(foreign, 'Oi');
    await settle();
    expect(typebot.requests.length).toBe(calls);
    expect(repliesTo(foreign)).toEqual([]);
  });
});
