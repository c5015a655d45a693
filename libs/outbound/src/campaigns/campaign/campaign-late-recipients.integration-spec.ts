import {
  campaignProgressed,
  campaignReportSchema,
  campaignSchema,
  connectionUpdated,
  contactListItemSchema,
  contactSaved,
  type EventEnvelope,
  type EventPayload,
  messageSendRequested,
  messageSent,
  numbersChecked,
  numbersCheckRequested,
  tagSaved,
  ticketTagsChanged,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { connectionFixture, expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type OutboundTestApp, startOutboundTestApp } from '../../testing/outbound-test-app';

jest.setTimeout(60_000);

const A = 1;
const CONNECTION = 10;
type Command = EventPayload<typeof messageSendRequested>;
type CheckCommand = EventPayload<typeof numbersCheckRequested>;

/**
 * Recipients that appear while a campaign runs (docs/decisions/0038): a list item found valid on
 * WhatsApp after the start, or a contact that gains the campaign's tag, gets its shipping record and
 * one send; a stopped campaign takes nobody.
 */
describe('campaigns take recipients that appear while they run', () => {
  let t: OutboundTestApp;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: ['useCampaigns'] });
  const api = () => request(t.http);
  const as = () => ({ Authorization: `Bearer ${admin()}` });
  let nextNumber = 1;
  const number = () => `55119${String(7_000_000 + nextNumber++).padStart(8, '0')}`;

  const saoPaulo = (at: Date) => new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const soon = () => saoPaulo(new Date(Date.now() + 1_000));
  const sends = (campaignId: number) =>
    t.events.flatMap((envelope: EventEnvelope) => {
      const command = readEvent(messageSendRequested, envelope);
      return command && command.reference?.campaignId === campaignId ? [command] : [];
    });
  const checks = () => t.events.flatMap((envelope: EventEnvelope) => readEvent(numbersCheckRequested, envelope) ?? []);
  const sent = (command: Command) =>
    t.publish(messageSent, A, command.connectionId, {
      connectionId: command.connectionId,
      commandId: command.commandId,
      messageId: `M${command.commandId.replace(/-/g, '').slice(0, 16).toUpperCase()}`,
      reference: command.reference,
    });
  /** WhatsApp's answer to a check: every number of it exists. */
  const checked = (command: CheckCommand) =>
    t.publish(numbersChecked, A, CONNECTION, {
      requestId: command.requestId,
      connectionId: CONNECTION,
      reference: command.reference,
      error: null,
      results: command.numbers.map((n) => ({ number: n, exists: true, jid: `${n}@s.whatsapp.net` })),
    });
  const statusOf = async (id: number) => (await api().get(`/api/campaigns/${id}`).set(as()).expect(200)).body.status as string;
  const report = async (id: number) =>
    expectAnswer(campaignReportSchema, await api().get(`/api/campaigns/${id}/report`).set(as()).expect(200));
  /** A list whose `valid` numbers were checked already. */
  const listWith = async (valid: number) => {
    const list = (
      await api()
        .post('/api/contact-lists')
        .set(as())
        .send({ name: `Lista ${nextNumber}` })
        .expect(201)
    ).body as { id: number };
    for (let i = 0; i < valid; i++) {
      const n = number();
      await t.dataSource.query(
        `INSERT INTO outbound.contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid, whatsapp_number)
         VALUES ($1, $2, $3, $4, true, $4)`,
        [A, list.id, `Cliente ${n}`, n],
      );
    }
    return list.id;
  };
  const addItem = async (contactListId: number, name: string) =>
    expectAnswer(
      contactListItemSchema,
      await api().post('/api/contact-list-items').set(as()).send({ name, number: number(), contactListId }).expect(201),
    );
  /** The check command that asked for this number (the checks run one batch at a time). */
  const checkOf = async (wanted: string) => {
    await waitFor(async () => checks().some((command) => command.numbers.includes(wanted)), { what: `${wanted} asked on WhatsApp` });
    return checks().find((command) => command.numbers.includes(wanted))!;
  };
  const campaign = async (body: object) =>
    expectAnswer(
      campaignSchema,
      await api()
        .post('/api/campaigns')
        .set(as())
        .send({ message1: 'Oi {nome}', whatsappId: CONNECTION, scheduledAt: soon(), ...body })
        .expect(201),
    );
  /** Waits for the campaign's sends to reach `count` and answers each of them once. */
  const answered = new Set<string>();
  const answerSends = async (campaignId: number, count: number) => {
    await waitFor(() => sends(campaignId).length >= count, { what: `${count} sends of campaign ${campaignId}`, timeoutMs: 20_000 });
    for (const command of sends(campaignId)) {
      if (answered.has(command.commandId)) continue;
      answered.add(command.commandId);
      await sent(command);
    }
  };

  beforeAll(async () => {
    t = await startOutboundTestApp();
    await t.publish(connectionUpdated, A, CONNECTION, { connection: connectionFixture(A, CONNECTION, { isDefault: true }) });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM outbound.connections WHERE id = $1`, [CONNECTION])).length === 1, {
      what: 'the connection known',
    });
    await api()
      .post('/api/campaign-settings')
      .set(as())
      .send({ settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })
      .expect(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('an item added while the campaign runs and found valid after its check gets exactly one send, and the figures follow', async () => {
    const listId = await listWith(2);
    const running = await campaign({ name: 'Lista crescendo', contactListId: listId });
    await waitFor(async () => sends(running.id).length === 2, { what: 'the two valid contacts sent', timeoutMs: 20_000 });
    await answerSends(running.id, 2);

    const late = await addItem(listId, 'Tardia');
    // Both sends settled, but its number is still to be checked: the campaign is not over, since a
    // valid number would join it (a figures' round after the answers has looked and left it running).
    await waitFor(
      () =>
        t.events.some((e) => {
          const progress = readEvent(campaignProgressed, e)?.progress;
          return progress?.campaignId === running.id && progress.delivered === 2 && progress.status === 'EM_ANDAMENTO';
        }),
      { what: 'a round of figures after both sends settled', timeoutMs: 15_000 },
    );
    expect(await statusOf(running.id)).toBe('EM_ANDAMENTO');
    const check = await checkOf(late.number);
    await checked(check);
    await waitFor(() => sends(running.id).length === 3, { what: 'the late contact sent', timeoutMs: 20_000 });
    expect(sends(running.id).filter((command) => command.to === late.number)).toHaveLength(1);
    // The live figures count it among the valid contacts.
    await waitFor(
      () =>
        t.events.some((e) => {
          const progress = readEvent(campaignProgressed, e)?.progress;
          return progress?.campaignId === running.id && progress.validContacts === 3 && progress.recipients === 3;
        }),
      { what: 'the progress with three valid contacts', timeoutMs: 15_000 },
    );

    // The same answer again (a redelivered check, or the number checked twice) sends nothing more.
    await checked(check);
    await t.published();
    await answerSends(running.id, 3);
    await waitFor(async () => (await statusOf(running.id)) === 'FINALIZADA', { what: 'the campaign finished', timeoutMs: 20_000 });
    expect(sends(running.id)).toHaveLength(3);
    expect((await report(running.id)).progress).toMatchObject({ validContacts: 3, recipients: 3, delivered: 3, status: 'FINALIZADA' });
  });

  it('a stopped campaign does not take an item found valid after it stopped', async () => {
    const listId = await listWith(1);
    const running = await campaign({ name: 'Lista parada', contactListId: listId });
    await waitFor(() => sends(running.id).length === 1, { what: 'the valid contact sent', timeoutMs: 20_000 });
    const late = await addItem(listId, 'Depois da parada');
    const check = await checkOf(late.number);
    await api().post(`/api/campaigns/${running.id}/cancel`).set(as()).expect(200);
    expect(await statusOf(running.id)).toBe('CANCELADA');
    await checked(check);
    await waitFor(
      async () =>
        (await t.dataSource.query(`SELECT is_whatsapp_valid FROM outbound.contact_list_items WHERE id = $1`, [late.id]))[0]
          .is_whatsapp_valid === true,
      { what: 'the late item valid' },
    );
    await t.published();
    expect(sends(running.id).map((command) => command.to)).not.toContain(late.number);
    expect(
      await t.dataSource.query(`SELECT 1 FROM outbound.campaign_shipping WHERE campaign_id = $1 AND contact_list_item_id = $2`, [
        running.id,
        late.id,
      ]),
    ).toEqual([]);
  });

  it('a contact that gains the tag of a running campaign gets one send, however often its tickets are tagged again', async () => {
    const contact = (id: number, name: string) => ({
      id,
      uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      name,
      number: number(),
      email: '',
      profilePicUrl: '',
      active: true,
      isGroup: false,
      whatsappId: null,
      extraInfo: [],
      companyId: A,
      lastInteractionAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const first = contact(801, 'Primeira');
    const later = contact(802, 'Depois');
    const vip = { id: 80, name: 'Ouro' };
    await t.publish(tagSaved, A, 'tag-80', { tag: { ...vip, color: '#f00', kanban: 0, companyId: A }, created: true });
    for (const c of [first, later]) await t.publish(contactSaved, A, `contact-${c.id}`, { contact: c, created: true });
    await t.publish(ticketTagsChanged, A, 901, { ticketId: 901, contactId: first.id, tags: [vip] });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM outbound.ticket_tags WHERE ticket_id = 901`)).length === 1, {
      what: 'the first ticket known',
    });
    const running = await campaign({ name: 'Tag crescendo', tagListId: vip.id });
    await waitFor(() => sends(running.id).length === 1, { what: 'the first contact sent', timeoutMs: 20_000 });

    // Two tickets of the later contact get the tag while the campaign runs.
    await t.publish(ticketTagsChanged, A, 902, { ticketId: 902, contactId: later.id, tags: [vip] });
    await t.publish(ticketTagsChanged, A, 903, { ticketId: 903, contactId: later.id, tags: [vip] });
    await waitFor(() => sends(running.id).length === 2, { what: 'the later contact sent', timeoutMs: 20_000 });
    await answerSends(running.id, 2);
    await waitFor(async () => (await statusOf(running.id)) === 'FINALIZADA', { what: 'the campaign finished', timeoutMs: 20_000 });
    expect(
      sends(running.id)
        .map((command) => command.to)
        .sort(),
    ).toEqual([first.number, later.number].sort());

    // Finished: a contact tagged now is left for the next campaign.
    await t.publish(contactSaved, A, 'contact-803', { contact: contact(803, 'Tarde demais'), created: true });
    await t.publish(ticketTagsChanged, A, 904, { ticketId: 904, contactId: 803, tags: [vip] });
    await t.published();
    expect(
      await t.dataSource.query(`SELECT 1 FROM outbound.campaign_shipping WHERE campaign_id = $1 AND contact_id = 803`, [running.id]),
    ).toEqual([]);
  });
});
