import { connectionSchema, queueDeleted, TOPICS } from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { ConnectionRepository } from '../common/connection.repository';
import { announceQueues, startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';

jest.setTimeout(60_000);

const A = 401;
const B = 402;

describe("connections only offer and transfer to their company's queues, as conversations announced them", () => {
  let t: WhatsappTestApp;
  let adminA: string;

  beforeAll(async () => {
    // No sessions: the connections are only rows here.
    t = await startWhatsappTestApp({ runSessions: false });
    adminA = t.token({ userId: 1, companyId: A });
    await announceQueues(t, A, [1, 2]);
    await announceQueues(t, B, [10]);
  });
  afterAll(() => t.close());

  const post = (body: Record<string, unknown>) =>
    request(t.http)
      .post('/api/whatsapp')
      .set({ Authorization: `Bearer ${adminA}` })
      .send(body);
  const put = (id: number, body: Record<string, unknown>) =>
    request(t.http)
      .put(`/api/whatsapp/${id}`)
      .set({ Authorization: `Bearer ${adminA}` })
      .send(body);
  const row = (id: number) => new ConnectionRepository(t.dataSource).byId(id).then((found) => found!);
  const known = async (companyId: number) =>
    (await t.dataSource.query(`SELECT queue_id FROM whatsapp.company_queues WHERE company_id = $1 ORDER BY queue_id`, [companyId])).map(
      (r: { queue_id: number }) => r.queue_id,
    );

  it("another company's queue or an unknown id, offered or as transfer queue, answers 400 ERR_QUEUE_NOT_FOUND; nothing is stored", async () => {
    const foreign = await post({ name: 'Vendas', queueIds: [1, 10], greetingMessage: 'Escolha' }).expect(400);
    expect(foreign.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [10] });
    expect(foreign.body.message).toMatch(/10/);
    const unknown = await post({ name: 'Vendas', queueIds: [1], transferQueueId: 999 }).expect(400);
    expect(unknown.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [999] });
    const foreignTransfer = await post({ name: 'Vendas', transferQueueId: 10 }).expect(400);
    expect(foreignTransfer.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [10] });
    expect((await new ConnectionRepository(t.dataSource).allOfCompanyById(A)).length).toBe(0);
  });

  it('the own known queues are saved, on creation and on change; a refused change leaves the connection as it was', async () => {
    const created = expectAnswer(connectionSchema, await post({ name: 'Suporte', queueIds: [1], transferQueueId: 2 }).expect(201));
    expect(created).toMatchObject({ queueIds: [1], transferQueueId: 2 });
    await put(created.id, { queueIds: [1, 2], greetingMessage: 'Escolha', transferQueueId: 1 }).expect(200);
    expect(await row(created.id)).toMatchObject({ queueIds: [1, 2], transferQueueId: 1 });
    const refused = await put(created.id, { name: 'Suporte 2', transferQueueId: 10 }).expect(400);
    expect(refused.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [10] });
    expect(await row(created.id)).toMatchObject({ name: 'Suporte', queueIds: [1, 2], transferQueueId: 1 });
    await put(created.id, { transferQueueId: null }).expect(200);
  });

  it('ids the connection already has are kept without a check (the projection may still be catching up); only new ones are checked', async () => {
    const created = expectAnswer(connectionSchema, await post({ name: 'Antiga' }).expect(201));
    // Stored before ids were checked, or before the projection heard of the queues.
    await t.dataSource.query(`UPDATE whatsapp.connections SET queue_ids = $2, transfer_queue_id = $3 WHERE id = $1`, [
      created.id,
      [77],
      78,
    ]);
    await put(created.id, { queueIds: [77, 1], greetingMessage: 'Escolha', transferQueueId: 78 }).expect(200);
    await put(created.id, { name: 'Antiga 2' }).expect(200);
    expect(await row(created.id)).toMatchObject({ name: 'Antiga 2', queueIds: [77, 1], transferQueueId: 78 });
    const refused = await put(created.id, { queueIds: [77, 1, 88] }).expect(400);
    expect(refused.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [88] });
  });

  it('a deleted queue leaves the projection and can no longer be named; a redelivered queue.saved does not bring it back', async () => {
    await announceQueues(t, A, [3]);
    await t.published();
    const saved = t.events.find((e) => e.type === 'conversations.queue.saved' && e.key === 'queue-3')!;
    const created = expectAnswer(connectionSchema, await post({ name: 'Plantão', transferQueueId: 3 }).expect(201));

    await t.publish(queueDeleted, A, 'queue-3', { queueId: 3 });
    await waitFor(async () => !(await known(A)).includes(3), { what: 'queue 3 forgotten' });
    expect(await known(A)).toEqual([1, 2]);
    await waitFor(async () => (await row(created.id)).transferQueueId === null, { what: 'the transfer to 3 cleared' });
    const refused = await put(created.id, { transferQueueId: 3 }).expect(400);
    expect(refused.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [3] });

    // The broker delivers the old queue.saved again (the in-process publish resolves once every group handled it).
    await t.transport.publish([{ topic: TOPICS.conversationsEvents, key: saved!.key, envelope: saved! }]);
    expect(await known(A)).toEqual([1, 2]);
    expect(await t.dataSource.query(`SELECT 1 FROM whatsapp.processed_events WHERE event_id = $1`, [saved!.id])).toHaveLength(1);
    expect(await known(B)).toEqual([10]);
  });
});
