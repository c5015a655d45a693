/**
 * The inbox across processes: whatsapp, conversations and gateway as separate apps over a real Kafka
 * broker. A customer's message injected at the simulator reaches the company's socket as
 * company-{id}-appMessage, the ticket is listed through the gateway, a reply goes out through
 * whatsapp.commands to the simulator's outbound list, and its ack comes back on the socket.
 */
import { randomInt } from 'node:crypto';

import {
  type AppMessageSocketPayload,
  connectionSchema,
  messageSchema,
  simulatorAckResponseSchema,
  simulatorInboundResponseSchema,
  simulatorOutboundResponseSchema,
  simulatorSessionResponseSchema,
  ticketListResponseSchema,
} from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import { Client } from 'pg';
import { type Socket } from 'socket.io-client';

import { DistributedStack } from '../support/distributed-stack';
import { callApi, connectSocket } from '../support/http-api';

jest.setTimeout(180_000);

const brokers = process.env.KAFKA_BROKERS;
const COMPANY_A = 900_000 + randomInt(0, 99_999);
const COMPANY_B = COMPANY_A + 1;
const ADMIN_A = 700_000 + randomInt(0, 99_999);
const ADMIN_B = ADMIN_A + 1;

const connect = connectSocket;

(brokers ? describe : describe.skip)('distributed: the inbox through whatsapp, conversations and gateway', () => {
  let stack: DistributedStack;
  let gatewayUrl: string;
  let tokenA: string;
  let tokenB: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await DistributedStack.start('inbox_dist', brokers!, { farConnectionIds: true });
    tokenA = stack.token(ADMIN_A, COMPANY_A);
    tokenB = stack.token(ADMIN_B, COMPANY_B);
    const whatsapp = await stack.whatsapp();
    const conversations = await stack.conversations({ WHATSAPP_URL: whatsapp.url });
    const gateway = await stack.gateway({ WHATSAPP_URL: whatsapp.url, CONVERSATIONS_URL: conversations.url });
    gatewayUrl = gateway.url;
    await Promise.all([whatsapp.ready(), conversations.ready(), gateway.ready()]);
    // The users as identity's events would have projected them (identity does not run here).
    const client = new Client({ connectionString: stack.database.url });
    await client.connect();
    await client.query(
      `INSERT INTO conversations.users (id, company_id, name, profile) VALUES ($1, $2, 'Admin A', 'admin'), ($3, $4, 'Admin B', 'admin')`,
      [ADMIN_A, COMPANY_A, ADMIN_B, COMPANY_B],
    );
    await client.end();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await stack?.stop();
  });

  const call = <T>(token: string, method: string, route: string, body?: unknown) => callApi<T>(gatewayUrl, token, method, route, body);

  it('an inbound message appears live on the company socket, a reply reaches the simulator and its ack comes back', async () => {
    const socketA = await connect(gatewayUrl, tokenA);
    const socketB = await connect(gatewayUrl, tokenB);
    sockets.push(socketA, socketB);
    const messages: AppMessageSocketPayload[] = [];
    const heardByB: string[] = [];
    socketA.on(`company-${COMPANY_A}-appMessage`, (payload: AppMessageSocketPayload) => messages.push(payload));
    socketB.onAny((event: string) => heardByB.push(event));

    const created = await call(tokenA, 'POST', '/whatsapp', { name: 'Atendimento', provider: 'simulator' });
    expect(created.status).toBe(201);
    const connectionId = expectAnswer(connectionSchema, created).id;
    await waitFor(async () => expectAnswer(connectionSchema, await call(tokenA, 'GET', `/whatsapp/${connectionId}`)).status === 'qrcode', {
      timeoutMs: 30_000,
      what: 'the QR',
    });
    expectAnswer(simulatorSessionResponseSchema, await call(tokenA, 'POST', `/simulator/connections/${connectionId}/scan`, {}));
    await waitFor(
      async () => expectAnswer(connectionSchema, await call(tokenA, 'GET', `/whatsapp/${connectionId}`)).status === 'CONNECTED',
      { timeoutMs: 15_000 },
    );

    const injected = await call(tokenA, 'POST', `/simulator/connections/${connectionId}/inbound`, {
      from: '5511955550000',
      pushName: 'Maria',
      body: 'Bom dia!',
    });
    expect(injected.status).toBe(200);
    expectAnswer(simulatorInboundResponseSchema, injected);
    const live = await waitFor(() => messages.find((p) => p.action === 'create' && p.message.body === 'Bom dia!'), {
      timeoutMs: 60_000,
      what: 'the appMessage',
    });
    expect(live.ticket).toMatchObject({ status: 'pending', unreadMessages: 1, contact: { name: 'Maria', number: '5511955550000' } });

    const list = await call(tokenA, 'GET', '/tickets?status=pending');
    expect(expectAnswer(ticketListResponseSchema, list).tickets.map((t) => t.id)).toContain(live.ticket.id);
    expect((await call(tokenB, 'GET', `/tickets/${live.ticket.id}`)).status).toBe(404);

    const joinedA = await socketA.emitWithAck('joinChatBox', String(live.ticket.id));
    const joinedB = await socketB.emitWithAck('joinChatBox', String(live.ticket.id));
    expect(joinedA).toEqual({ joined: true });
    expect(joinedB).toMatchObject({ joined: false, error: 'ERR_NO_TICKET_FOUND' });

    const reply = await call(tokenA, 'POST', `/messages/${live.ticket.id}`, { body: 'Olá Maria, como posso ajudar?' });
    expect(reply.status).toBe(201);
    const replied = expectAnswer(messageSchema, reply);
    const outbound = await waitFor(
      async () =>
        expectAnswer(
          simulatorOutboundResponseSchema,
          await call(tokenA, 'GET', `/simulator/connections/${connectionId}/outbound`),
        ).messages.find((m) => m.body === 'Olá Maria, como posso ajudar?'),
      { timeoutMs: 30_000, what: 'the reply at the simulator' },
    );
    expect(outbound.to).toBe('5511955550000');
    expectAnswer(
      simulatorAckResponseSchema,
      await call(tokenA, 'POST', `/simulator/connections/${connectionId}/ack`, { messageId: outbound.messageId, ack: 4 }),
    );
    await waitFor(() => messages.find((p) => p.action === 'update' && p.message.id === replied.id && p.message.ack === 4), {
      timeoutMs: 30_000,
      what: 'the blue ticks',
    });
    expect(heardByB.filter((event) => event.includes('appMessage') || event.includes('ticket'))).toEqual([]);
  });
});

if (!brokers) {
  it.skip('distributed inbox tests need KAFKA_BROKERS', () => undefined);
}
