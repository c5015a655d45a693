/**
 * Gateway and whatsapp as separate processes over a real Kafka broker: connection calls go through the
 * gateway's proxy, session changes reach the company's sockets as company-{id}-whatsappSession and
 * company-{id}-whatsapp, and media is served only to the owning company.
 */
import { randomInt } from 'node:crypto';

import {
  connectionSchema,
  simulatorInboundResponseSchema,
  simulatorSessionResponseSchema,
  TOPIC_PARTITIONS,
  TOPICS,
  type WhatsappSessionSocketPayload,
  type WhatsappSocketPayload,
} from '@app/contracts';
import { openServiceDataSource, partitionOf } from '@app/platform';
import { expectAnswer, waitFor } from '@app/platform/testing';
import { WHATSAPP_MIGRATIONS } from '@app/whatsapp';
import { type Socket } from 'socket.io-client';

import { DistributedStack } from '../support/distributed-stack';
import { callApi, connectSocket } from '../support/http-api';

jest.setTimeout(120_000);

const brokers = process.env.KAFKA_BROKERS;
const COMPANY_A = 800_000 + randomInt(0, 99_999);
const COMPANY_B = COMPANY_A + 1;

const connect = connectSocket;

(brokers ? describe : describe.skip)('distributed: gateway + whatsapp over Kafka', () => {
  let stack: DistributedStack;
  let gatewayUrl: string;
  let tokenA: string;
  let tokenB: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await DistributedStack.start('wa_gw', brokers!, { farConnectionIds: true });
    tokenA = stack.token(1, COMPANY_A);
    tokenB = stack.token(1, COMPANY_B);
    const whatsapp = await stack.whatsapp();
    const gateway = await stack.gateway({ WHATSAPP_URL: whatsapp.url });
    gatewayUrl = gateway.url;
    await Promise.all([whatsapp.ready(), gateway.ready()]);
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await stack?.stop();
  });

  const call = (token: string, method: string, route: string, body?: unknown) => callApi<never>(gatewayUrl, token, method, route, body);

  /** The connection id a socket payload is about, if any. */
  const connectionIdOf = (payload: unknown): number | undefined => {
    const p = payload as { whatsapp?: { id: number }; whatsappId?: number; session?: { id: number } } | undefined;
    return p?.whatsapp?.id ?? p?.whatsappId ?? p?.session?.id;
  };

  /**
   * Makes the next connection id one whose whatsapp.events key lands on the same partition as
   * `connectionId`'s, so the next connection's events follow that one's through one partition, in order.
   */
  const nextConnectionOnPartitionOf = async (connectionId: number) => {
    const partitions = TOPIC_PARTITIONS[TOPICS.whatsappEvents];
    const target = partitionOf(TOPICS.whatsappEvents, String(connectionId), partitions);
    const dataSource = await openServiceDataSource(stack.database.url, {
      schema: 'whatsapp',
      migrations: WHATSAPP_MIGRATIONS,
    });
    try {
      const [{ taken }] = await dataSource.query(`SELECT nextval('whatsapp.connections_id_seq')::int AS taken`);
      let next = taken + 1;
      while (partitionOf(TOPICS.whatsappEvents, String(next), partitions) !== target) next += 1;
      await dataSource.query(`SELECT setval('whatsapp.connections_id_seq', $1)`, [next - 1]);
    } finally {
      await dataSource.destroy();
    }
  };

  it("a connection's session reaches its company's sockets live, and no other company's", async () => {
    const socketA = await connect(gatewayUrl, tokenA);
    const socketB = await connect(gatewayUrl, tokenB);
    sockets.push(socketA, socketB);
    const sessions: WhatsappSessionSocketPayload[] = [];
    const updates: WhatsappSocketPayload[] = [];
    const heardByB: { event: string; connectionId?: number }[] = [];
    socketA.on(`company-${COMPANY_A}-whatsappSession`, (payload) => sessions.push(payload));
    socketA.on(`company-${COMPANY_A}-whatsapp`, (payload) => updates.push(payload));
    socketB.onAny((event, payload) => heardByB.push({ event, connectionId: connectionIdOf(payload) }));

    const created = await call(tokenA, 'POST', '/whatsapp', { name: 'Recepção', provider: 'simulator' });
    expect(created.status).toBe(201);
    const id = expectAnswer(connectionSchema, created).id;
    const qr = await waitFor(() => sessions.find((p) => p.session.id === id && p.session.status === 'qrcode'), {
      timeoutMs: 30_000,
      what: 'the QR on the socket',
    });
    expect(qr.session.qrcodeImage).toMatch(/^data:image\/png;base64,/);

    const scanned = await call(tokenA, 'POST', `/simulator/connections/${id}/scan`, {});
    expect(scanned.status).toBe(200);
    expectAnswer(simulatorSessionResponseSchema, scanned);
    await waitFor(() => sessions.find((p) => p.session.id === id && p.session.status === 'CONNECTED' && p.session.qrcode === ''), {
      timeoutMs: 15_000,
      what: 'CONNECTED on the socket',
    });
    // The connection's own update travels as a separate event: wait for it too rather than assume it came first.
    await waitFor(() => updates.some((p) => p.action === 'update' && p.whatsapp.id === id && p.whatsapp.status === 'CONNECTED'), {
      timeoutMs: 15_000,
      what: 'the CONNECTED connection update on the socket',
    });

    expect((await call(tokenB, 'GET', `/whatsapp/${id}`)).status).toBe(404);
    await call(tokenA, 'DELETE', `/whatsapp/${id}`);
    await waitFor(() => updates.some((p) => p.action === 'delete' && p.whatsappId === id), { timeoutMs: 15_000, what: 'the delete event' });
    // A connection of B created now travels the same partition after A's events, and B hears it: once
    // it is in, a wrongly routed event about A's connection would have reached B before it.
    await nextConnectionOnPartitionOf(id);
    const marker = expectAnswer(connectionSchema, await call(tokenB, 'POST', '/whatsapp', { name: 'Marcador B', provider: 'simulator' }));
    await waitFor(() => heardByB.some((e) => e.event === `company-${COMPANY_B}-whatsapp` && e.connectionId === marker.id), {
      timeoutMs: 15_000,
      what: "the marker connection on company B's socket",
    });
    expect(
      heardByB
        .filter((e) => e.connectionId !== marker.id)
        .map((e) => e.event)
        .filter((event) => event.includes('whatsapp')),
    ).toEqual([]);
    await call(tokenB, 'DELETE', `/whatsapp/${marker.id}`);
  });

  it('media received by a connection is served through the gateway to its company only', async () => {
    const created = await call(tokenA, 'POST', '/whatsapp', { name: 'Mídia', provider: 'simulator' });
    const id = expectAnswer(connectionSchema, created).id;
    await waitFor(async () => expectAnswer(connectionSchema, await call(tokenA, 'GET', `/whatsapp/${id}`)).status === 'qrcode', {
      timeoutMs: 30_000,
    });
    expectAnswer(simulatorSessionResponseSchema, await call(tokenA, 'POST', `/simulator/connections/${id}/scan`, {}));
    const pdf = Buffer.from('%PDF-1.4\n% test document\n');
    const inbound = await call(tokenA, 'POST', `/simulator/connections/${id}/inbound`, {
      from: '5511988887777',
      mediaType: 'document',
      mediaBase64: pdf.toString('base64'),
      mimetype: 'application/pdf',
      fileName: 'contrato assinado.pdf',
    });
    expect(inbound.status).toBe(200);
    const url = `/api/whatsapp-media/companies/${COMPANY_A}/whatsapp/${id}/${expectAnswer(simulatorInboundResponseSchema, inbound).messageId}-contrato_assinado.pdf`;
    const mine = await waitFor(
      async () => {
        const response = await fetch(`${gatewayUrl}${url}`, { headers: { Authorization: `Bearer ${tokenA}` } });
        return response.status === 200 ? response : undefined;
      },
      { timeoutMs: 15_000, what: 'the stored media' },
    );
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(pdf);
    expect((await fetch(`${gatewayUrl}${url}`, { headers: { Authorization: `Bearer ${tokenB}` } })).status).toBe(404);
  });
});

if (!brokers) {
  test('the distributed whatsapp test needs KAFKA_BROKERS (run `npm test`)', () => {
    throw new Error('KAFKA_BROKERS is not set: run the tests through `npm test`, which starts a broker');
  });
}
