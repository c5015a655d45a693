/**
 * The outbox and its relay, over both transports: events written in a committed transaction reach
 * consumers in order, nothing is lost when the relay dies before or during publishing, and an
 * idempotent consumer applies a redelivered event once.
 */
import { randomBytes } from 'node:crypto';

import type { EventDefinition, EventEnvelope } from '@app/contracts';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { z } from 'zod';

import { openServiceDataSource } from '../database/service-data-source';
import { createTestDatabase, type TestDatabase, waitFor } from '../testing';
import type { EventTransport, OutgoingEvent } from './event-transport';
import { consumeOnce } from './idempotent-consumer';
import { InProcessTransport } from './in-process-transport';
import { KafkaTransport } from './kafka-transport';
import { OutboxWriter } from './outbox';
import { OutboxRelay } from './outbox-relay';

jest.setTimeout(30_000);

const SCHEMA = 'relaytest';

class CreateEffects implements MigrationInterface {
  name = 'CreateEffects1700000000000';
  async up(runner: QueryRunner) {
    await runner.query(`CREATE TABLE ${SCHEMA}.effects (event_id uuid NOT NULL, seq int NOT NULL, key text NOT NULL)`);
  }
  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE ${SCHEMA}.effects`);
  }
}

const kafkaBrokers = process.env.KAFKA_BROKERS?.split(',').filter(Boolean);
const transports: { name: string; make: (topic: string) => Promise<EventTransport> }[] = [
  {
    name: 'in-process',
    make: async () => {
      const transport = new InProcessTransport({ retry: { maxAttempts: 3, initialBackoffMs: 10, maxBackoffMs: 50 } });
      await transport.start();
      return transport;
    },
  },
];
if (kafkaBrokers?.length) {
  transports.push({
    name: 'kafka',
    make: async (topic) => {
      const transport = new KafkaTransport({
        brokers: kafkaBrokers,
        clientId: `relay-test-${randomBytes(3).toString('hex')}`,
        topics: [{ name: topic, partitions: 3 }],
        retry: { maxAttempts: 3, initialBackoffMs: 10, maxBackoffMs: 50 },
      });
      await transport.start();
      return transport;
    },
  });
} else if (process.env.KAFKA_TESTS !== 'skip') {
  test('the Kafka half of the outbox relay tests needs KAFKA_BROKERS (run `npm test`)', () => {
    throw new Error('KAFKA_BROKERS is not set; run through `npm test` or set KAFKA_TESTS=skip to skip the Kafka half');
  });
}

describe.each(transports)('outbox relay over the $name transport', ({ make }) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let topic: string;
  let definition: EventDefinition;
  const writer = new OutboxWriter(SCHEMA);
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('relay');
    dataSource = await openServiceDataSource(database.url, { schema: SCHEMA, entities: [], migrations: [CreateEffects] });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });
  beforeEach(async () => {
    topic = `relay-test-${randomBytes(4).toString('hex')}`;
    definition = { type: 'test.thing.happened', version: 1, topic: topic as never, payload: z.object({ seq: z.number() }) };
    await dataSource.query(`TRUNCATE ${SCHEMA}.outbox, ${SCHEMA}.processed_events, ${SCHEMA}.effects`);
  });
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  /** Commits `count` events over `keys` keys in one domain transaction, as a service would. */
  async function commitEvents(count: number, keys = 3, from = 0): Promise<void> {
    await dataSource.transaction(async (manager) => {
      for (let seq = from; seq < from + count; seq++) {
        await writer.add(manager, { definition, companyId: 1, key: `k${seq % keys}`, payload: { seq } });
      }
    });
  }

  /** A consumer that applies each event once, recording what it applied in its own table. */
  async function subscribeEffects(transport: EventTransport, seen: EventEnvelope[]) {
    const subscription = await transport.subscribe({
      groupId: `effects-${topic}`,
      topics: [topic],
      fromBeginning: true,
      handler: async (envelope) => {
        seen.push(envelope);
        await consumeOnce(dataSource, SCHEMA, 'effects', envelope, async (manager) => {
          const { seq } = envelope.payload as { seq: number };
          await manager.query(`INSERT INTO ${SCHEMA}.effects (event_id, seq, key) VALUES ($1, $2, $3)`, [envelope.id, seq, envelope.key]);
        });
      },
    });
    cleanups.push(() => subscription.close());
  }

  const effects = (): Promise<{ seq: number; key: string }[]> => dataSource.query(`SELECT seq, key FROM ${SCHEMA}.effects ORDER BY seq`);

  function startRelay(transport: EventTransport, options = {}): OutboxRelay {
    const relay = new OutboxRelay(dataSource, SCHEMA, transport, { pollIntervalMs: 200, leaderPollMs: 200, settleMs: 100, ...options });
    cleanups.push(() => relay.stop());
    return relay;
  }

  it('requests written alone at once are stored together, in the order they were made, each resolved once stored', async () => {
    const stored = await Promise.all(
      Array.from({ length: 40 }, (_, seq) =>
        writer.addAlone(dataSource.manager, { definition, companyId: 1, key: `k${seq % 3}`, payload: { seq } }),
      ),
    );
    const rows: { event_id: string; seq: number }[] = await dataSource.query(
      `SELECT event_id, (envelope->'payload'->>'seq')::int AS seq FROM ${SCHEMA}.outbox ORDER BY id`,
    );
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 40 }, (_, seq) => seq));
    expect(rows.map((row) => row.event_id)).toEqual(stored.map((envelope) => envelope.id));
  });

  it('events committed with the state change reach the consumer once each, in order per key', async () => {
    const transport = await make(topic);
    cleanups.push(() => transport.stop());
    const seen: EventEnvelope[] = [];
    await subscribeEffects(transport, seen);
    await startRelay(transport, { batchSize: 7 }).start();

    await commitEvents(60);

    await waitFor(async () => (await effects()).length === 60, { what: '60 effects' });
    for (const key of ['k0', 'k1', 'k2']) {
      const order = seen.filter((e) => e.key === key).map((e) => (e.payload as { seq: number }).seq);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    // The relay deletes a batch once the transport has it, which may be just after its effects.
    await waitFor(async () => (await dataSource.query(`SELECT count(*)::int AS left FROM ${SCHEMA}.outbox`))[0].left === 0, {
      what: 'every outbox row published and gone',
    });
  });

  it('a relay killed between the commit and the publish loses nothing: the next relay publishes it all', async () => {
    // The process "died" after the domain commit and before any relay round.
    await commitEvents(10);
    // A relay that dies in the middle of its round: the publish never completes and its connection
    // is torn down by the server, as when a process is killed.
    const dying: EventTransport = {
      kind: 'in-process',
      start: async () => undefined,
      stop: async () => undefined,
      checkHealth: async () => undefined,
      subscribe: async () => ({ close: async () => undefined }),
      publish: async (_events: OutgoingEvent[]) => {
        await dataSource.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'outbox-relay:${SCHEMA}'`,
        );
        throw new Error('killed');
      },
    };
    await expect(new OutboxRelay(dataSource, SCHEMA, dying).relayOnce()).rejects.toThrow();

    const transport = await make(topic);
    cleanups.push(() => transport.stop());
    const seen: EventEnvelope[] = [];
    await subscribeEffects(transport, seen);
    await startRelay(transport).start();

    await waitFor(async () => (await effects()).length === 10, { what: '10 effects' });
    expect((await effects()).map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a relay that published but died before its next round deleted the rows causes a redelivery that changes nothing twice', async () => {
    const transport = await make(topic);
    cleanups.push(() => transport.stop());
    const seen: EventEnvelope[] = [];
    await subscribeEffects(transport, seen);
    await commitEvents(5);

    // Publish for real, then fail: the rows are never deleted.
    const publishThenDie: EventTransport = {
      ...transport,
      kind: transport.kind,
      start: () => transport.start(),
      stop: async () => undefined,
      checkHealth: () => transport.checkHealth(),
      subscribe: (options) => transport.subscribe(options),
      publish: async (events) => {
        await transport.publish(events);
        throw new Error('died after publishing');
      },
    };
    const dead = new OutboxRelay(dataSource, SCHEMA, publishThenDie);
    await expect(dead.relayOnce()).rejects.toThrow('died after publishing');
    await waitFor(() => seen.length >= 5, { what: 'first delivery' });
    // Its process is gone, and with it the connection that held the outbox's lock.
    await dead.stop();

    await startRelay(transport).start();
    await waitFor(() => seen.length >= 10, { what: 'the redelivery' });
    expect(new Set(seen.map((e) => e.id)).size).toBe(5);
    expect((await effects()).map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
  });

  it("without a settle time a leader makes one round per commit: the next commit's round deletes what the last one published", async () => {
    const transport = await make(topic);
    cleanups.push(() => transport.stop());
    const seen: EventEnvelope[] = [];
    await subscribeEffects(transport, seen);
    await startRelay(transport, { settleMs: undefined, leaderPollMs: 60_000 }).start();
    const left = async () => (await dataSource.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.outbox`))[0].n as number;
    // The relay's first round (at its start) is over: a commit now is read by the round its own
    // notification wakes, not by that first round with the notification waking one more.
    await new Promise((resolve) => setTimeout(resolve, 300));

    await commitEvents(1);
    await waitFor(async () => (await effects()).length === 1, { what: 'the first event' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Published, and kept until a round has something else to do.
    expect(await left()).toBe(1);
    await commitEvents(1, 3, 1);
    await waitFor(async () => (await effects()).length === 2, { what: 'the second event' });
    await waitFor(async () => (await left()) === 1, { what: 'the first row deleted by the second round' });
    const [row] = await dataSource.query(`SELECT (envelope->'payload'->>'seq')::int AS seq FROM ${SCHEMA}.outbox`);
    expect(row.seq).toBe(1);
    expect(seen.map((e) => (e.payload as { seq: number }).seq)).toEqual([0, 1]);
  });

  it('rows committed while a round publishes go out in the next round, not at the next poll', async () => {
    const transport = await make(topic);
    cleanups.push(() => transport.stop());
    const seen: EventEnvelope[] = [];
    await subscribeEffects(transport, seen);
    await commitEvents(1);
    let first = true;
    const slow: EventTransport = {
      kind: transport.kind,
      start: () => transport.start(),
      stop: async () => undefined,
      checkHealth: () => transport.checkHealth(),
      subscribe: (options) => transport.subscribe(options),
      publish: async (events) => {
        if (first) {
          first = false;
          // Committed after this round's claim; its notification arrives before the round ends.
          await commitEvents(1, 3, 1);
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        await transport.publish(events);
      },
    };
    await startRelay(slow, { pollIntervalMs: 60_000, leaderPollMs: 60_000 }).start();
    await waitFor(async () => (await effects()).length === 2, { what: 'both events', timeoutMs: 5_000 });
    expect((await effects()).map((e) => e.seq)).toEqual([0, 1]);
  });

  it('a change made by one statement writes the events of the rows it took only, in order, and wakes the relay', async () => {
    const transport = await make(topic);
    cleanups.push(() => transport.stop());
    const seen: EventEnvelope[] = [];
    await subscribeEffects(transport, seen);
    await startRelay(transport, { pollIntervalMs: 60_000, leaderPollMs: 60_000 }).start();
    await dataSource.query(`CREATE TABLE IF NOT EXISTS ${SCHEMA}.taken_ids (id text PRIMARY KEY)`);
    await dataSource.query(`TRUNCATE ${SCHEMA}.taken_ids`);
    const takeAll = async (ids: string[], seqs: number[]) => {
      const part = writer.statementPart(
        ids.map((id, i) => ({ definition, companyId: 1, key: 'k0', payload: { seq: seqs[i]! }, gate: id })),
        2,
        'SELECT id FROM taken',
      );
      const rows: { id: string }[] = await dataSource.query(
        `WITH taken AS (INSERT INTO ${SCHEMA}.taken_ids SELECT unnest($1::text[]) ON CONFLICT DO NOTHING RETURNING id), ${part.ctes}
         SELECT id, ${part.notify} AS notified FROM taken`,
        [ids, ...part.params],
      );
      return rows.map((row) => row.id);
    };

    expect(await takeAll(['a', 'b', 'c'], [0, 1, 2])).toEqual(['a', 'b', 'c']);
    // 'b' was taken before: only 'd' and 'e' are new, and only their events are written.
    expect(await takeAll(['d', 'b', 'e'], [3, 99, 4])).toEqual(['d', 'e']);
    expect(await takeAll(['a'], [98])).toEqual([]);

    // The relay polls once a minute here: the notification is what brings them out.
    await waitFor(async () => (await effects()).length === 5, { what: '5 effects', timeoutMs: 5_000 });
    expect(seen.map((e) => (e.payload as { seq: number }).seq)).toEqual([0, 1, 2, 3, 4]);
  });

  it('a leader whose connection dies hands the outbox over to another relay: nothing lost, nothing applied twice', async () => {
    const transport = await make(topic);
    cleanups.push(() => transport.stop());
    const seen: EventEnvelope[] = [];
    await subscribeEffects(transport, seen);
    const first = startRelay(transport, { batchSize: 4 });
    await first.start();
    await commitEvents(6);
    await waitFor(async () => (await effects()).length === 6, { what: 'the first leader publishing' });
    const second = startRelay(transport, { batchSize: 4 });
    await second.start();

    // The leader's connection is cut (its host vanished): the lock goes with it.
    const [killed] = await dataSource.query(
      `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'outbox-relay:${SCHEMA}' AND pid IN (
          SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted)`,
    );
    expect(killed.done).toBe(true);
    await commitEvents(6, 3, 6);

    await waitFor(async () => (await effects()).length === 12, { what: 'the events after the handover' });
    expect((await effects()).map((e) => e.seq)).toEqual(Array.from({ length: 12 }, (_, seq) => seq));
    await waitFor(async () => (await dataSource.query(`SELECT count(*)::int AS left FROM ${SCHEMA}.outbox`))[0].left === 0, {
      what: 'the outbox emptied by the new leader',
    });
  });

  it('two relays on one outbox never publish a key out of order', async () => {
    const transport = await make(topic);
    cleanups.push(() => transport.stop());
    const seen: EventEnvelope[] = [];
    await subscribeEffects(transport, seen);
    await Promise.all([startRelay(transport, { batchSize: 5 }).start(), startRelay(transport, { batchSize: 5 }).start()]);

    // One transaction after another, as writes to one aggregate are: commit order is the order to keep.
    for (let batch = 0; batch < 8; batch++) await commitEvents(10, 2, batch * 10);

    await waitFor(async () => (await effects()).length === 80, { what: '80 effects' });
    for (const key of ['k0', 'k1']) {
      const order = seen.filter((e) => e.key === key).map((e) => (e.payload as { seq: number }).seq);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(order).toHaveLength(40);
    }
  });
});

describe('OutboxWriter', () => {
  it('refuses to write outside a transaction, so an event can never commit apart from its state change', async () => {
    const database = await createTestDatabase('outbox');
    const dataSource = await openServiceDataSource(database.url, { schema: SCHEMA, entities: [], migrations: [CreateEffects] });
    try {
      const definition: EventDefinition = {
        type: 'test.thing.happened',
        version: 1,
        topic: 'identity.events',
        payload: z.object({ seq: z.number() }),
      };
      await expect(
        new OutboxWriter(SCHEMA).add(dataSource.manager, { definition, companyId: 1, key: 'k', payload: { seq: 1 } }),
      ).rejects.toThrow(/inside the transaction/);
      await expect(
        dataSource.transaction((manager) =>
          new OutboxWriter(SCHEMA).add(manager, { definition, companyId: 1, key: 'k', payload: { seq: 'x' } as never }),
        ),
      ).rejects.toThrow();
    } finally {
      await dataSource.destroy();
      await database.drop();
    }
  });
});
