import {
  type AiAuthor,
  aiHandoffRequested,
  aiReplyRequested,
  type EventEnvelope,
  type EventPayload,
  messageCreated,
  messageListResponseSchema,
  messageSendRequested,
  ticketUpdated,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { envelopeOf, InboxScenario } from '../testing/inbox-scenario';
import { AiRepliesConsumer } from './ai-replies.consumer';

const A = 1;
const B = 2;
const BIA: AiAuthor = { kind: 'prompt', id: 4, name: 'Bia' };

/** ai's answers and handoffs become what conversations does to a ticket (issue 23). */
describe("the AI assistant's replies and handoffs", () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  let queueId: number;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const consumer = () => t.app.get(AiRepliesConsumer);
  const ticketOf = async (number: string) => {
    await s.inbound(A, 10, anInboundText(number, 'Oi, bom dia'));
    return s.ticketOf(number);
  };
  const sendsOf = (ticketId: number) =>
    t.events.flatMap((envelope) => {
      const send = readEvent(messageSendRequested, envelope);
      return send && send.reference?.ticketId === ticketId && send.content.type === 'text' ? [send.content.body] : [];
    });

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    queueId = await s.queue(A, 'Padaria', '#ff0000');
    await s.connection({ id: 10, companyId: A, queueIds: [queueId] });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("sends the assistant's answer to the customer as a message of the ticket, marked as the assistant's in the chat and its event", async () => {
    const ticket = await ticketOf('5511970000001');
    const reply = envelopeOf(aiReplyRequested, A, `ticket-${ticket.id}`, { ticketId: ticket.id, body: 'Temos sim! 🧀', author: BIA });
    await consumer().handle(reply);
    await consumer().handle(reply);
    await t.published();
    expect(sendsOf(ticket.id)).toEqual(['Temos sim! 🧀']);
    const created = t.events
      .flatMap((envelope) => readEvent(messageCreated, envelope)?.message ?? [])
      .filter((m) => m.ticketId === ticket.id);
    expect(created.at(-1)).toMatchObject({ body: 'Temos sim! 🧀', fromMe: true, userId: null, aiAuthor: BIA });
    const chat = expectAnswer(
      messageListResponseSchema,
      await request(t.http).get(`/api/messages/${ticket.id}`).set('Authorization', `Bearer ${admin()}`).expect(200),
    );
    expect(chat.messages.map((message) => [message.body, message.aiAuthor])).toEqual([
      ['Oi, bom dia', null],
      ['Temos sim! 🧀', BIA],
    ]);
  });

  it("a batch of several tickets' replies and a handoff is applied in order, once, also when it comes again", async () => {
    const first = await ticketOf('5511970000081');
    const second = await ticketOf('5511970000082');
    // The higher ticket's events first: the batch locks them in id order whatever the events' order.
    const batch = [
      envelopeOf(aiReplyRequested, A, `ticket-${second.id}`, { ticketId: second.id, body: 'Segundo: um', author: BIA }),
      envelopeOf(aiReplyRequested, A, `ticket-${first.id}`, { ticketId: first.id, body: 'Primeiro: um', author: BIA }),
      envelopeOf(aiReplyRequested, A, `ticket-${second.id}`, { ticketId: second.id, body: 'Segundo: dois', author: BIA }),
      envelopeOf(aiHandoffRequested, A, `ticket-${first.id}`, { ticketId: first.id, reason: 'keyword', author: BIA }),
    ];
    await consumer().handleBatch(batch);
    await consumer().handleBatch(batch);
    await consumer().handle(batch[0]!);
    await t.published();
    expect(sendsOf(first.id)).toEqual(['Primeiro: um']);
    expect(sendsOf(second.id)).toEqual(['Segundo: um', 'Segundo: dois']);
  });

  it('a handoff makes the ticket pending in its queue for a human, the bot flag off', async () => {
    const ticket = await ticketOf('5511970000002');
    await t.dataSource.query(`UPDATE conversations.tickets SET chatbot = true WHERE id = $1`, [ticket.id]);
    await consumer().handle(
      envelopeOf(aiHandoffRequested, A, `ticket-${ticket.id}`, { ticketId: ticket.id, reason: 'keyword', author: BIA }),
    );
    await t.published();
    const [row] = await t.dataSource.query(`SELECT status, chatbot, queue_id, human_ready_at FROM conversations.tickets WHERE id = $1`, [
      ticket.id,
    ]);
    expect(row).toMatchObject({ status: 'pending', chatbot: false, queue_id: queueId });
    expect(row.human_ready_at).not.toBeNull();
    const updated = t.events
      .flatMap((envelope: EventEnvelope) => readEvent(ticketUpdated, envelope)?.ticket ?? [])
      .filter((x) => x.id === ticket.id);
    expect(updated.at(-1)).toMatchObject({ status: 'pending', chatbot: false, queueId });
  });

  it("a chatbot's transfer moves the ticket to the queue and user it named, with its note; another company's queue is a plain handoff", async () => {
    const BOT: AiAuthor = { kind: 'integration', id: 9, name: 'Typebot Vendas' };
    const sales = await s.queue(A, 'Vendas', '#00ff00');
    await s.user({ id: 31, companyId: A, name: 'Carla' });
    const otherQueue = await s.queue(B, 'Outra', '#0000ff');
    const toUser = await ticketOf('5511970000011');
    await consumer().handle(
      envelopeOf(aiHandoffRequested, A, `ticket-${toUser.id}`, {
        ticketId: toUser.id,
        reason: 'transfer',
        author: BOT,
        queueId: sales,
        userId: 31,
      }),
    );
    const toQueue = await ticketOf('5511970000012');
    await consumer().handle(
      envelopeOf(aiHandoffRequested, A, `ticket-${toQueue.id}`, { ticketId: toQueue.id, reason: 'transfer', author: BOT, queueId: sales }),
    );
    const foreign = await ticketOf('5511970000013');
    await consumer().handle(
      envelopeOf(aiHandoffRequested, A, `ticket-${foreign.id}`, {
        ticketId: foreign.id,
        reason: 'failure',
        author: BOT,
        queueId: otherQueue,
        note: 'A integração "Typebot Vendas" (typebot) não respondeu',
      }),
    );
    await t.published();
    const rows = await t.dataSource.query(
      `SELECT id, status, user_id, queue_id FROM conversations.tickets WHERE id = ANY($1) ORDER BY id`,
      [[toUser.id, toQueue.id, foreign.id]],
    );
    expect(rows).toEqual([
      { id: toUser.id, status: 'open', user_id: 31, queue_id: sales },
      { id: toQueue.id, status: 'pending', user_id: null, queue_id: sales },
      { id: foreign.id, status: 'pending', user_id: null, queue_id: queueId },
    ]);
    const notes = await t.dataSource.query(`SELECT ticket_id, note, user_id FROM conversations.ticket_notes WHERE ticket_id = ANY($1)`, [
      [toUser.id, toQueue.id, foreign.id],
    ]);
    expect(notes).toEqual([{ ticket_id: foreign.id, note: 'A integração "Typebot Vendas" (typebot) não respondeu', user_id: null }]);
  });

  it("a chatbot's media goes as that WhatsApp media, its body the caption, stored with mediaType and mediaUrl and shown in the chat", async () => {
    const ticket = await ticketOf('5511970000006');
    const BOT: AiAuthor = { kind: 'integration', id: 9, name: 'Loja Bot' };
    const image = {
      mediaUrl: `/api/whatsapp-media/companies/${A}/ai/bot-media/abc-produto.png`,
      mimetype: 'image/png',
      fileName: 'produto.png',
      kind: 'image' as const,
    };
    const document = {
      mediaUrl: `/api/whatsapp-media/companies/${A}/ai/bot-media/def-Catalogo_2026.pdf`,
      mimetype: 'application/pdf',
      fileName: 'Catálogo_2026.pdf',
      kind: 'document' as const,
    };
    const reply = (payload: Pick<EventPayload<typeof aiReplyRequested>, 'body' | 'media'>) =>
      consumer().handle(envelopeOf(aiReplyRequested, A, `ticket-${ticket.id}`, { ticketId: ticket.id, author: BOT, ...payload }));
    await reply({ body: 'Nosso tênis', media: image });
    await reply({ body: '', media: document });
    // Another company's file is never sent from this ticket: only the words go.
    await reply({ body: 'Veja', media: { ...image, mediaUrl: '/api/whatsapp-media/companies/2/ai/bot-media/x.png' } });
    await t.published();
    const sends = t.events.flatMap((envelope) => {
      const send = readEvent(messageSendRequested, envelope);
      return send?.reference?.ticketId === ticket.id ? [send.content] : [];
    });
    expect(sends).toEqual([
      expect.objectContaining({
        type: 'media',
        mediaType: 'image',
        mediaUrl: image.mediaUrl,
        mimetype: 'image/png',
        caption: 'Nosso tênis',
      }),
      expect.objectContaining({
        type: 'media',
        mediaType: 'document',
        mediaUrl: document.mediaUrl,
        fileName: 'Catálogo_2026.pdf',
        caption: '',
      }),
      { type: 'text', body: 'Veja' },
    ]);
    const chat = expectAnswer(
      messageListResponseSchema,
      await request(t.http).get(`/api/messages/${ticket.id}`).set('Authorization', `Bearer ${admin()}`).expect(200),
    );
    expect(chat.messages.slice(-3).map((m) => [m.mediaType, m.body, m.mediaUrl, m.aiAuthor])).toEqual([
      ['image', 'Nosso tênis', image.mediaUrl, BOT],
      ['application', '', document.mediaUrl, BOT],
      ['chat', 'Veja', null, BOT],
    ]);
  });

  it('a ticket a user holds, a closed one, or one of another company gets nothing from the assistant', async () => {
    const held = await ticketOf('5511970000003');
    await t.dataSource.query(`UPDATE conversations.tickets SET status = 'open', user_id = 1 WHERE id = $1`, [held.id]);
    const closed = await ticketOf('5511970000004');
    await t.dataSource.query(`UPDATE conversations.tickets SET status = 'closed' WHERE id = $1`, [closed.id]);
    const other = await ticketOf('5511970000005');
    for (const [companyId, ticketId] of [
      [A, held.id],
      [A, closed.id],
      [B, other.id],
    ] as const) {
      await consumer().handle(envelopeOf(aiReplyRequested, companyId, `ticket-${ticketId}`, { ticketId, body: 'Olá!', author: BIA }));
      await consumer().handle(envelopeOf(aiHandoffRequested, companyId, `ticket-${ticketId}`, { ticketId, reason: 'tool', author: BIA }));
    }
    await t.published();
    for (const ticketId of [held.id, closed.id, other.id]) expect(sendsOf(ticketId)).toEqual([]);
    const statuses = await t.dataSource.query(`SELECT id, status, user_id FROM conversations.tickets WHERE id = ANY($1) ORDER BY id`, [
      [held.id, closed.id, other.id],
    ]);
    expect(statuses).toEqual([
      { id: held.id, status: 'open', user_id: 1 },
      { id: closed.id, status: 'closed', user_id: null },
      { id: other.id, status: 'pending', user_id: null },
    ]);
  });
});
