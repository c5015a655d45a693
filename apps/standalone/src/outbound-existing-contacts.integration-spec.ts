import { randomUUID } from 'node:crypto';

import {
  campaignSchema,
  connectionSchema,
  contactSaved,
  type EventEnvelope,
  scheduleSchema,
  simulatorOutboundResponseSchema,
} from '@app/contracts';
import { ConversationsModule } from '@app/conversations';
import { OutboundModule } from '@app/outbound';
import { EVENT_TRANSPORT, type EventTransport, readEvent } from '@app/platform';
import { expectAnswer, waitFor } from '@app/platform/testing';
import { WhatsappModule } from '@app/whatsapp';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { type ModulesTestApp, startModulesTestApp } from './testing/standalone-test-app';

jest.setTimeout(90_000);

const A = 31;
const MIGRATION = 'AnnounceExistingContactsAndTags1732500001850';

/** A wall time in São Paulo (the campaigns' and schedules' default zone) `ms` from now: `YYYY-MM-DD HH:mm:ss`. */
const saoPaulo = (ms: number) => new Date(Date.now() + ms - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Next week's Tuesday at 10:00 in São Paulo, inside the schedules' default hours (Monday to Friday, 08:00 to 18:00). */
function nextTuesdayTen(): string {
  const day = new Date(Date.now() + 7 * 86_400_000 - 3 * 3_600_000);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return `${day.toISOString().slice(0, 10)}T10:00`;
}

/**
 * Outbound keeps conversations' contacts, tags and tickets' tags from their events; those that existed
 * before it listened are announced once by conversations' migration (docs/decisions/0038). Here they are
 * written straight into conversations' tables (no event, as in a database from before outbound), and
 * the migration is run again as an upgrade runs it.
 */
describe("outbound learns conversations' existing contacts, tags and tickets' tags (standalone, simulator)", () => {
  let services: ModulesTestApp;
  let conversations: DataSource;
  let outbound: DataSource;
  const events: EventEnvelope[] = [];
  /** How often conversations announced this contact as existing (contact.saved with created: false). */
  const announcedTimes = (contactId: number) =>
    events.filter((e) => {
      const saved = readEvent(contactSaved, e);
      return saved?.contact.id === contactId && !saved.created;
    }).length;
  const as = () => services.as(A, ['useCampaigns', 'useSchedules']);
  const api = () => services.api();

  beforeAll(async () => {
    services = await startModulesTestApp(
      'outbound_existing_contacts',
      [
        WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000 }),
        ConversationsModule.forRoot({}),
        OutboundModule.forRoot({ numberCheckIntervalMs: 0 }),
      ],
      {
        beforeInit: async (app) => {
          await app.get<EventTransport>(EVENT_TRANSPORT).subscribe({
            groupId: `test-${randomUUID()}`,
            topics: ['conversations.events'],
            handler: async (envelope) => void events.push(envelope),
          });
        },
      },
    );
    conversations = services.app.get<DataSource>(getDataSourceToken('conversations'));
    outbound = services.app.get<DataSource>(getDataSourceToken('outbound'));
  });

  afterAll(async () => {
    await services?.close();
  });

  const contact = async (name: string, number: string): Promise<number> =>
    (
      await conversations.query(
        `INSERT INTO conversations.contacts (uuid, company_id, name, number) VALUES (gen_random_uuid(), $1, $2, $3) RETURNING id`,
        [A, name, number],
      )
    )[0].id;
  const tag = async (name: string): Promise<number> =>
    (
      await conversations.query(`INSERT INTO conversations.tags (company_id, name, color) VALUES ($1, $2, '#ff0000') RETURNING id`, [
        A,
        name,
      ])
    )[0].id;
  const ticket = async (contactId: number, tagIds: number[]): Promise<number> => {
    const [{ id }] = await conversations.query(
      `INSERT INTO conversations.tickets (uuid, company_id, contact_id, whatsapp_id, status) VALUES (gen_random_uuid(), $1, $2, 1, 'open') RETURNING id`,
      [A, contactId],
    );
    await conversations.query(`INSERT INTO conversations.ticket_tags (ticket_id, tag_id) SELECT $1, unnest($2::int[])`, [id, tagIds]);
    return id;
  };
  /** What an upgrade does: the migration has not run on this database yet, and the next start runs it. */
  const upgrade = async () => {
    await conversations.query(`DELETE FROM conversations.migrations WHERE name = $1`, [MIGRATION]);
    await conversations.runMigrations({ transaction: 'each' });
  };
  const scannedConnection = async (name: string) => {
    const connection = expectAnswer(
      connectionSchema,
      await api().post('/api/whatsapp').set(as()).send({ name, provider: 'simulator', isDefault: true }).expect(201),
    );
    await waitFor(async () => (await api().get(`/api/whatsapp/${connection.id}`).set(as())).body.status === 'qrcode', {
      what: 'the QR code',
    });
    await api().post(`/api/simulator/connections/${connection.id}/scan`).set(as()).send({}).expect(200);
    await waitFor(
      async () =>
        (await outbound.query(`SELECT status FROM outbound.connections WHERE id = $1`, [connection.id]))[0]?.status === 'CONNECTED',
      {
        what: 'outbound sees the connection connected',
      },
    );
    return connection.id;
  };

  it('after the upgrade a tag campaign reaches a contact older than outbound, and an appointment can be booked for it', async () => {
    const vip = await tag('VIP');
    const other = await tag('Outros');
    const ana = await contact('Ana Antiga', '5511900003001');
    const bruno = await contact('Bruno Antigo', '5511900003002');
    const carla = await contact('Carla Antiga', '5511900003003');
    await ticket(ana, [vip]);
    await ticket(bruno, [other]);
    await ticket(carla, [vip, other]);
    const connectionId = await scannedConnection('Vendas');
    // Outbound never heard of them (a booking would ask conversations for Ana: decision 0039).
    const sendAt = nextTuesdayTen();
    expect(await outbound.query(`SELECT id FROM outbound.contacts WHERE company_id = $1`, [A])).toEqual([]);

    await upgrade();
    await waitFor(
      async () =>
        (await outbound.query(`SELECT count(*)::int AS n FROM outbound.ticket_tags WHERE company_id = $1`, [A]))[0].n === 3 &&
        (await outbound.query(`SELECT count(*)::int AS n FROM outbound.contacts WHERE company_id = $1`, [A]))[0].n === 3,
      { what: 'outbound learnt the contacts and tickets' },
    );
    // Once: the migrations table keeps the next start from announcing again.
    expect(announcedTimes(ana)).toBe(1);
    await conversations.runMigrations({ transaction: 'each' });
    // A marker through the same outbox, relay and key, written after that start: anything the start
    // had announced would have arrived before it.
    await api().put(`/api/contacts/${bruno}`).set(as()).send({ email: 'bruno@exemplo.com' }).expect(200);
    await waitFor(() => events.some((e) => readEvent(contactSaved, e)?.contact.email === 'bruno@exemplo.com'), { what: 'the marker' });
    expect(announcedTimes(ana)).toBe(1);
    expect(await outbound.query(`SELECT id, name FROM outbound.tags WHERE company_id = $1 ORDER BY id`, [A])).toEqual([
      { id: vip, name: 'VIP' },
      { id: other, name: 'Outros' },
    ]);

    // (b) the appointment for the older contact is booked.
    const schedule = expectAnswer(
      scheduleSchema,
      await api().post('/api/schedules').set(as()).send({ body: 'Sua consulta', contactId: ana, sendAt }).expect(201),
    );
    expect(schedule.contact).toEqual({ id: ana, name: 'Ana Antiga', number: '5511900003001' });

    // (a) the tag campaign reaches the older contacts carrying the tag, and no one else.
    await api()
      .post('/api/campaign-settings')
      .set(as())
      .send({ settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })
      .expect(200);
    const campaign = expectAnswer(
      campaignSchema,
      await api()
        .post('/api/campaigns')
        .set(as())
        .send({ name: 'VIPs antigos', message1: 'Oi {nome}', whatsappId: connectionId, tagListId: vip, scheduledAt: saoPaulo(1_000) })
        .expect(201),
    );
    await waitFor(async () => (await api().get(`/api/campaigns/${campaign.id}`).set(as())).body.status === 'FINALIZADA', {
      what: 'the campaign finished',
      timeoutMs: 60_000,
    });
    const phone = expectAnswer(
      simulatorOutboundResponseSchema,
      await api().get(`/api/simulator/connections/${connectionId}/outbound`).set(as()).expect(200),
    ).messages;
    expect(phone.map((message) => [message.to, message.body]).sort()).toEqual([
      ['5511900003001', 'Oi Ana Antiga'],
      ['5511900003003', 'Oi Carla Antiga'],
    ]);
  });

  it('a live change waiting on the announcement is applied after it: the projection keeps the newest name and tags', async () => {
    const gold = await tag('Ouro');
    const silver = await tag('Prata');
    const dora = await contact('Dora Antes', '5511900003004');
    const doraTicket = await ticket(dora, [gold]);

    // The upgrade's transaction holds its locks while the live changes arrive.
    const runner = conversations.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const migration = conversations.migrations.find((m) => m.name === MIGRATION)!;
    await migration.up(runner);
    const rename = api()
      .put(`/api/contacts/${dora}`)
      .set(as())
      .send({ name: 'Dora Depois' })
      .then((r) => r);
    const retag = api()
      .post('/api/tags/sync')
      .set(as())
      .send({ ticketId: doraTicket, tags: [{ id: silver }] })
      .then((r) => r);
    await waitFor(
      async () =>
        (
          await conversations.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          )
        )[0].n === 2,
      { what: 'both live changes waiting on the announcement' },
    );
    await runner.commitTransaction();
    await runner.release();
    expect((await rename).status).toBe(200);
    expect((await retag).status).toBe(200);

    await waitFor(
      async () =>
        (await outbound.query(`SELECT name FROM outbound.contacts WHERE id = $1`, [dora]))[0]?.name === 'Dora Depois' &&
        (await outbound.query(`SELECT tag_ids FROM outbound.ticket_tags WHERE ticket_id = $1`, [doraTicket]))[0]?.tag_ids?.[0] === silver,
      { what: 'the live changes reach outbound' },
    );
    // Everything published so far has been handled: a marker through the same outbox and key arrives last.
    await api().put(`/api/contacts/${dora}`).set(as()).send({ email: 'dora@exemplo.com' }).expect(200);
    await waitFor(
      async () => (await outbound.query(`SELECT email FROM outbound.contacts WHERE id = $1`, [dora]))[0]?.email === 'dora@exemplo.com',
      {
        what: 'the marker',
      },
    );
    expect(await outbound.query(`SELECT name FROM outbound.contacts WHERE id = $1`, [dora])).toEqual([{ name: 'Dora Depois' }]);
    expect(await outbound.query(`SELECT tag_ids FROM outbound.ticket_tags WHERE ticket_id = $1`, [doraTicket])).toEqual([
      { tag_ids: [silver] },
    ]);
  });
});
