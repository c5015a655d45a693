import { type EventEnvelope, queueDeleted, TOPICS, userResponseSchema } from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';

import { as, logIn, outboxEvents } from '../testing/http';
import { announceQueues, type IdentityTestApp, insertCompanyWithAdmin, startIdentityTestApp, userWith } from '../testing/identity-test-app';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

describe("a queue deleted in conversations leaves the users' queue lists", () => {
  let t: IdentityTestApp;
  let acme: string;
  let acmeCompanyId: number;
  let anaId: number;
  let saraId: number;
  let acmeAdminId: number;
  let betoId: number;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    const a = await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
    await insertCompanyWithAdmin(t.dataSource, { name: 'Beta', adminEmail: 'boss@beta.test', password: 'beta-pass-1' });
    acmeCompanyId = a.company.id;
    acmeAdminId = a.admin.id;
    acme = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
    const beta = (await logIn(t, 'boss@beta.test', 'beta-pass-1')).token;
    const create = async (token: string, body: object) =>
      expectAnswer(userResponseSchema, await as(t, token).post('/api/users').send(body).expect(201)).id;
    await announceQueues(t, acmeCompanyId, [5, 6]);
    anaId = await create(acme, { name: 'Ana', email: 'ana@acme.test', password: 'ana-pass', profile: 'user', queueIds: [5, 6] });
    saraId = await create(acme, { name: 'Sara', email: 'sara@acme.test', password: 'sara-pass', profile: 'supervisor', queueIds: [6] });
    // Another company's user naming the same queue id: stored before queue ids were checked.
    betoId = await create(beta, { name: 'Beto', email: 'beto@beta.test', password: 'beto-pass', profile: 'user' });
    await t.dataSource.query(`UPDATE identity.users SET queue_ids = $2 WHERE id = $1`, [betoId, [5]]);
  });
  afterAll(() => t?.close());

  const queuesOf = async (id: number) => (await userWith(t.dataSource, { id })).queueIds;
  const known = async (companyId: number) =>
    (await t.dataSource.query(`SELECT queue_id FROM identity.company_queues WHERE company_id = $1 ORDER BY queue_id`, [companyId])).map(
      (row: { queue_id: number }) => row.queue_id,
    );
  const consumed = async () =>
    (await t.dataSource.query(`SELECT 1 FROM identity.processed_events WHERE consumer = 'identity-queue-deletions'`)).length as number;

  it("removes the id from that company's users only, each change an identity.user.updated; a redelivery changes nothing", async () => {
    const before = (await outboxEvents(t, 'identity.user.updated')).length;
    await t.publish(queueDeleted, acmeCompanyId, `queue-5`, { queueId: 5 });
    await waitFor(async () => (await queuesOf(anaId)).length === 1, { what: "Ana's queue list without 5" });

    expect(await queuesOf(anaId)).toEqual([6]);
    expect(await queuesOf(saraId)).toEqual([6]);
    expect(await queuesOf(acmeAdminId)).toEqual([]);
    expect(await queuesOf(betoId)).toEqual([5]);
    const shown = await as(t, acme).get(`/api/users/${anaId}`).expect(200);
    expectAnswer(userResponseSchema, shown);
    expect(shown.body.queues).toEqual([{ id: 6 }]);
    const ana = await logIn(t, 'ana@acme.test', 'ana-pass');
    expect(expectAnswer(userResponseSchema, await as(t, ana.token).get('/api/auth/me').expect(200)).queues).toEqual([{ id: 6 }]);

    const updates = (await outboxEvents(t, 'identity.user.updated')).slice(before);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ companyId: acmeCompanyId, key: String(anaId), payload: { user: { id: anaId, queueIds: [6] } } });

    // The queue is no longer the company's: giving it back is refused.
    const refused = await as(t, acme)
      .put(`/api/users/${anaId}`)
      .send({ queueIds: [5, 6] })
      .expect(400);
    expect(refused.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds: [5] });
    expect(await known(acmeCompanyId)).toEqual([6]);

    // The same event again, as a broker would redeliver it (the in-process publish resolves once every group handled it): applied once.
    // Ana holding 5 again (written straight, as data from before the check) shows it is not applied a second time.
    const [envelope] = (await outboxEvents(t, 'conversations.queue.deleted')) as EventEnvelope[];
    await t.dataSource.query(`UPDATE identity.users SET queue_ids = $2 WHERE id = $1`, [anaId, [5, 6]]);
    await t.transport.publish([{ topic: TOPICS.conversationsEvents, key: envelope!.key, envelope: envelope! }]);
    expect(await queuesOf(anaId)).toEqual([5, 6]);
    expect((await outboxEvents(t, 'identity.user.updated')).slice(before)).toHaveLength(1);
  });

  it('a deletion naming a queue no user has changes nothing and announces nothing', async () => {
    const before = (await outboxEvents(t, 'identity.user.updated')).length;
    const applied = await consumed();
    await t.publish(queueDeleted, acmeCompanyId, `queue-99`, { queueId: 99 });
    await waitFor(async () => (await consumed()) === applied + 1, { what: 'the second deletion consumed' });
    expect(await outboxEvents(t, 'identity.user.updated')).toHaveLength(before);
    expect(await queuesOf(saraId)).toEqual([6]);
  });
});
