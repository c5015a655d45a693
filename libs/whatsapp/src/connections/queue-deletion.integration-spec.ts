import { type Connection, connectionSchema, type EventEnvelope, queueDeleted, TOPICS } from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { announceQueues, startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';

jest.setTimeout(60_000);

const A = 301;
const B = 302;

describe("a queue deleted in conversations leaves the connections' queue lists", () => {
  let t: WhatsappTestApp;
  let adminA: string;
  let adminB: string;

  beforeAll(async () => {
    // No sessions: the connections are only rows here.
    t = await startWhatsappTestApp({ runSessions: false });
    adminA = t.token({ userId: 1, companyId: A });
    adminB = t.token({ userId: 2, companyId: B });
    await announceQueues(t, A, [5, 6]);
  });
  afterAll(() => t.close());

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const create = async (token: string, body: Record<string, unknown>): Promise<Connection> =>
    expectAnswer(connectionSchema, await request(t.http).post('/api/whatsapp').set(as(token)).send(body).expect(201));
  const get = async (token: string, id: number): Promise<Connection> =>
    expectAnswer(connectionSchema, await request(t.http).get(`/api/whatsapp/${id}`).set(as(token)).expect(200));
  const updates = (id: number) =>
    t.events.filter((e) => e.type === 'whatsapp.connection.updated' && (e.payload as { connection: Connection }).connection.id === id);
  const deletions = async (): Promise<EventEnvelope[]> => {
    await t.published();
    return t.events.filter((e) => e.type === 'conversations.queue.deleted');
  };

  it("removes the id from that company's connections only, clears a transfer to it, announces each change once", async () => {
    const vendas = await create(adminA, {
      name: 'Vendas',
      queueIds: [5, 6],
      greetingMessage: 'Escolha',
      transferQueueId: 5,
      timeToTransfer: 10,
    });
    const suporte = await create(adminA, { name: 'Suporte', queueIds: [6], transferQueueId: 6 });
    const transferOnly = await create(adminA, { name: 'Plantão', transferQueueId: 5 });
    // Another company's connection naming the same queue id: stored before queue ids were checked.
    const foreign = await create(adminB, { name: 'Outra' });
    await t.dataSource.query(`UPDATE whatsapp.connections SET queue_ids = $2, transfer_queue_id = $3 WHERE id = $1`, [foreign.id, [5], 5]);
    await waitFor(() => updates(foreign.id).length > 0, { what: 'the creations announced' });
    const before = { vendas: updates(vendas.id).length, suporte: updates(suporte.id).length, plantao: updates(transferOnly.id).length };

    await t.publish(queueDeleted, A, 'queue-5', { queueId: 5 });
    await waitFor(async () => (await get(adminA, vendas.id)).queueIds.length === 1, { what: 'Vendas without queue 5' });

    // The greeting is the company's text and stays; only the dead queue goes.
    expect(await get(adminA, vendas.id)).toMatchObject({
      queueIds: [6],
      transferQueueId: null,
      timeToTransfer: 10,
      greetingMessage: 'Escolha',
    });
    expect(await get(adminA, suporte.id)).toMatchObject({ queueIds: [6], transferQueueId: 6 });
    expect(await get(adminA, transferOnly.id)).toMatchObject({ queueIds: [], transferQueueId: null });
    expect(await get(adminB, foreign.id)).toMatchObject({ queueIds: [5], transferQueueId: 5 });

    await waitFor(() => updates(transferOnly.id).length > before.plantao, { what: 'the connection updates' });
    expect(updates(vendas.id)).toHaveLength(before.vendas + 1);
    expect(updates(vendas.id).at(-1)).toMatchObject({
      companyId: A,
      payload: { connection: { id: vendas.id, queueIds: [6], transferQueueId: null } },
    });
    expect(updates(suporte.id)).toHaveLength(before.suporte);
    expect(updates(foreign.id)).toHaveLength(1);

    // The queue is no longer the company's: naming it again is refused.
    const refused = await request(t.http).put(`/api/whatsapp/${vendas.id}`).set(as(adminA)).send({ transferQueueId: 5 }).expect(400);
    expect(refused.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [5] });

    // The same event again, as a broker would redeliver it (the in-process publish resolves once every group handled it): applied once.
    // Vendas transferring to 5 again (written straight, as data from before the check) shows it is not applied a second time.
    await t.dataSource.query(`UPDATE whatsapp.connections SET transfer_queue_id = $2 WHERE id = $1`, [vendas.id, 5]);
    const [envelope] = await deletions();
    await t.transport.publish([{ topic: TOPICS.conversationsEvents, key: envelope!.key, envelope: envelope! }]);
    expect((await get(adminA, vendas.id)).transferQueueId).toBe(5);
    expect(updates(vendas.id)).toHaveLength(before.vendas + 1);
  });
});
