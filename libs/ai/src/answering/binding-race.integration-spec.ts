import {
  aiReplyRequested,
  connectionUpdated,
  type EventPayload,
  type Message,
  messageCreated,
  promptSchema,
  queueSaved,
  type Ticket,
  ticketUpdated,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { connectionFixture, expectAnswer, queueFixture, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';
import { aMessage, aTicket } from '../testing/conversation-fixtures';
import { FakeModelServer } from '../testing/fake-model-server';
import { CATCH_UP_QUEUE } from './binding-catch-up';

const A = 1;
/** Company A's connection: answers at once (timeforagroup 0). */
const CONNECTION = 1;
const KEY = 'sk-proj-race-secretkey-00000000004444';

/**
 * The binding race (issue 23): ai learns a queue's binding from conversations' queue events and the
 * customers' messages from their own events, each at its own pace. A message of a queue bound a moment
 * ago, seen before the binding (or before ai knew the queue at all), is still answered, once; one of a
 * queue never bound, or that came before the binding, is not.
 */
describe('a message seen before its queue binding', () => {
  jest.setTimeout(30_000);
  let t: AiTestApp;
  let model: FakeModelServer;
  let promptId: number;
  let nextQueue = 500;
  let nextTicket = 1;
  let nextMessage = 1;

  const saveQueue = async (queueId: number, boundTo: number | null, updatedAt = new Date().toISOString()) => {
    await t.publish(queueSaved, A, `queue-${queueId}`, {
      queue: { ...queueFixture(A, queueId), promptId: boundTo, updatedAt },
      created: false,
    });
    await waitFor(
      async () =>
        (await t.dataSource.query(`SELECT 1 FROM ai.queues WHERE id = $1 AND prompt_id IS NOT DISTINCT FROM $2`, [queueId, boundTo]))
          .length === 1,
      { what: `queue ${queueId} in ai's copy` },
    );
  };
  const say = async (ticket: Ticket, body: string, overrides: Partial<Message> = {}): Promise<Message> => {
    const message = aMessage(ticket, nextMessage++, `${body} #${ticket.id}`, overrides);
    const payload: EventPayload<typeof messageCreated> = { message, ticket, audience: [] };
    await t.publish(messageCreated, A, ticket.id, payload);
    return message;
  };
  /** The same message event again (a redelivery, or conversations announcing it twice). */
  const sayAgain = (ticket: Ticket, message: Message) => t.publish(messageCreated, A, ticket.id, { message, ticket, audience: [] });
  const repliesTo = (ticket: Ticket) =>
    t.events.flatMap((envelope) => {
      const reply = readEvent(aiReplyRequested, envelope);
      return reply && reply.ticketId === ticket.id ? [reply] : [];
    });
  const requestsFor = (ticket: Ticket) =>
    model.requests.filter((received) => received.body.messages.some((message) => message.content.includes(`#${ticket.id}`)));
  const kept = async (message: Message) =>
    (await t.dataSource.query(`SELECT 1 FROM ai.unbound_messages WHERE message_id = $1`, [message.id])).length === 1;
  const answerJobs = async (ticket: Ticket, states: string[]) =>
    (
      await t.dataSource.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'ai-answer' AND singleton_key = $1 AND state = ANY($2)`,
        [`answer-${ticket.id}`, states],
      )
    )[0].n as number;
  /** Every catch-up scheduled so far has run (the job is created in the transaction that binds the queue). */
  const caughtUp = () =>
    waitFor(
      async () =>
        (
          await t.dataSource.query(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
            [CATCH_UP_QUEUE],
          )
        )[0].n === 0,
      { what: 'the catch-up done' },
    );
  const followed = async (ticket: Ticket) =>
    (await t.dataSource.query(`SELECT 1 FROM ai.conversations WHERE ticket_id = $1`, [ticket.id])).length === 1;

  beforeAll(async () => {
    model = await FakeModelServer.start();
    model.answerWith((received) => ({
      kind: 'reply',
      text: `Resposta: ${received.body.messages.filter((message) => message.role === 'user').at(-1)?.content}`,
    }));
    t = await startAiTestApp(
      { providerBaseUrls: { openai: model.baseUrl }, modelTimeoutMs: 5_000 },
      { outboundAllowedHosts: ['127.0.0.1'] },
    );
    await t.publish(connectionUpdated, A, CONNECTION, { connection: connectionFixture(A, CONNECTION, { timeforagroup: 0 }) });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.connections WHERE id = $1`, [CONNECTION])).length === 1);
    // Company A's prompt (its queue first, unbound): the assistant the queues below are bound to.
    const home = nextQueue++;
    await saveQueue(home, null);
    const token = t.token({ userId: 10, companyId: A, profile: 'admin', plan: ['useOpenAi'] });
    promptId = expectAnswer(
      promptSchema,
      await request(t.http)
        .post('/api/prompt')
        .set({ Authorization: `Bearer ${token}` })
        .send({
          name: 'Bia',
          apiKey: KEY,
          prompt: 'Você é a Bia, atendente virtual. Responda com gentileza.',
          queueId: home,
          maxMessages: 10,
        })
        .expect(201),
    ).id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('a message of a queue ai did not know yet, then the binding: answered once, also when the message comes again; one from before the binding is not', async () => {
    const queueId = nextQueue++;
    const boundAt = new Date(Date.now() - 60_000);
    const ticket = aTicket(A, nextTicket++, queueId, { whatsappId: CONNECTION });
    const early = aTicket(A, nextTicket++, queueId, { whatsappId: CONNECTION });
    const message = await say(ticket, 'Vocês entregam no sábado?');
    const before = await say(early, 'Alguém aí?', { createdAt: new Date(boundAt.getTime() - 60_000).toISOString() });
    await waitFor(async () => (await kept(message)) && (await kept(before)), { what: 'both messages kept for a binding to come' });
    expect(repliesTo(ticket)).toEqual([]);

    // conversations bound the queue a minute ago; ai hears of it only now.
    await saveQueue(queueId, promptId, boundAt.toISOString());
    const [reply] = await waitFor(() => repliesTo(ticket).length === 1 && repliesTo(ticket), { what: 'the answer' });
    expect(reply).toMatchObject({ ticketId: ticket.id, body: `Resposta: Vocês entregam no sábado? #${ticket.id}` });
    await caughtUp();
    await waitFor(async () => (await answerJobs(ticket, ['completed'])) === 1, { what: 'the answer job done' });
    expect(await kept(message)).toBe(false);
    expect(await kept(before)).toBe(false);

    // The message's event again, now that the queue is bound: its answer job runs again and says nothing.
    await sayAgain(ticket, message);
    await waitFor(async () => (await answerJobs(ticket, ['completed'])) === 2, { what: 'the second answer job done' });
    await t.published();
    expect(repliesTo(ticket)).toHaveLength(1);
    expect(requestsFor(ticket)).toHaveLength(1);

    // The message from before the binding was dropped by the catch-up, never followed nor answered.
    expect(await followed(early)).toBe(false);
    expect(await answerJobs(early, ['created', 'retry', 'active', 'completed', 'failed'])).toBe(0);
    expect(repliesTo(early)).toEqual([]);
  });

  it('a message of a queue known but not bound yet, then the binding: answered once', async () => {
    const queueId = nextQueue++;
    await saveQueue(queueId, null);
    // conversations binds the queue, then the customer writes; ai sees the message first.
    const boundAt = new Date().toISOString();
    const ticket = aTicket(A, nextTicket++, queueId, { whatsappId: CONNECTION });
    const message = await say(ticket, 'Quero encomendar um bolo');
    await waitFor(() => kept(message), { what: 'the message kept' });
    await saveQueue(queueId, promptId, boundAt);
    await waitFor(() => repliesTo(ticket).length === 1, { what: 'the answer' });
    await caughtUp();
    await waitFor(async () => (await answerJobs(ticket, ['completed'])) === 1, { what: 'the answer job done' });
    await t.published();
    expect(repliesTo(ticket)).toHaveLength(1);
    expect(requestsFor(ticket)).toHaveLength(1);
  });

  it('the binding, then a message: answered once, nothing kept for a catch-up', async () => {
    const queueId = nextQueue++;
    await saveQueue(queueId, promptId);
    const ticket = aTicket(A, nextTicket++, queueId, { whatsappId: CONNECTION });
    const message = await say(ticket, 'Qual o horário de vocês?');
    await waitFor(() => repliesTo(ticket).length === 1, { what: 'the answer' });
    await caughtUp();
    await waitFor(async () => (await answerJobs(ticket, ['completed'])) === 1, { what: 'the answer job done' });
    await t.published();
    expect(await kept(message)).toBe(false);
    expect(repliesTo(ticket)).toHaveLength(1);
    expect(requestsFor(ticket)).toHaveLength(1);
  });

  it('a message of a queue never bound is not answered, also when another queue of the company is bound after it', async () => {
    const known = nextQueue++;
    await saveQueue(known, null);
    const unknown = nextQueue++;
    const inKnown = aTicket(A, nextTicket++, known, { whatsappId: CONNECTION });
    const inUnknown = aTicket(A, nextTicket++, unknown, { whatsappId: CONNECTION });
    const first = await say(inKnown, 'Oi');
    const second = await say(inUnknown, 'Olá');
    await waitFor(async () => (await kept(first)) && (await kept(second)), { what: 'the messages kept' });
    // A binding of another queue runs the company's catch-up, which leaves these alone.
    await saveQueue(nextQueue++, promptId);
    await caughtUp();
    for (const ticket of [inKnown, inUnknown]) {
      expect(await followed(ticket)).toBe(false);
      expect(await answerJobs(ticket, ['created', 'retry', 'active', 'completed', 'failed'])).toBe(0);
      expect(repliesTo(ticket)).toEqual([]);
    }
    expect(await kept(first)).toBe(true);
    expect(await kept(second)).toBe(true);
  });

  it("a message whose ticket's close reached ai first is not answered by the binding's catch-up; the customer's next message after the close is", async () => {
    const queueId = nextQueue++;
    await saveQueue(queueId, null);
    const boundAt = new Date(Date.now() - 60_000);
    const at = (seconds: number) => new Date(boundAt.getTime() + seconds * 1000).toISOString();
    const ticket = aTicket(A, nextTicket++, queueId, { whatsappId: CONNECTION });
    // At conversations: the customer wrote 10 s after the binding, the ticket closed 10 s later; ai hears of the close first.
    await t.publish(ticketUpdated, A, ticket.id, { ticket: { ...ticket, status: 'closed', updatedAt: at(20) }, audience: [] });
    await waitFor(
      async () => (await t.dataSource.query(`SELECT 1 FROM ai.closed_tickets WHERE ticket_id = $1`, [ticket.id])).length === 1,
      { what: 'the close marked' },
    );
    const late = await say(ticket, 'Ainda dá tempo?', { createdAt: at(10) });
    await waitFor(() => kept(late), { what: 'the message kept' });
    await saveQueue(queueId, promptId, boundAt.toISOString());
    await caughtUp();
    expect(await followed(ticket)).toBe(false);
    expect(await answerJobs(ticket, ['created', 'retry', 'active', 'completed', 'failed'])).toBe(0);
    expect(repliesTo(ticket)).toEqual([]);

    // The ticket reopened by a new message after the close: answered as usual.
    const again = await say({ ...ticket, status: 'pending' }, 'Voltei, quero o bolo', { createdAt: at(30) });
    await waitFor(() => repliesTo(ticket).length === 1, { what: 'the answer to the message after the close' });
    expect(repliesTo(ticket)[0]).toMatchObject({ body: `Resposta: ${again.body}` });
  });
});
