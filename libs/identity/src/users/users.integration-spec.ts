import { randomUUID } from 'node:crypto';

import { presenceReported, userListResponseSchema, userPageResponseSchema, userResponseSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { as, fieldMessages, logIn, outboxEvents } from '../testing/http';
import {
  announceConnections,
  announceQueues,
  countUsers,
  type IdentityTestApp,
  insertCompanyWithAdmin,
  startIdentityTestApp,
  TEST_ADMIN,
  userWith,
} from '../testing/identity-test-app';
import { PresenceConsumer } from './presence.consumer';

// Passwords are hashed with argon2: slow by design, slower still when suites run side by side.
jest.setTimeout(30_000);

describe('users over HTTP: CRUD, the permission rules of docs/permissions.md, plan limit, presence', () => {
  let t: IdentityTestApp;
  let acme: string;
  let beta: string;
  let acmeCompanyId: number;
  let acmeAdminId: number;
  let betaUserId: number;

  const createUser = (token: string, body: object) => as(t, token).post('/api/users').send(body);

  beforeAll(async () => {
    t = await startIdentityTestApp();
    const a = await insertCompanyWithAdmin(t.dataSource, {
      name: 'Acme',
      adminEmail: 'boss@acme.test',
      password: 'acme-pass-1',
      usersLimit: 6,
    });
    await insertCompanyWithAdmin(t.dataSource, { name: 'Beta', adminEmail: 'boss@beta.test', password: 'beta-pass-1' });
    acmeCompanyId = a.company.id;
    acmeAdminId = a.admin.id;
    acme = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
    beta = (await logIn(t, 'boss@beta.test', 'beta-pass-1')).token;
    const created = await createUser(beta, { name: 'Beto', email: 'beto@beta.test', password: 'beto-pass' }).expect(201);
    betaUserId = expectAnswer(userResponseSchema, created).id;
    // Users are only given queues conversations announced for their company.
    await announceQueues(t, acmeCompanyId, [1, 2, 3]);
    await announceConnections(t, acmeCompanyId, [7]);
    await createUser(acme, { name: 'Ana Atendente', email: 'ana@acme.test', password: 'ana-pass', profile: 'user', queueIds: [1] }).expect(
      201,
    );
    await createUser(acme, { name: 'Sara Supervisora', email: 'sara@acme.test', password: 'sara-pass', profile: 'supervisor' }).expect(201);
  });
  afterAll(() => t?.close());

  const idOf = async (email: string) => (await userWith(t.dataSource, { email })).id;

  describe('reading', () => {
    it('GET /users/list gives every user of the caller company, to any of its users', async () => {
      const ana = await logIn(t, 'ana@acme.test', 'ana-pass');
      const list = await as(t, ana.token).get('/api/users/list').expect(200);
      expectAnswer(userListResponseSchema, list);
      expect(list.body.map((u: { email: string }) => u.email).sort()).toEqual(['ana@acme.test', 'boss@acme.test', 'sara@acme.test']);
      expect(list.body[0]).toEqual(
        expect.objectContaining({ id: expect.any(Number), name: expect.any(String), profile: expect.any(String), online: false }),
      );
    });

    it("another company's list is only for super users", async () => {
      const refused = await as(t, acme).get('/api/users/list').query({ companyId: 999 }).expect(403);
      expect(refused.body.error).toBe('ERR_NO_PERMISSION');
      const root = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
      const list = await as(t, root.token).get('/api/users/list').query({ companyId: acmeCompanyId }).expect(200);
      expectAnswer(userListResponseSchema, list);
      expect(list.body).toHaveLength(3);
    });

    it('supervisors see the users page; plain users do not', async () => {
      const sara = await logIn(t, 'sara@acme.test', 'sara-pass');
      const page = await as(t, sara.token).get('/api/users').expect(200);
      expectAnswer(userPageResponseSchema, page);
      expect(page.body).toMatchObject({ count: 3, hasMore: false });
      const ana = await logIn(t, 'ana@acme.test', 'ana-pass');
      expect((await as(t, ana.token).get('/api/users').expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    });

    it('GET /users/:id: yourself always, others with the users page; never another company (404)', async () => {
      const ana = await logIn(t, 'ana@acme.test', 'ana-pass');
      const anaId = await idOf('ana@acme.test');
      const me = await as(t, ana.token).get(`/api/users/${anaId}`).expect(200);
      expectAnswer(userResponseSchema, me);
      expect(me.body).toMatchObject({ email: 'ana@acme.test', profile: 'user', queues: [{ id: 1 }] });
      expect(me.body).not.toHaveProperty('passwordHash');
      await as(t, ana.token).get(`/api/users/${acmeAdminId}`).expect(403);
      await as(t, acme).get(`/api/users/${anaId}`).expect(200);
      const foreign = await as(t, acme).get(`/api/users/${betaUserId}`).expect(404);
      expect(foreign.body.error).toBe('ERR_NO_USER_FOUND');
      await as(t, acme).get('/api/users/abc').expect(400);
    });
  });

  describe('changing', () => {
    it('an admin changes name, e-mail, profile, queues, connection and allTicket; the change is an event', async () => {
      const id = await idOf('ana@acme.test');
      const changed = await as(t, acme)
        .put(`/api/users/${id}`)
        .send({
          name: 'Ana Souza',
          email: 'ana.souza@acme.test',
          profile: 'supervisor',
          queueIds: [2, 3],
          whatsappId: 7,
          allTicket: 'enabled',
        })
        .expect(200);
      expectAnswer(userResponseSchema, changed);
      expect(changed.body).toMatchObject({
        name: 'Ana Souza',
        email: 'ana.souza@acme.test',
        profile: 'supervisor',
        queues: [{ id: 2 }, { id: 3 }],
        whatsappId: 7,
        allTicket: 'enabled',
      });
      const events = await outboxEvents(t, 'identity.user.updated');
      expect(events.at(-1)).toMatchObject({ companyId: acmeCompanyId, payload: { user: { id, queueIds: [2, 3], profile: 'supervisor' } } });
      await as(t, acme)
        .put(`/api/users/${id}`)
        .send({ email: 'ana@acme.test', profile: 'user', queueIds: [1], whatsappId: null, allTicket: 'desabled' })
        .expect(200);
    });

    it('a user changes only their own name and password', async () => {
      const ana = await logIn(t, 'ana@acme.test', 'ana-pass');
      const id = await idOf('ana@acme.test');
      await as(t, ana.token).put(`/api/users/${id}`).send({ name: 'Ana Nova', password: 'ana-pass-2' }).expect(200);
      await logIn(t, 'ana@acme.test', 'ana-pass-2');
      // Unchanged values of admin fields are no change; changed ones are refused.
      await as(t, ana.token)
        .put(`/api/users/${id}`)
        .send({ name: 'Ana Nova', profile: 'user', queueIds: [1] })
        .expect(200);
      for (const body of [
        { profile: 'admin' },
        { queueIds: [1, 2] },
        { whatsappId: 3 },
        { allTicket: 'enabled' },
        { email: 'x@acme.test' },
      ]) {
        const refused = await as(t, ana.token).put(`/api/users/${id}`).send(body);
        if (refused.status !== 403) throw new Error(`${JSON.stringify(body)} answered ${refused.status} ${JSON.stringify(refused.body)}`);
        expect(refused.body.error).toBe('ERR_NO_PERMISSION');
      }
      const other = await as(t, ana.token).put(`/api/users/${acmeAdminId}`).send({ name: 'Hacked' }).expect(403);
      expect(other.body.error).toBe('ERR_NO_PERMISSION');
      const sara = await logIn(t, 'sara@acme.test', 'sara-pass');
      await as(t, sara.token).put(`/api/users/${id}`).send({ name: 'By Sara' }).expect(403);
      await as(t, ana.token).put(`/api/users/${id}`).send({ password: 'ana-pass' }).expect(200);
    });

    it('nobody but a super user grants super', async () => {
      const id = await idOf('ana@acme.test');
      await as(t, acme).put(`/api/users/${id}`).send({ super: true }).expect(403);
      await createUser(acme, { name: 'Wannabe', email: 'wannabe@acme.test', password: 'wannabe', super: true }).expect(403);
      expect((await userWith(t.dataSource, { id })).super).toBe(false);
    });

    it('an admin never edits nor deletes a super user', async () => {
      const root = await userWith(t.dataSource, { email: TEST_ADMIN.email });
      const platform = await insertCompanyWithAdmin(t.dataSource, {
        name: 'Platform Admin Co',
        adminEmail: 'x@x.test',
        password: 'x-pass-1',
      });
      await t.dataSource.query(`UPDATE identity.users SET company_id = $2 WHERE id = $1`, [platform.admin.id, root.companyId]);
      const admin = await logIn(t, 'x@x.test', 'x-pass-1');
      await as(t, admin.token).put(`/api/users/${root.id}`).send({ name: 'Not super anymore' }).expect(403);
      await as(t, admin.token).delete(`/api/users/${root.id}`).expect(403);
    });

    it('the last admin keeps the admin profile and is not deleted; nobody deletes themselves', async () => {
      const demote = await as(t, acme).put(`/api/users/${acmeAdminId}`).send({ profile: 'user' }).expect(409);
      expect(demote.body.error).toBe('ERR_LAST_ADMIN');
      const self = await as(t, acme).delete(`/api/users/${acmeAdminId}`).expect(409);
      expect(self.body.error).toBe('ERR_USER_DELETE_SELF');

      const second = await createUser(acme, {
        name: 'Second Admin',
        email: 'second@acme.test',
        password: 'second-pass',
        profile: 'admin',
      }).expect(201);
      expectAnswer(userResponseSchema, second);
      const secondToken = (await logIn(t, 'second@acme.test', 'second-pass')).token;
      await as(t, secondToken).put(`/api/users/${acmeAdminId}`).send({ profile: 'user' }).expect(200);
      const last = await as(t, secondToken).put(`/api/users/${second.body.id}`).send({ profile: 'user' }).expect(409);
      expect(last.body.error).toBe('ERR_LAST_ADMIN');
      await as(t, secondToken).put(`/api/users/${acmeAdminId}`).send({ profile: 'admin' }).expect(200);
      // Two admins deleting each other at once: one wins; the other finds itself the last admin, or
      // (when the winner committed before its request was checked) its session ended with its user.
      const third = await createUser(secondToken, {
        name: 'Third Admin',
        email: 'third@acme.test',
        password: 'third-pass',
        profile: 'admin',
      }).expect(201);
      expectAnswer(userResponseSchema, third);
      const thirdToken = (await logIn(t, 'third@acme.test', 'third-pass')).token;
      await as(t, secondToken).put(`/api/users/${acmeAdminId}`).send({ profile: 'user' }).expect(200);
      const [bySecond, byThird] = await Promise.all([
        as(t, secondToken).delete(`/api/users/${third.body.id}`),
        as(t, thirdToken).delete(`/api/users/${second.body.id}`),
      ]);
      expect([bySecond.status, byThird.status].filter((status) => status === 204)).toHaveLength(1);
      const [winnerToken, loser, loserToken, winnerId] =
        bySecond.status === 204 ? [secondToken, byThird, thirdToken, second.body.id] : [thirdToken, bySecond, secondToken, third.body.id];
      expect(loser.body.error).toMatch(/^ERR_(LAST_ADMIN|SESSION_EXPIRED)$/);
      expect(await countUsers(t.dataSource, { companyId: acmeCompanyId, profile: 'admin' })).toBe(1);
      // The deleted admin's token is refused at once (decision 0025).
      expect((await as(t, loserToken).get('/api/users/list')).status).toBe(401);

      await as(t, winnerToken).put(`/api/users/${acmeAdminId}`).send({ profile: 'admin' }).expect(200);
      acme = (await logIn(t, 'boss@acme.test', 'acme-pass-1')).token;
      await as(t, acme).delete(`/api/users/${winnerId}`).expect(204);
    });

    it('an admin deletes a user; the deletion is an event and the user can no longer log in', async () => {
      const created = await createUser(acme, { name: 'Temp User', email: 'temp@acme.test', password: 'temp-pass' }).expect(201);
      expectAnswer(userResponseSchema, created);
      await as(t, acme).delete(`/api/users/${created.body.id}`).expect(204);
      await request(t.http).post('/api/auth/login').send({ email: 'temp@acme.test', password: 'temp-pass' }).expect(401);
      const [event] = (await outboxEvents(t, 'identity.user.deleted')).filter((e) => e.key === String(created.body.id));
      expect(event.payload).toEqual({ userId: created.body.id, companyId: acmeCompanyId });
      await as(t, acme).delete(`/api/users/${created.body.id}`).expect(404);
    });

    it("company A's admin can neither change nor delete company B's users (404)", async () => {
      const changed = await as(t, acme).put(`/api/users/${betaUserId}`).send({ name: 'Hijacked' }).expect(404);
      expect(changed.body.error).toBe('ERR_NO_USER_FOUND');
      await as(t, acme).delete(`/api/users/${betaUserId}`).expect(404);
      expect((await userWith(t.dataSource, { id: betaUserId })).name).toBe('Beto');
    });

    it('bad input answers 400 with the spec messages', async () => {
      const id = await idOf('ana@acme.test');
      expect(
        fieldMessages(await as(t, acme).put(`/api/users/${id}`).send({ name: 'A', email: 'bad', password: '123' }).expect(400)),
      ).toEqual({
        name: 'Too Short!',
        email: 'Invalid email',
        password: 'Too Short!',
      });
      expect(fieldMessages(await createUser(acme, {}).expect(400))).toMatchObject({
        name: 'Required',
        email: 'Required',
        password: 'Required',
      });
      const taken = await as(t, acme).put(`/api/users/${id}`).send({ email: 'boss@beta.test' }).expect(409);
      expect(taken.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
    });

    it("creating beyond the plan's user limit answers ERR_USER_LIMIT_REACHED", async () => {
      const count = await countUsers(t.dataSource, { companyId: acmeCompanyId });
      for (let i = count; i < 6; i++) {
        await createUser(acme, { name: `Filler ${i}`, email: `filler${i}@acme.test`, password: 'filler' }).expect(201);
      }
      const over = await createUser(acme, { name: 'One Too Many', email: 'many@acme.test', password: 'many-pass' }).expect(403);
      expect(over.body.error).toBe('ERR_USER_LIMIT_REACHED');
    });
  });

  describe('presence', () => {
    const report = (userId: number, online: boolean, at = new Date()) => ({
      id: randomUUID(),
      type: presenceReported.type,
      version: 1,
      companyId: acmeCompanyId,
      key: String(userId),
      occurredAt: at.toISOString(),
      payload: { userId, companyId: acmeCompanyId, online, at: at.toISOString() },
    });

    it('a userStatus report marks the user online (an update event); an older report changes nothing; silence for 6 minutes counts as offline', async () => {
      const consumer = t.app.get(PresenceConsumer);
      const id = await idOf('sara@acme.test');
      const before = (await outboxEvents(t, 'identity.user.updated')).length;
      await consumer.handle(report(id, true));
      const online = await as(t, acme).get(`/api/users/${id}`).expect(200);
      expect(expectAnswer(userResponseSchema, online).online).toBe(true);
      const events = await outboxEvents(t, 'identity.user.updated');
      expect(events).toHaveLength(before + 1);
      expect(events.at(-1)!.payload.user).toMatchObject({ id, online: true });

      await consumer.handle(report(id, false, new Date(Date.now() - 60_000)));
      expect(expectAnswer(userResponseSchema, await as(t, acme).get(`/api/users/${id}`).expect(200)).online).toBe(true);

      await t.dataSource.query(`UPDATE identity.users SET last_seen_at = $2 WHERE id = $1`, [id, new Date(Date.now() - 7 * 60_000)]);
      const list = await as(t, acme).get('/api/users/list').expect(200);
      expect(expectAnswer(userListResponseSchema, list).find((u) => u.id === id)!.online).toBe(false);

      await consumer.handle(report(id, true));
      await consumer.handle(report(id, false));
      expect(expectAnswer(userResponseSchema, await as(t, acme).get(`/api/users/${id}`).expect(200)).online).toBe(false);
    });

    it("a report naming another company's user changes nothing", async () => {
      await t.app.get(PresenceConsumer).handle({
        ...report(betaUserId, true),
        payload: { userId: betaUserId, companyId: acmeCompanyId, online: true, at: new Date().toISOString() },
      });
      expect((await userWith(t.dataSource, { id: betaUserId })).online).toBe(false);
    });
  });
});
