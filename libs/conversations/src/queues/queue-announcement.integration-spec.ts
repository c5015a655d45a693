import { type EventEnvelope, queueSaved } from '@app/contracts';
import { readEvent } from '@app/platform';
import { queueFixture, waitFor } from '@app/platform/testing';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';

const MIGRATION = 'AnnounceExistingQueues1732500000012';

/**
 * identity and whatsapp learn the companies' queues from conversations.queue.saved; queues created
 * before they listened are announced once by a migration (docs/decisions/0019-queue-ids-checked-against-a-projection.md).
 */
describe('queues existing before the projections are announced once', () => {
  let t: ConversationsTestApp;

  beforeAll(async () => {
    t = await startConversationsTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const announced = (): EventEnvelope[] =>
    t.events.filter((e) => e.type === queueSaved.type && readEvent(queueSaved, e)!.created === false);

  it('an upgraded database publishes one queue.saved (created: false) per existing queue, with its company; a second start publishes nothing', async () => {
    // A fresh database had no queues: the migration ran and announced nothing.
    expect(await t.dataSource.query(`SELECT 1 FROM conversations.migrations WHERE name = $1`, [MIGRATION])).toHaveLength(1);
    expect(announced()).toHaveLength(0);

    // A database from before this change: queues of two companies, and the migration not yet run.
    const rows: { id: number; company_id: number }[] = await t.dataSource.query(
      `INSERT INTO conversations.queues (company_id, name, color) VALUES (7, 'Vendas', '#ff0000'), (7, 'Suporte', '#00ff00'), (8, 'Vendas', '#ff0000')
       RETURNING id, company_id`,
    );
    await t.dataSource.query(`DELETE FROM conversations.migrations WHERE name = $1`, [MIGRATION]);
    await t.dataSource.runMigrations({ transaction: 'each' });

    await waitFor(() => announced().length === 3, { what: 'the three queues announced' });
    const byKey = new Map(announced().map((e) => [e.key, e]));
    for (const row of rows) {
      const envelope = byKey.get(`queue-${row.id}`)!;
      expect(envelope.companyId).toBe(row.company_id);
      expect(readEvent(queueSaved, envelope)!.queue).toMatchObject({ id: row.id, companyId: row.company_id });
    }

    // The migrations table is the marker: the next start announces nothing again.
    await t.dataSource.runMigrations({ transaction: 'each' });
    await t.published();
    expect(announced()).toHaveLength(3);
    // A marker through the same outbox, relay and key, written after that start: once it has arrived,
    // anything the start had announced would have arrived before it.
    const marker = { ...queueFixture(7, rows[0]!.id), name: 'Marcador' };
    await t.publish(queueSaved, 7, `queue-${rows[0]!.id}`, { queue: marker, created: true });
    await waitFor(() => t.events.some((e) => e.type === queueSaved.type && readEvent(queueSaved, e)!.queue.name === 'Marcador'), {
      what: 'the marker',
    });
    expect(announced()).toHaveLength(3);
  });

  it('a queue deleted before the migration runs is not announced', async () => {
    const before = announced().length;
    const [gone] = await t.dataSource.query(
      `INSERT INTO conversations.queues (company_id, name, color) VALUES (9, 'Antiga', '#000000') RETURNING id`,
    );
    await t.dataSource.query(`DELETE FROM conversations.queues WHERE id = $1`, [gone.id]);
    await t.dataSource.query(`DELETE FROM conversations.migrations WHERE name = $1`, [MIGRATION]);
    await t.dataSource.runMigrations({ transaction: 'each' });
    await waitFor(() => announced().length === before + 3, { what: 'the remaining queues announced again' });
    expect(announced().some((e) => e.key === `queue-${gone.id}`)).toBe(false);
  });
});
