import { randomUUID } from 'node:crypto';

import {
  connectionUpdated,
  contactSaved,
  contactUpdated,
  type EventEnvelope,
  messageAcked,
  messageCreated,
  messageDeleted,
  messageEdited,
  messageReceived,
  type NormalisedMessage,
  presenceUpdated,
  ticketPresenceUpdated,
  ticketUpdated,
  userCreated,
} from '@app/contracts';
import { waitFor } from '@app/platform/testing';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { aConnection, anInboundText, aUser } from '../testing/fixtures';
import { WhatsappEventsConsumer } from './whatsapp-events.consumer';

const COMPANY = 7;
const CONNECTION = 31;

const receivedEnvelope = (message: NormalisedMessage, connectionId = CONNECTION, companyId = COMPANY): EventEnvelope => ({
  id: randomUUID(),
  type: messageReceived.type,
  version: 1,
  companyId,
  key: String(connectionId),
  occurredAt: new Date().toISOString(),
  payload: { connectionId, message },
});

const bodyOf = (event: EventEnvelope) => (event.payload as { message: { body: string } }).message.body;

describe('inbound WhatsApp messages', () => {
  let t: ConversationsTestApp;
  let consumer: WhatsappEventsConsumer;
  /** The names in the contact-created events of a number. */
  const createdContacts = (number: string) =>
    t.events.flatMap((e) => {
      if (e.type !== contactSaved.type) return [];
      const { contact, created } = e.payload as { contact: { number: string; name: string }; created: boolean };
      return created && contact.number === number ? [contact.name] : [];
    });

  beforeAll(async () => {
    t = await startConversationsTestApp();
    consumer = t.app.get(WhatsappEventsConsumer);
    await t.publish(connectionUpdated, COMPANY, CONNECTION, {
      connection: aConnection({ id: CONNECTION, companyId: COMPANY, name: 'Vendas' }),
    });
    await t.publish(userCreated, COMPANY, 1, { user: aUser({ id: 1, companyId: COMPANY, name: 'Ana' }) });
    await waitFor(
      async () => (await t.dataSource.query(`SELECT 1 FROM conversations.connections WHERE id = $1`, [CONNECTION])).length === 1,
    );
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM conversations.users WHERE id = 1`)).length === 1);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a first message from a new contact creates the contact and a pending ticket with one unread message, and announces both', async () => {
    const message = anInboundText('5511988887777', 'Olá, preciso de ajuda');
    await t.publish(messageReceived, COMPANY, CONNECTION, { connectionId: CONNECTION, message });
    await waitFor(() =>
      t.events.some((e) => e.type === messageCreated.type && (e.payload as { message: { wid: string } }).message.wid === message.id),
    );

    const created = t.events.find(
      (e) => e.type === messageCreated.type && (e.payload as { message: { wid: string } }).message.wid === message.id,
    )!;
    const { ticket, message: stored } = created.payload as { ticket: Record<string, unknown>; message: Record<string, unknown> };
    expect(created.companyId).toBe(COMPANY);
    expect(ticket).toMatchObject({
      status: 'pending',
      unreadMessages: 1,
      lastMessage: 'Olá, preciso de ajuda',
      whatsapp: { id: CONNECTION, name: 'Vendas' },
    });
    expect(ticket.contact).toMatchObject({ number: '5511988887777', name: 'Cliente 7777' });
    expect(stored).toMatchObject({ body: 'Olá, preciso de ajuda', fromMe: false, ack: 0, mediaType: 'chat' });
    expect(t.events.some((e) => e.type === ticketUpdated.type && (e.payload as { ticket: { id: number } }).ticket.id === ticket.id)).toBe(
      true,
    );
    // The new contact is announced as created (outbound's schedules keep the company's contacts from it).
    expect(createdContacts('5511988887777')).toEqual(['Cliente 7777']);
  });

  it('a second message from the same person goes to the same ticket and bumps its unread count', async () => {
    const from = '5511977776666';
    await consumer.handle(receivedEnvelope(anInboundText(from, 'primeira')));
    await consumer.handle(receivedEnvelope(anInboundText(from, 'segunda')));
    const tickets = await t.dataSource.query(
      `SELECT t.id, t.unread_messages, t.last_message FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id WHERE c.number = $1`,
      [from],
    );
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ unread_messages: 2, last_message: 'segunda' });
    await t.published();
    expect(createdContacts(from)).toHaveLength(1);
  });

  it('20 concurrent inbound messages from a new contact give one ticket with 20 messages in order', async () => {
    const from = '5511966665555';
    const messages = Array.from({ length: 20 }, (_, i) => anInboundText(from, `mensagem ${i + 1}`));
    await Promise.all(messages.map((message) => consumer.handle(receivedEnvelope(message))));

    const tickets = await t.dataSource.query(
      `SELECT t.id, t.unread_messages FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id WHERE c.number = $1`,
      [from],
    );
    expect(tickets).toHaveLength(1);
    expect(tickets[0].unread_messages).toBe(20);
    await t.published();
    expect(createdContacts(from)).toHaveLength(1);
    const stored: { body: string }[] = await t.dataSource.query(
      `SELECT body FROM conversations.messages WHERE ticket_id = $1 ORDER BY created_at, id`,
      [tickets[0].id],
    );
    expect(stored.map((m) => m.body)).toEqual(messages.map((m) => m.body));
  });

  it('a duplicate WhatsApp message id yields one message, even delivered concurrently as two events', async () => {
    const message = anInboundText('5511955554444', 'repetida');
    await Promise.all([consumer.handle(receivedEnvelope(message)), consumer.handle(receivedEnvelope(message))]);
    await consumer.handle(receivedEnvelope(message));
    const rows = await t.dataSource.query(`SELECT id FROM conversations.messages WHERE wid = $1`, [message.id]);
    expect(rows).toHaveLength(1);
    const ticket = await t.dataSource.query(
      `SELECT unread_messages FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id WHERE c.number = '5511955554444'`,
    );
    expect(ticket[0].unread_messages).toBe(1);
  });

  it('acks move a message forward only; edits and deletes from WhatsApp change it', async () => {
    const message = anInboundText('5511944443333', 'texto original', { fromMe: true, ack: 1 });
    await consumer.handle(receivedEnvelope(message));
    const ack = (value: number): EventEnvelope => ({
      ...receivedEnvelope(message),
      id: randomUUID(),
      type: messageAcked.type,
      payload: { connectionId: CONNECTION, messageId: message.id, ack: value },
    });
    await consumer.handle(ack(4));
    await consumer.handle(ack(2));
    await consumer.handle({
      ...ack(0),
      type: messageEdited.type,
      payload: { connectionId: CONNECTION, messageId: message.id, body: 'texto editado', fromMe: true },
    });
    let [row] = await t.dataSource.query(`SELECT ack, body, is_edited, is_deleted, read FROM conversations.messages WHERE wid = $1`, [
      message.id,
    ]);
    expect(row).toMatchObject({ ack: 4, body: 'texto editado', is_edited: true, is_deleted: false, read: true });
    await consumer.handle({
      ...ack(0),
      type: messageDeleted.type,
      payload: { connectionId: CONNECTION, messageId: message.id, fromMe: true },
    });
    [row] = await t.dataSource.query(`SELECT is_deleted FROM conversations.messages WHERE wid = $1`, [message.id]);
    expect(row.is_deleted).toBe(true);
  });

  describe('an ack, edit or delete that overtakes its message (chats and acks travel on different keys)', () => {
    const factOf = (messageId: string, type: string, payload: Record<string, unknown>): EventEnvelope => ({
      ...receivedEnvelope(anInboundText('5500000000000', 'x')),
      id: randomUUID(),
      type,
      payload: { connectionId: CONNECTION, messageId, ...payload },
    });

    it('is kept and applied when the message arrives', async () => {
      const acked = anInboundText('5511922221111', 'lida antes de chegar', { fromMe: true, ack: 1 });
      const edited = anInboundText('5511922221111', 'primeira versão');
      const deleted = anInboundText('5511922221111', 'apagada');
      await consumer.handle(factOf(acked.id, messageAcked.type, { ack: 3 }));
      await consumer.handle(factOf(acked.id, messageAcked.type, { ack: 2 }));
      await consumer.handle(factOf(edited.id, messageEdited.type, { body: 'versão editada', fromMe: false }));
      await consumer.handle(factOf(deleted.id, messageDeleted.type, { fromMe: false }));
      expect(
        await t.dataSource.query(`SELECT 1 FROM conversations.early_message_facts WHERE wid = ANY($1)`, [
          [acked.id, edited.id, deleted.id],
        ]),
      ).toHaveLength(3);

      for (const message of [acked, edited, deleted]) await consumer.handle(receivedEnvelope(message));
      const rows: { wid: string; ack: number; body: string; is_edited: boolean; is_deleted: boolean }[] = await t.dataSource.query(
        `SELECT wid, ack, body, is_edited, is_deleted FROM conversations.messages WHERE wid = ANY($1)`,
        [[acked.id, edited.id, deleted.id]],
      );
      const byWid = new Map(rows.map((row) => [row.wid, row]));
      expect(byWid.get(acked.id)).toMatchObject({ ack: 3, body: 'lida antes de chegar', is_edited: false, is_deleted: false });
      expect(byWid.get(edited.id)).toMatchObject({ body: 'versão editada', is_edited: true, is_deleted: false });
      expect(byWid.get(deleted.id)).toMatchObject({ is_deleted: true });
      expect(
        await t.dataSource.query(`SELECT 1 FROM conversations.early_message_facts WHERE wid = ANY($1)`, [
          [acked.id, edited.id, deleted.id],
        ]),
      ).toHaveLength(0);
      // The message event the browsers get already shows the early facts.
      const announced = t.events.find(
        (e) => e.type === messageCreated.type && (e.payload as { message: { wid: string } }).message.wid === acked.id,
      );
      expect((announced?.payload as { message: { ack: number } } | undefined)?.message.ack).toBe(3);
    });

    it('is never lost when it races its message on another consumer', async () => {
      const messages = Array.from({ length: 25 }, (_, i) => anInboundText('5511911110000', `corrida ${i}`, { fromMe: true, ack: 1 }));
      await Promise.all(
        messages.flatMap((message) => [
          consumer.handle(receivedEnvelope(message)),
          consumer.handle(factOf(message.id, messageAcked.type, { ack: 4 })),
        ]),
      );
      const rows: { ack: number }[] = await t.dataSource.query(`SELECT ack FROM conversations.messages WHERE wid = ANY($1)`, [
        messages.map((m) => m.id),
      ]);
      expect(rows).toHaveLength(25);
      expect(rows.every((row) => row.ack === 4)).toBe(true);
      expect(
        await t.dataSource.query(`SELECT 1 FROM conversations.early_message_facts WHERE wid = ANY($1)`, [messages.map((m) => m.id)]),
      ).toHaveLength(0);
    });

    it('an ack for a message that already moved further is not kept', async () => {
      const message = anInboundText('5511900009999', 'já lida', { fromMe: true, ack: 4 });
      await consumer.handle(receivedEnvelope(message));
      await consumer.handle(factOf(message.id, messageAcked.type, { ack: 2 }));
      expect(await t.dataSource.query(`SELECT 1 FROM conversations.early_message_facts WHERE wid = $1`, [message.id])).toHaveLength(0);
    });
  });

  it('a message from the phone itself (fromMe) adds no unread count', async () => {
    const from = '5511933332222';
    await consumer.handle(receivedEnvelope(anInboundText(from, 'enviada pelo celular', { fromMe: true })));
    const [ticket] = await t.dataSource.query(
      `SELECT unread_messages, last_message FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id WHERE c.number = $1`,
      [from],
    );
    expect(ticket).toMatchObject({ unread_messages: 0, last_message: 'enviada pelo celular' });
  });

  it("a contact typing becomes the presence of its open ticket, for the ticket's audience", async () => {
    await consumer.handle({
      ...receivedEnvelope(anInboundText('5511988887777', 'x')),
      type: presenceUpdated.type,
      payload: { connectionId: CONNECTION, chat: { number: '5511988887777', lid: null, pushName: null }, presence: 'composing' },
    });
    const event = await waitFor(() => t.events.find((e) => e.type === ticketPresenceUpdated.type));
    expect(event.payload).toMatchObject({ presence: 'composing', audience: [1] });
    expect(event.companyId).toBe(COMPANY);
  });

  it('a name WhatsApp reports replaces a contact name that was only the number, and the company hears of it', async () => {
    const from = '5511911112222';
    await consumer.handle(receivedEnvelope(anInboundText(from, 'oi', { chat: { number: from, lid: null, pushName: null } })));
    const change = (name: string): EventEnvelope => ({
      ...receivedEnvelope(anInboundText(from, 'x')),
      type: contactUpdated.type,
      payload: { connectionId: CONNECTION, number: from, lid: null, name, pushName: null },
    });
    await consumer.handle(change('Beatriz'));
    await consumer.handle(change('Outro Nome'));
    const [contact] = await t.dataSource.query(`SELECT name FROM conversations.contacts WHERE number = $1`, [from]);
    expect(contact.name).toBe('Beatriz');
    await waitFor(() =>
      t.events.some((e) => e.type === contactSaved.type && (e.payload as { contact: { name: string } }).contact.name === 'Beatriz'),
    );
  });

  it('an image keeps its media URL, file name and type; the ticket shows the caption or the file name', async () => {
    const from = '5511900002222';
    const media = {
      url: `/api/whatsapp-media/companies/${COMPANY}/whatsapp/${CONNECTION}/X-foto.jpg`,
      mimetype: 'image/jpeg',
      fileName: 'foto.jpg',
      size: 10,
    };
    await consumer.handle(receivedEnvelope(anInboundText(from, '', { kind: 'image', mediaType: 'image', media })));
    const [row] = await t.dataSource.query(
      `SELECT m.media_type, m.media_url, m.file_name, m.media_mimetype, t.last_message FROM conversations.messages m
       JOIN conversations.tickets t ON t.id = m.ticket_id JOIN conversations.contacts c ON c.id = t.contact_id WHERE c.number = $1`,
      [from],
    );
    expect(row).toEqual({
      media_type: 'image',
      media_url: media.url,
      file_name: 'foto.jpg',
      media_mimetype: 'image/jpeg',
      last_message: 'foto.jpg',
    });
  });

  it('a group message goes to the group ticket, from its participant', async () => {
    const group = '120363000000000001';
    const message = anInboundText('5511900003333', 'bom dia, grupo', {
      isGroup: true,
      chat: { number: group, lid: null, pushName: null },
      sender: { number: '5511900003333', lid: null, pushName: 'Participante' },
    });
    await consumer.handle(receivedEnvelope(message));
    const [row] = await t.dataSource.query(
      `SELECT t.is_group, gc.is_group AS group_contact, sc.name AS sender FROM conversations.messages m
       JOIN conversations.tickets t ON t.id = m.ticket_id JOIN conversations.contacts gc ON gc.id = t.contact_id
       JOIN conversations.contacts sc ON sc.id = m.contact_id WHERE m.wid = $1`,
      [message.id],
    );
    expect(row).toEqual({ is_group: true, group_contact: true, sender: 'Participante' });
    await t.published();
    expect([...createdContacts(group), ...createdContacts('5511900003333')]).toEqual([group, 'Participante']);
  });

  it('the same number writing to another company is another contact and another ticket', async () => {
    const from = '5511922221111';
    await consumer.handle(receivedEnvelope(anInboundText(from, 'empresa A')));
    await consumer.handle(receivedEnvelope(anInboundText(from, 'empresa B'), 99, 8));
    const rows = await t.dataSource.query(
      `SELECT c.company_id FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id WHERE c.number = $1 ORDER BY 1`,
      [from],
    );
    expect(rows.map((r: { company_id: number }) => r.company_id)).toEqual([7, 8]);
  });

  describe('in batches (the consumer files a run of messages in one transaction)', () => {
    const storedOf = async (number: string) =>
      t.dataSource.query(
        `SELECT m.id, m.body, m.ticket_id, m.ack, m.quoted_msg_id FROM conversations.messages m
           JOIN conversations.contacts c ON c.id = m.contact_id WHERE c.number = $1 ORDER BY m.id`,
        [number],
      ) as Promise<{ id: number; body: string; ticket_id: number; ack: number; quoted_msg_id: number | null }[]>;

    it('two messages of one chat and one of another apply in order, each once, also when the batch comes again', async () => {
      const [a, b] = ['5511933330001', '5511933330002'];
      const batch = [anInboundText(a, 'a primeira'), anInboundText(b, 'b única'), anInboundText(a, 'a segunda')].map((message) =>
        receivedEnvelope(message),
      );
      await consumer.handleBatch(batch);
      await consumer.handleBatch(batch);

      const fromA = await storedOf(a);
      expect(fromA.map((m) => m.body)).toEqual(['a primeira', 'a segunda']);
      expect(fromA[0]!.ticket_id).toBe(fromA[1]!.ticket_id);
      expect((await storedOf(b)).map((m) => m.body)).toEqual(['b única']);
      const tickets: { number: string; unread_messages: number; last_message: string }[] = await t.dataSource.query(
        `SELECT c.number, t.unread_messages, t.last_message FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id
          WHERE c.number = ANY($1) ORDER BY c.number`,
        [[a, b]],
      );
      expect(tickets).toEqual([
        { number: a, unread_messages: 2, last_message: 'a segunda' },
        { number: b, unread_messages: 1, last_message: 'b única' },
      ]);
      await waitFor(() => t.events.filter((e) => e.type === messageCreated.type && bodyOf(e).startsWith('a ')).length === 2);
      const created = t.events.filter((e) => e.type === messageCreated.type && /^[ab] /.test(bodyOf(e))).map(bodyOf);
      expect(created).toEqual(['a primeira', 'b única', 'a segunda']);
      // The ticket event carries the ticket as the batch left it.
      const ticketEvents = t.events.filter(
        (e) => e.type === ticketUpdated.type && (e.payload as { ticket: { id: number } }).ticket.id === fromA[0]!.ticket_id,
      );
      expect(ticketEvents.at(-1)!.payload).toMatchObject({ ticket: { unreadMessages: 2, lastMessage: 'a segunda' } });
    });

    it('an ack that overtook its message in the same batch, and a quote of a message of the batch, are applied', async () => {
      const from = '5511933330003';
      const first = anInboundText(from, 'original');
      const reply = anInboundText(from, 'respondendo', { quotedId: first.id });
      const ack: EventEnvelope = {
        ...receivedEnvelope(first),
        id: randomUUID(),
        type: messageAcked.type,
        payload: { connectionId: CONNECTION, messageId: first.id, ack: 3 },
      };
      await consumer.handleBatch([ack, receivedEnvelope(first), receivedEnvelope(reply)]);
      const [original, answer] = await storedOf(from);
      expect(original).toMatchObject({ body: 'original', ack: 3 });
      expect(answer).toMatchObject({ body: 'respondendo', quoted_msg_id: original!.id });
    });
  });
});
