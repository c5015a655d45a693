/**
 * A conversations process killed (SIGKILL) in the middle of a burst of inbound messages loses none:
 * whatsapp keeps publishing to Kafka, and the restarted process (same consumer group) files every
 * message once, in one ticket per contact.
 */
import { randomInt } from 'node:crypto';

import { connectionSchema, simulatorSessionResponseSchema } from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import { Client } from 'pg';

import { DistributedStack, type ServiceProcess } from '../support/distributed-stack';
import { callApi } from '../support/http-api';

jest.setTimeout(240_000);

const brokers = process.env.KAFKA_BROKERS;
const COMPANY = 950_000 + randomInt(0, 49_999);
const CONTACTS = 5;
const PER_CONTACT = 12;

(brokers ? describe : describe.skip)('distributed: a conversations restart in the middle of a burst', () => {
  let stack: DistributedStack;
  let whatsappUrl: string;
  let token: string;
  const conversations: ServiceProcess[] = [];

  beforeAll(async () => {
    stack = await DistributedStack.start('conv_restart', brokers!, { farConnectionIds: true });
    token = stack.token(1, COMPANY);
    const whatsapp = await stack.whatsapp();
    conversations.push(await stack.conversations());
    whatsappUrl = whatsapp.url;
    await Promise.all([whatsapp.ready(), conversations[0]!.ready()]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const call = <T>(method: string, route: string, body?: unknown) => callApi<T>(whatsappUrl, token, method, route, body);

  it('every message of the burst is filed exactly once after the restart', async () => {
    const { id } = expectAnswer(connectionSchema, await call('POST', '/whatsapp', { name: 'Rajada', provider: 'simulator' }));
    await waitFor(async () => expectAnswer(connectionSchema, await call('GET', `/whatsapp/${id}`)).status === 'qrcode', {
      timeoutMs: 30_000,
    });
    expectAnswer(simulatorSessionResponseSchema, await call('POST', `/simulator/connections/${id}/scan`, {}));
    await waitFor(async () => expectAnswer(connectionSchema, await call('GET', `/whatsapp/${id}`)).status === 'CONNECTED', {
      timeoutMs: 15_000,
    });

    const inject = (round: number) =>
      Promise.all(
        Array.from({ length: CONTACTS }, (_, c) =>
          call('POST', `/simulator/connections/${id}/inbound`, { from: `55119800000${c}`, body: `contato ${c} mensagem ${round}` }),
        ),
      );
    for (let round = 0; round < PER_CONTACT; round++) {
      if (round === PER_CONTACT / 3) conversations[0]!.process.child.kill('SIGKILL');
      if (round === (2 * PER_CONTACT) / 3) {
        conversations.push(conversations[0]!.again());
        await conversations[1]!.ready();
      }
      const answers = await inject(round);
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
    }

    const client = new Client({ connectionString: stack.database.url });
    await client.connect();
    try {
      const total = CONTACTS * PER_CONTACT;
      await waitFor(
        async () =>
          (await client.query(`SELECT count(*)::int AS n FROM conversations.messages WHERE company_id = $1`, [COMPANY])).rows[0].n >= total,
        { timeoutMs: 90_000, what: `${total} messages filed` },
      );
      const { rows } = await client.query(
        `SELECT count(*)::int AS messages, count(DISTINCT wid)::int AS distinct_ids, count(DISTINCT ticket_id)::int AS tickets
         FROM conversations.messages WHERE company_id = $1`,
        [COMPANY],
      );
      expect(rows[0]).toEqual({ messages: total, distinct_ids: total, tickets: CONTACTS });
      const unread = await client.query(`SELECT unread_messages FROM conversations.tickets WHERE company_id = $1`, [COMPANY]);
      expect(unread.rows.map((row) => row.unread_messages)).toEqual(Array(CONTACTS).fill(PER_CONTACT));
    } finally {
      await client.end();
    }
  });
});

if (!brokers) {
  it.skip('distributed restart tests need KAFKA_BROKERS', () => undefined);
}
