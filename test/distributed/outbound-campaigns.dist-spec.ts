/**
 * Campaigns across processes: outbound, whatsapp and gateway as separate apps over a real Kafka
 * broker. A campaign created through the gateway starts at its time in the outbound process, its send
 * commands cross whatsapp.commands to the simulator's sessions, the answers come back on
 * whatsapp.events, and the company's admins follow it live on company-{id}-campaign until FINALIZADA.
 */
import { randomInt } from 'node:crypto';

import {
  campaignReportSchema,
  campaignSchema,
  type CampaignSocketPayload,
  connectionSchema,
  contactListSchema,
  simulatorOutboundResponseSchema,
  simulatorSessionResponseSchema,
} from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import { Client } from 'pg';
import { type Socket } from 'socket.io-client';

import { DistributedStack } from '../support/distributed-stack';
import { callApi, connectSocket } from '../support/http-api';

jest.setTimeout(240_000);

const brokers = process.env.KAFKA_BROKERS;
const COMPANY_A = 900_000 + randomInt(0, 99_999);
const COMPANY_B = COMPANY_A + 1;
const ADMIN_A = 700_000 + randomInt(0, 99_999);
const ADMIN_B = ADMIN_A + 1;

(brokers ? describe : describe.skip)('distributed: a campaign through outbound, whatsapp and gateway', () => {
  let stack: DistributedStack;
  let gatewayUrl: string;
  let tokenA: string;
  let tokenB: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await DistributedStack.start('campaigns_dist', brokers!, { farConnectionIds: true });
    tokenA = stack.token(ADMIN_A, COMPANY_A, ['useCampaigns']);
    tokenB = stack.token(ADMIN_B, COMPANY_B, ['useCampaigns']);
    const whatsapp = await stack.whatsapp();
    const outbound = await stack.outbound();
    const gateway = await stack.gateway({ WHATSAPP_URL: whatsapp.url, OUTBOUND_URL: outbound.url });
    gatewayUrl = gateway.url;
    await Promise.all([whatsapp.ready(), outbound.ready(), gateway.ready()]);
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await stack?.stop();
  });

  const call = (token: string, method: string, route: string, body?: unknown) => callApi<unknown>(gatewayUrl, token, method, route, body);
  const connect = (token: string) => connectSocket(gatewayUrl, token);

  it("sends each valid contact one message through two connections, live on the company's campaign channel, and nothing of it to another company", async () => {
    const socketA = await connect(tokenA);
    const socketB = await connect(tokenB);
    sockets.push(socketA, socketB);
    const live: CampaignSocketPayload[] = [];
    const heardByB: string[] = [];
    socketA.on(`company-${COMPANY_A}-campaign`, (payload: CampaignSocketPayload) => live.push(payload));
    socketB.onAny((event: string) => heardByB.push(event));

    const connections: number[] = [];
    for (const name of ['Vendas 1', 'Vendas 2']) {
      const created = await call(tokenA, 'POST', '/whatsapp', { name, provider: 'simulator' });
      const id = expectAnswer(connectionSchema, created).id;
      await waitFor(async () => expectAnswer(connectionSchema, await call(tokenA, 'GET', `/whatsapp/${id}`)).status === 'qrcode', {
        timeoutMs: 30_000,
        what: 'the QR',
      });
      expectAnswer(simulatorSessionResponseSchema, await call(tokenA, 'POST', `/simulator/connections/${id}/scan`, {}));
      connections.push(id);
    }
    const client = new Client({ connectionString: stack.database.url });
    await client.connect();
    try {
      // Outbound hears of the connections over Kafka.
      await waitFor(
        async () =>
          (
            await client.query(`SELECT count(*)::int AS n FROM outbound.connections WHERE id = ANY($1) AND status = 'CONNECTED'`, [
              connections,
            ])
          ).rows[0].n === 2,
        { timeoutMs: 60_000, what: 'outbound sees both connections connected' },
      );
      expect(
        (await call(tokenA, 'POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } }))
          .status,
      ).toBe(200);
      const list = expectAnswer(contactListSchema, await call(tokenA, 'POST', '/contact-lists', { name: 'Clientes' }));
      const numbers = Array.from({ length: 8 }, (_, i) => `5511966600${String(i).padStart(3, '0')}`);
      // Checked numbers (the check itself is covered elsewhere).
      await client.query(
        `INSERT INTO outbound.contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid, whatsapp_number)
         SELECT $1, $2, 'Cliente ' || n, n, true, n FROM unnest($3::text[]) AS n`,
        [COMPANY_A, list.id, numbers],
      );
      // Another company cannot send through these connections.
      expect((await call(tokenB, 'POST', '/campaigns', { name: 'Alheia', whatsappId: connections[0] })).status).toBe(404);

      const at = new Date(Date.now() + 3_000 - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
      const created = await call(tokenA, 'POST', '/campaigns', {
        name: 'Distribuída',
        message1: 'Oi {nome}',
        whatsappId: connections[0],
        whatsappId2: connections[1],
        contactListId: list.id,
        scheduledAt: at,
      });
      const campaign = expectAnswer(campaignSchema, created);
      await waitFor(
        () =>
          live.find(
            (payload) => payload.action === 'update' && payload.record.id === campaign.id && payload.record.status === 'FINALIZADA',
          ),
        { timeoutMs: 120_000, what: 'FINALIZADA on the socket' },
      );
      const received = [];
      for (const id of connections) {
        received.push(
          ...expectAnswer(simulatorOutboundResponseSchema, await call(tokenA, 'GET', `/simulator/connections/${id}/outbound`)).messages,
        );
      }
      expect(received.map((message) => message.to).sort()).toEqual(numbers);
      expect(received.every((message) => message.body === `Oi Cliente ${message.to}`)).toBe(true);
      const report = expectAnswer(campaignReportSchema, await call(tokenA, 'GET', `/campaigns/${campaign.id}/report`));
      expect(report.progress).toMatchObject({ recipients: 8, delivered: 8, failed: 0 });
      expect(report.connections.map((connection) => connection.delivered)).toEqual([4, 4]);
      expect(live.some((payload) => payload.action === 'progress' && payload.progress.campaignId === campaign.id)).toBe(true);
      expect((await call(tokenB, 'GET', `/campaigns/${campaign.id}`)).status).toBe(404);
      expect(heardByB.filter((event) => event.includes('campaign'))).toEqual([]);
    } finally {
      await client.end();
    }
  });
});

if (!brokers) {
  it.skip('distributed campaign tests need KAFKA_BROKERS', () => undefined);
}
