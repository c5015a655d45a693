/**
 * Two whatsapp processes over a real Kafka broker and one PostgreSQL: each runs the sessions of the
 * connections whose whatsapp.commands partitions it owns. Stopping one moves its (simulator)
 * connections to the other with their auth state (still paired, no new QR), and every send queued
 * for them is delivered once, in order.
 */
import { randomInt, randomUUID } from 'node:crypto';

import { type Connection, connectionSchema, simulatorOutboundResponseSchema, simulatorSessionResponseSchema } from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';

import { DistributedStack, type ServiceProcess } from '../support/distributed-stack';
import { callApi } from '../support/http-api';

jest.setTimeout(180_000);

const brokers = process.env.KAFKA_BROKERS;
const COMPANY = 900_000 + randomInt(0, 99_999);

(brokers ? describe : describe.skip)('distributed: whatsapp sessions move between processes', () => {
  let stack: DistributedStack;
  let producer: Producer;
  const apps: ServiceProcess[] = [];
  const all: Connection[] = [];
  let token: string;

  const startWhatsapp = () => stack.whatsapp({ SESSION_LEASE_TTL_MS: '4000' });

  beforeAll(async () => {
    // Connection ids far from other runs' ids: the dev broker's whatsapp.commands topic is shared.
    stack = await DistributedStack.start('wa_dist', brokers!, { farConnectionIds: true });
    token = stack.token(1, COMPANY);
    for (let i = 0; i < 2; i++) apps.push(await startWhatsapp());
    await Promise.all(apps.map((app) => app.ready()));
    const kafka = new Kafka({ clientId: 'wa-dist-test', brokers: brokers!.split(','), logLevel: logLevel.NOTHING });
    producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
  });
  afterAll(async () => {
    await producer?.disconnect();
    await stack?.stop();
  });

  const call = (base: string, method: string, route: string, body?: unknown) => callApi<never>(base, token, method, route, body);

  const sessionOwners = async (): Promise<Map<number, string>> => {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: stack.database.url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT connection_id, owner FROM whatsapp.session_leases WHERE expires_at > now()`);
      return new Map(rows.map((row: { connection_id: number; owner: string }) => [row.connection_id, row.owner]));
    } finally {
      await client.end();
    }
  };

  const sendCommand = (connectionId: number, body: string) =>
    producer.send({
      topic: 'whatsapp.commands',
      acks: -1,
      messages: [
        {
          key: String(connectionId),
          value: JSON.stringify({
            id: randomUUID(),
            type: 'whatsapp.message.sendRequested',
            version: 1,
            companyId: COMPANY,
            key: String(connectionId),
            occurredAt: new Date().toISOString(),
            payload: {
              commandId: randomUUID(),
              connectionId,
              to: '5511988887777',
              isGroup: false,
              content: { type: 'text', body },
              quotedId: null,
              isForwarded: false,
              reference: null,
            },
          }),
        },
      ],
    });

  it('stopping a process moves its connections, paired, to the other, and no queued send is lost', async () => {
    const [first] = apps;
    const connections: Connection[] = [];
    for (let i = 0; i < 8; i++) {
      const created = await call(first.url, 'POST', '/whatsapp', { name: `Loja ${i}`, provider: 'simulator' });
      expect(created.status).toBe(201);
      connections.push(expectAnswer(connectionSchema, created));
    }
    // The next test works with these connections whatever becomes of this one.
    all.push(...connections);
    const status = async (id: number) => expectAnswer(connectionSchema, await call(first.url, 'GET', `/whatsapp/${id}`)).status;
    for (const connection of connections) {
      await waitFor(async () => (await status(connection.id)) === 'qrcode', { timeoutMs: 30_000, what: `QR of ${connection.id}` });
      const scanned = await call(apps[1].url, 'POST', `/simulator/connections/${connection.id}/scan`, {
        number: `55119${connection.id % 100000000}`.slice(0, 13),
      });
      expect(scanned.status).toBe(200);
      expectAnswer(simulatorSessionResponseSchema, scanned);
      await waitFor(async () => (await status(connection.id)) === 'CONNECTED', { timeoutMs: 15_000, what: `${connection.id} connected` });
    }

    // Both processes run sessions; pick the one to stop among those that run some.
    const owners = await sessionOwners();
    expect(owners.size).toBe(connections.length);
    const pids = apps.map((app) => String(app.process.child.pid));
    const ownerPid = (owner: string) => owner.split(':')[1];
    const victimIndex = pids.findIndex((pid) => [...owners.values()].some((owner) => ownerPid(owner) === pid));
    const victim = apps[victimIndex];
    const survivor = apps[1 - victimIndex];
    const moving = connections.filter((c) => ownerPid(owners.get(c.id)!) === pids[victimIndex]);
    expect(moving.length).toBeGreaterThan(0);

    // Sends queued for the moving connections, then the process is stopped while they are in flight.
    const perConnection = 5;
    for (let n = 0; n < perConnection; n++) for (const connection of moving) await sendCommand(connection.id, `pedido ${n}`);
    await victim.process.stop();

    for (const connection of moving) {
      const delivered = await waitFor(
        async () => {
          const response = await call(survivor.url, 'GET', `/simulator/connections/${connection.id}/outbound`);
          const { messages } = expectAnswer(simulatorOutboundResponseSchema, response);
          return messages.length >= perConnection ? messages : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 250, what: `the sends of connection ${connection.id} on the survivor` },
      );
      expect(delivered.map((m) => m.body)).toEqual(Array.from({ length: perConnection }, (_, n) => `pedido ${n}`));
      // The session resumed from its stored auth state: still connected, same number, no QR shown.
      const after = expectAnswer(connectionSchema, await call(survivor.url, 'GET', `/whatsapp/${connection.id}`));
      expect(after).toMatchObject({ status: 'CONNECTED', qrcode: '' });
      expect(after.number).not.toBe('');
    }
    // Every lease ends up with the survivor. A lease is renewed every second for 4 s: on a loaded
    // machine one can lapse for a moment between renewals, so this waits for the leases to settle.
    const survivorPid = String(survivor.process.child.pid);
    await waitFor(
      async () => {
        const ownersAfter = await sessionOwners();
        return connections.every(
          (connection) => ownersAfter.has(connection.id) && ownerPid(ownersAfter.get(connection.id)!) === survivorPid,
        );
      },
      { timeoutMs: 20_000, intervalMs: 250, what: 'every session leased by the survivor' },
    );
  });

  it('a crashed process (SIGKILL) gives its sessions up when its lease expires; queued sends are delivered once, in order', async () => {
    const third = await startWhatsapp();
    await third.ready();
    apps.push(third);
    const live = apps.filter((app) => app.process.child.exitCode === null && app.process.child.signalCode === null);
    const pids = live.map((app) => String(app.process.child.pid));
    const ownerPid = (owner: string) => owner.split(':')[1];
    // Wait until the rebalance settled (every session leased by a live process), spread over both if the hashing allows.
    const spreadDeadline = Date.now() + 20_000;
    const owners = await waitFor(
      async () => {
        const current = await sessionOwners();
        const ownerPids = [...current.values()].map(ownerPid);
        const settled = current.size === all.length && ownerPids.every((pid) => pids.includes(pid));
        const spread = new Set(ownerPids).size === pids.length;
        return settled && (spread || Date.now() > spreadDeadline) ? current : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'the sessions settled after the newcomer joined' },
    );
    const count = (pid: string) => [...owners.values()].filter((owner) => ownerPid(owner) === pid).length;
    const [victim, survivor] = count(pids[0]) >= count(pids[1]) ? [live[0], live[1]] : [live[1], live[0]];
    const moving = all.filter((c) => ownerPid(owners.get(c.id)!) === String(victim.process.child.pid));
    expect(moving.length).toBeGreaterThan(0);
    const before = new Map<number, number>();
    for (const connection of moving) {
      const response = await call(survivor.url, 'GET', `/simulator/connections/${connection.id}/outbound`);
      before.set(connection.id, expectAnswer(simulatorOutboundResponseSchema, response).messages.length);
    }
    const perConnection = 4;
    for (let n = 0; n < perConnection; n++) for (const connection of moving) await sendCommand(connection.id, `após queda ${n}`);
    victim.process.child.kill('SIGKILL');

    for (const connection of moving) {
      const delivered = await waitFor(
        async () => {
          const response = await call(survivor.url, 'GET', `/simulator/connections/${connection.id}/outbound`);
          const { messages } = expectAnswer(simulatorOutboundResponseSchema, response);
          const fresh = messages.slice(before.get(connection.id));
          return fresh.length >= perConnection ? fresh : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 500, what: `the sends of connection ${connection.id} after the crash` },
      );
      expect(delivered.map((m) => m.body)).toEqual(Array.from({ length: perConnection }, (_, n) => `após queda ${n}`));
      const after = expectAnswer(connectionSchema, await call(survivor.url, 'GET', `/whatsapp/${connection.id}`));
      expect(after.status).toBe('CONNECTED');
    }
  });
});

if (!brokers) {
  test('the distributed whatsapp test needs KAFKA_BROKERS (run `npm test`)', () => {
    throw new Error('KAFKA_BROKERS is not set: run the tests through `npm test`, which starts a broker');
  });
}
