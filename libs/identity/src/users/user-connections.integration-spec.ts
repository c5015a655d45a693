import { randomUUID } from 'node:crypto';

import { connectionDeleted, type EventEnvelope, userResponseSchema, userSnapshotSchema, userUpdated } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';

import { as, logIn, outboxEvents } from '../testing/http';
import {
  announceConnections,
  countUsers,
  type IdentityTestApp,
  insertCompanyWithAdmin,
  startIdentityTestApp,
  userWith,
} from '../testing/identity-test-app';
import { ConnectionProjectionConsumer } from './connection-projection.consumer';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

const envelope = (type: string, companyId: number, key: number, payload: unknown): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  companyId,
  key: String(key),
  occurredAt: new Date().toISOString(),
  payload,
});

describe("users are only given their company's connections, as whatsapp announced them", () => {
  let t: IdentityTestApp;
  let acme: string;
  let beta: string;
  let acmeCompanyId: number;
  let betaCompanyId: number;
  let betaAdminId: number;
  const deliver = (event: EventEnvelope) => t.app.get(ConnectionProjectionConsumer).handle(event);
  const whatsappOf = async (id: number) => (await userWith(t.dataSource, { id })).whatsappId;

  beforeAll(async () => {
    t = await startIdentityTestApp();
    const a = await insertCompanyWithAdmin(t.dataSource, { name: 'Acme', adminEmail: 'boss@acme.test', password: 'acme-pass-1' });
    const b = await insertCompanyWithAdmin(t.dataSource, { name: 'Beta', adminEmail: 'boss@beta.test', password: 'beta-pass-1' });
    acmeCompanyId = a.company.id;
    betaCompanyId = b.company.id;
    betaAdminId = b.admin.id;
    acme = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
    beta = (await logIn(t, 'boss@beta.test', 'beta-pass-1')).token;
    await announceConnections(t, acmeCompanyId, [31, 32]);
    await announceConnections(t, betaCompanyId, [40]);
  });
  afterAll(() => t?.close());

  it("another company's connection or an unknown one, on POST /users, answers 404 ERR_NO_WAPP_FOUND; nothing is stored", async () => {
    const foreign = await as(t, beta)
      .post('/api/users')
      .send({ name: 'Eva', email: 'eva@beta.test', password: 'eva-pass', whatsappId: 31 })
      .expect(404);
    expect(foreign.body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND', whatsappIds: [31] });
    await as(t, beta).post('/api/users').send({ name: 'Eva', email: 'eva@beta.test', password: 'eva-pass', whatsappId: 999 }).expect(404);
    expect(await countUsers(t.dataSource, { email: 'eva@beta.test' })).toBe(0);
    const own = await as(t, beta)
      .post('/api/users')
      .send({ name: 'Eva', email: 'eva@beta.test', password: 'eva-pass', whatsappId: 40 })
      .expect(201);
    expectAnswer(userResponseSchema, own);
    expect(await whatsappOf(own.body.id)).toBe(40);
  });

  it("another company's connection on PUT /users/{id} answers 404 and leaves the user as it was; the own ones are saved", async () => {
    const { id } = expectAnswer(
      userResponseSchema,
      await as(t, acme).post('/api/users').send({ name: 'Bia', email: 'bia@acme.test', password: 'bia-pass', whatsappId: 31 }).expect(201),
    );
    const refused = await as(t, acme).put(`/api/users/${id}`).send({ name: 'Bia 2', whatsappId: 40 }).expect(404);
    expect(refused.body.error).toBe('ERR_NO_WAPP_FOUND');
    const user = await userWith(t.dataSource, { id });
    expect({ name: user.name, whatsappId: user.whatsappId }).toEqual({ name: 'Bia', whatsappId: 31 });
    await as(t, acme).put(`/api/users/${id}`).send({ whatsappId: 32 }).expect(200);
    expect(await whatsappOf(id)).toBe(32);
    // The one the user already has is no change, whatever the projection says; none clears it.
    await as(t, acme).put(`/api/users/${id}`).send({ name: 'Bia', whatsappId: 32 }).expect(200);
    await as(t, acme).put(`/api/users/${id}`).send({ whatsappId: null }).expect(200);
    expect(await whatsappOf(id)).toBeNull();
  });

  it("a deleted connection is forgotten and leaves its company's users that had it as default, each announced", async () => {
    const { id } = expectAnswer(
      userResponseSchema,
      await as(t, acme)
        .post('/api/users')
        .send({ name: 'Caio', email: 'caio@acme.test', password: 'caio-pass', whatsappId: 31 })
        .expect(201),
    );
    await deliver(envelope(connectionDeleted.type, acmeCompanyId, 31, { connectionId: 31, companyId: acmeCompanyId }));
    expect(await whatsappOf(id)).toBeNull();
    const announced = (await outboxEvents(t, userUpdated.type)).filter((e) => e.payload.user.id === id);
    expect(announced.at(-1)?.payload.user.whatsappId).toBeNull();
    await as(t, acme).put(`/api/users/${id}`).send({ whatsappId: 31 }).expect(404);
  });

  it("a user's snapshot, what another service whose copy lacks the user takes (decision 0039), is for any user of the company and no other", async () => {
    const dani = expectAnswer(
      userResponseSchema,
      await as(t, acme)
        .post('/api/users')
        .send({ name: 'Dani', email: 'dani@acme.test', password: 'dani-pass', profile: 'user' })
        .expect(201),
    );
    const daniToken = (await logIn(t, 'dani@acme.test', 'dani-pass')).token;
    const admin = (await userWith(t.dataSource, { email: 'boss@acme.test' })).id;
    const snapshot = expectAnswer(userSnapshotSchema, await as(t, daniToken).get(`/api/users/${admin}/snapshot`).expect(200));
    expect(snapshot).toMatchObject({ id: admin, companyId: acmeCompanyId, profile: 'admin' });
    expect(expectAnswer(userSnapshotSchema, await as(t, acme).get(`/api/users/${dani.id}/snapshot`).expect(200)).profile).toBe('user');
    const foreign = await as(t, acme).get(`/api/users/${betaAdminId}/snapshot`).expect(404);
    expect(foreign.body.error).toBe('ERR_NO_USER_FOUND');
    await as(t, beta).get(`/api/users/${dani.id}/snapshot`).expect(404);
  });
});
