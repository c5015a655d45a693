import { type EventEnvelope, queueDeleted, queueSaved, TOPICS, userResponseSchema } from '@app/contracts';
import { expectAnswer, queueFixture, waitFor } from '@app/platform/testing';

import { as, logIn, outboxEvents } from '../testing/http';
import {
  announceQueues,
  countUsers,
  type IdentityTestApp,
  insertCompanyWithAdmin,
  startIdentityTestApp,
  userWith,
} from '../testing/identity-test-app';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

describe("users are only given their company's queues, as conversations announced them", () => {
  let t: IdentityTestApp;
  let acme: string;
  let acmeCompanyId: number;
  let betaCompanyId: number;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    const a = await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
    const b = await insertCompanyWithAdmin(t.dataSource, { name: 'Beta', adminEmail: 'boss@beta.test', password: 'beta-pass-1' });
    acmeCompanyId = a.company.id;
    betaCompanyId = b.company.id;
    acme = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
    await announceQueues(t, acmeCompanyId, [1, 2]);
    await announceQueues(t, betaCompanyId, [10]);
  });
  afterAll(() => t?.close());

  const queuesOf = async (id: number) => (await userWith(t.dataSource, { id })).queueIds;
  const known = async (companyId: number) =>
    (await t.dataSource.query(`SELECT queue_id FROM identity.company_queues WHERE company_id = $1 ORDER BY queue_id`, [companyId])).map(
      (row: { queue_id: number }) => row.queue_id,
    );
  const createUser = (body: object) => as(t, acme).post('/api/users').send(body);

  it("another company's queue or an unknown id answers 400 ERR_QUEUE_NOT_FOUND naming them; nothing is stored", async () => {
    const foreign = await createUser({ name: 'Ana', email: 'ana@acme.test', password: 'ana-pass', queueIds: [1, 10] }).expect(400);
    expect(foreign.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [10] });
    expect(foreign.body.message).toMatch(/10/);
    const unknown = await createUser({ name: 'Ana', email: 'ana@acme.test', password: 'ana-pass', queueIds: [999, 2] }).expect(400);
    expect(unknown.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [999] });
    expect(await countUsers(t.dataSource, { email: 'ana@acme.test' })).toBe(0);
    expect((await outboxEvents(t, 'identity.user.created')).filter((e) => e.payload.user.email === 'ana@acme.test')).toHaveLength(0);
  });

  it('the own known queues are saved, on creation and on change; a refused change leaves the user as it was', async () => {
    const created = await createUser({ name: 'Bia', email: 'bia@acme.test', password: 'bia-pass', queueIds: [1] }).expect(201);
    expectAnswer(userResponseSchema, created);
    expect(created.body.queues).toEqual([{ id: 1 }]);
    const id = created.body.id as number;
    await as(t, acme)
      .put(`/api/users/${id}`)
      .send({ queueIds: [1, 2] })
      .expect(200);
    expect(await queuesOf(id)).toEqual([1, 2]);
    const refused = await as(t, acme)
      .put(`/api/users/${id}`)
      .send({ name: 'Bia 2', queueIds: [2, 10] })
      .expect(400);
    expect(refused.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [10] });
    const user = await userWith(t.dataSource, { id });
    expect({ name: user.name, queueIds: user.queueIds }).toEqual({ name: 'Bia', queueIds: [1, 2] });
  });

  it('ids the user already has are kept without a check (the projection may still be catching up); only new ones are checked', async () => {
    const { id } = expectAnswer(
      userResponseSchema,
      await createUser({ name: 'Caio', email: 'caio@acme.test', password: 'caio-pass' }).expect(201),
    );
    // Stored before ids were checked, or before the projection heard of the queue.
    await t.dataSource.query(`UPDATE identity.users SET queue_ids = $2 WHERE id = $1`, [id, [77]]);
    await as(t, acme)
      .put(`/api/users/${id}`)
      .send({ queueIds: [77, 1] })
      .expect(200);
    expect(await queuesOf(id)).toEqual([77, 1]);
    await as(t, acme).put(`/api/users/${id}`).send({ name: 'Caio Lima' }).expect(200);
    const refused = await as(t, acme)
      .put(`/api/users/${id}`)
      .send({ queueIds: [77, 1, 88] })
      .expect(400);
    expect(refused.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [88] });
  });

  it('a deleted queue leaves the projection and can no longer be given; a redelivered queue.saved does not bring it back', async () => {
    await announceQueues(t, acmeCompanyId, [3]);
    const saved = (await outboxEvents(t, 'conversations.queue.saved')).find((e) => e.key === 'queue-3') as EventEnvelope;
    const { id } = expectAnswer(
      userResponseSchema,
      await createUser({ name: 'Duda', email: 'duda@acme.test', password: 'duda-pass', queueIds: [3] }).expect(201),
    );

    await t.publish(queueDeleted, acmeCompanyId, 'queue-3', { queueId: 3 });
    await waitFor(async () => !(await known(acmeCompanyId)).includes(3), { what: 'queue 3 forgotten' });
    expect(await known(acmeCompanyId)).toEqual([1, 2]);
    expect(await queuesOf(id)).toEqual([]);
    const refused = await as(t, acme)
      .put(`/api/users/${id}`)
      .send({ queueIds: [3] })
      .expect(400);
    expect(refused.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [3] });

    // The broker delivers the old queue.saved again (the in-process publish resolves once every group handled it).
    await t.transport.publish([{ topic: TOPICS.conversationsEvents, key: saved.key, envelope: saved }]);
    expect(await known(acmeCompanyId)).toEqual([1, 2]);
    expect(await t.dataSource.query(`SELECT 1 FROM identity.processed_events WHERE event_id = $1`, [saved.id])).toHaveLength(1);
  });

  it('a queue is listed under the company that owns it; another company announcing nothing sees none of it', async () => {
    await t.publish(queueSaved, betaCompanyId, 'queue-11', { queue: queueFixture(betaCompanyId, 11), created: true });
    await waitFor(async () => (await known(betaCompanyId)).includes(11), { what: 'queue 11 known for Beta' });
    expect(await known(acmeCompanyId)).not.toContain(11);
    const refused = await createUser({ name: 'Eva', email: 'eva@acme.test', password: 'eva-pass', queueIds: [11] }).expect(400);
    expect(refused.body.error).toBe('ERR_QUEUE_NOT_FOUND');
  });
});
