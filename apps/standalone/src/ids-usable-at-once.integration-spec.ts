import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { AiModule } from '@app/ai';
import {
  campaignSchema,
  connectionSchema,
  contactSchema,
  promptSchema,
  queueSchema,
  scheduleSchema,
  tagSchema,
  userResponseSchema,
} from '@app/contracts';
import { ConversationsModule } from '@app/conversations';
import { IdentityModule } from '@app/identity';
import { OutboundModule } from '@app/outbound';
import { AccessTokenService, configureHttpApp, type PlanFlag, PlatformModule, type PlatformOptions } from '@app/platform';
import {
  createTestDatabase,
  expectAnswer,
  expectErrorAnswer,
  type TestDatabase,
  TokenClaimsSessionsModule,
  waitFor,
} from '@app/platform/testing';
import { WhatsappModule } from '@app/whatsapp';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Client } from 'pg';
import request from 'supertest';
import type { DataSource } from 'typeorm';

jest.setTimeout(90_000);

const A = 41;
const B = 42;
const PLAN: PlanFlag[] = ['useCampaigns', 'useSchedules', 'useOpenAi'];

/** Next week's Tuesday at 10:00 in São Paulo, inside the schedules' default hours. */
function nextTuesdayTen(): string {
  const day = new Date(Date.now() + 7 * 86_400_000 - 3 * 3_600_000);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return `${day.toISOString().slice(0, 10)}T10:00`;
}

interface Started {
  app: INestApplication;
  token(companyId: number): string;
}

async function startApp(
  name: string,
  database: TestDatabase,
  storageDir: string,
  secret: string,
  modules: DynamicModule[],
  platform: Partial<PlatformOptions> = {},
  /** Identity answers session checks itself; otherwise every token's session is taken as alive. */
  sessions: 'module' | 'token-claims' = 'token-claims',
): Promise<Started> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      PlatformModule.forRoot({
        serviceName: name,
        mode: 'standalone',
        databaseUrl: database.url,
        jwt: { secret, accessTtlSeconds: 900 },
        logLevel: 'silent',
        storageDir,
        ...platform,
      }),
      ...modules,
      ...(sessions === 'token-claims' ? [TokenClaimsSessionsModule] : []),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureHttpApp(app);
  await app.init();
  const tokens = app.get(AccessTokenService);
  return {
    app,
    token: (companyId) =>
      tokens.sign({ sub: String(companyId * 10), companyId, profile: 'admin', super: false, sid: randomUUID(), plan: PLAN }),
  };
}

/** What a company creates through the owners (conversations and whatsapp) in one request each. */
function owners(api: () => request.Agent | ReturnType<typeof request>, token: (companyId: number) => string) {
  const as = (companyId: number) => ({ Authorization: `Bearer ${token(companyId)}` });
  return {
    as,
    contact: async (companyId: number, name: string, number: string) =>
      expectAnswer(contactSchema, await api().post('/api/contacts').set(as(companyId)).send({ name, number }).expect(201)),
    tag: async (companyId: number, name: string) =>
      expectAnswer(tagSchema, await api().post('/api/tags').set(as(companyId)).send({ name }).expect(201)),
    connection: async (companyId: number, name: string) =>
      expectAnswer(
        connectionSchema,
        await api().post('/api/whatsapp').set(as(companyId)).send({ name, provider: 'simulator' }).expect(201),
      ),
  };
}

/**
 * Ids one service accepts from another are usable in the request right after the one that created
 * them, before the owner's event reached the copy (docs/decisions/0039-ids-usable-at-once-read-through.md):
 * outbound books an appointment for a contact conversations just created, with a connection whatsapp
 * just created, and starts a campaign on a tag just created. A genuine unknown id and another
 * company's id stay not found.
 */
describe('ids of another service are usable at once, in one process (standalone: in-process answers)', () => {
  let database: TestDatabase;
  let storageDir: string;
  let started: Started;
  let outbound: DataSource;
  let hold: Client | null = null;
  const api = () => request(started.app.getHttpServer());
  const make = () => owners(api, started.token);

  /**
   * Holds back every event outbound's consumers would apply (they record each one in
   * outbound.processed_events first, which this lock blocks) until `release`.
   */
  const holdOutboundConsumers = async () => {
    hold = new Client({ connectionString: database.url });
    await hold.connect();
    await hold.query('BEGIN');
    await hold.query('LOCK TABLE outbound.processed_events IN EXCLUSIVE MODE');
  };
  const release = async () => {
    await hold?.query('COMMIT');
    await hold?.end();
    hold = null;
  };
  const inCopy = async (table: string, id: number) =>
    (await outbound.query(`SELECT count(*)::int AS n FROM outbound.${table} WHERE id = $1`, [id]))[0].n === 1;

  beforeAll(async () => {
    database = await createTestDatabase('ids_usable_at_once');
    storageDir = mkdtempSync(path.join(tmpdir(), 'ids-usable-at-once-'));
    started = await startApp('ids-usable-at-once', database, storageDir, randomBytes(32).toString('hex'), [
      WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000 }),
      ConversationsModule.forRoot({}),
      OutboundModule.forRoot({ numberCheckIntervalMs: 0 }),
    ]);
    outbound = started.app.get<DataSource>(getDataSourceToken('outbound'));
  });

  afterEach(async () => {
    await release();
  });

  afterAll(async () => {
    await started?.app.close();
    await database?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  it('a contact and a connection just created are booked at once; the events that come later leave one copy of each', async () => {
    const { as, contact, connection } = make();
    await holdOutboundConsumers();
    const ana = await contact(A, 'Ana Nova', '5511900004001');
    const sender = await connection(A, 'Agenda');
    expect(await inCopy('contacts', ana.id)).toBe(false);
    expect(await inCopy('connections', sender.id)).toBe(false);

    const schedule = expectAnswer(
      scheduleSchema,
      await api()
        .post('/api/schedules')
        .set(as(A))
        .send({ body: 'Sua consulta', contactId: ana.id, sendAt: nextTuesdayTen(), WhatsappSenderId: sender.id })
        .expect(201),
    );
    expect(schedule.contact).toEqual({ id: ana.id, name: 'Ana Nova', number: '5511900004001' });
    expect(schedule.WhatsappSenderId).toBe(sender.id);

    await release();
    await waitFor(async () => (await outbound.query(`SELECT count(*)::int AS n FROM outbound.outbox`))[0].n === 0, {
      what: 'outbound idle',
    });
    await waitFor(
      async () =>
        (await outbound.query(`SELECT count(*)::int AS n FROM outbound.processed_events WHERE consumer = 'outbound-conversations'`))[0].n >
        0,
      { what: "conversations' events applied" },
    );
    expect(await outbound.query(`SELECT id, name FROM outbound.contacts WHERE id = $1`, [ana.id])).toEqual([
      { id: ana.id, name: 'Ana Nova' },
    ]);
  });

  it('a campaign names a tag and a connection just created, in one request', async () => {
    const { as, tag, connection } = make();
    await holdOutboundConsumers();
    const vip = await tag(A, 'VIP novo');
    const sender = await connection(A, 'Campanhas');
    const campaign = expectAnswer(
      campaignSchema,
      await api()
        .post('/api/campaigns')
        .set(as(A))
        .send({ name: 'Lançamento', message1: 'Oi {nome}', whatsappId: sender.id, tagListId: vip.id })
        .expect(201),
    );
    expect(campaign.tagListId).toBe(vip.id);
    expect(await inCopy('tags', vip.id)).toBe(true);
  });

  it('an unknown id and ids of another company stay not found', async () => {
    const { as, contact, tag, connection } = make();
    const theirs = await contact(B, 'Bia de Outra', '5511900004002');
    const theirTag = await tag(B, 'Deles');
    const theirConnection = await connection(B, 'Deles');
    const sendAt = nextTuesdayTen();

    expectErrorAnswer(
      await api().post('/api/schedules').set(as(A)).send({ body: 'Sua consulta', contactId: 987_654, sendAt }).expect(404),
      'ERR_NO_CONTACT_FOUND',
    );
    expectErrorAnswer(
      await api().post('/api/schedules').set(as(A)).send({ body: 'Sua consulta', contactId: theirs.id, sendAt }).expect(404),
      'ERR_NO_CONTACT_FOUND',
    );
    const mine = await contact(A, 'Caio Meu', '5511900004003');
    expectErrorAnswer(
      await api()
        .post('/api/schedules')
        .set(as(A))
        .send({ body: 'Sua consulta', contactId: mine.id, sendAt, WhatsappSenderId: theirConnection.id })
        .expect(404),
      'ERR_NO_WAPP_FOUND',
    );
    const refused = expectErrorAnswer(
      await api().post('/api/campaigns').set(as(A)).send({ name: 'Alheia', message1: 'Oi', tagListId: theirTag.id }).expect(404),
      'ERR_NOT_FOUND',
    );
    expect(refused.references).toEqual(['tagListId']);
    expect(
      (await outbound.query(`SELECT count(*)::int AS n FROM outbound.contacts WHERE id = $1 AND company_id = $2`, [theirs.id, A]))[0].n,
    ).toBe(0);
  });

  it('a contact deleted while the copy did not have it yet stays not found', async () => {
    const { as, contact } = make();
    // Its creation and its deletion are both still on their way to outbound.
    await holdOutboundConsumers();
    const gone = await contact(A, 'Duda Apagada', '5511900004004');
    await api().delete(`/api/contacts/${gone.id}`).set(as(A)).expect(200);
    expectErrorAnswer(
      await api()
        .post('/api/schedules')
        .set(as(A))
        .send({ body: 'Sua consulta', contactId: gone.id, sendAt: nextTuesdayTen() })
        .expect(404),
      'ERR_NO_CONTACT_FOUND',
    );
  });
});

describe('ids of another service are usable at once, across processes (the owners answer over HTTP)', () => {
  let ownersDatabase: TestDatabase;
  let outboundDatabase: TestDatabase;
  let storageDir: string;
  let owner: Started;
  let consumer: Started;
  let outbound: DataSource;
  const ownerApi = () => request(owner.app.getHttpServer());
  const api = () => request(consumer.app.getHttpServer());

  beforeAll(async () => {
    const secret = randomBytes(32).toString('hex');
    ownersDatabase = await createTestDatabase('ids_owners');
    outboundDatabase = await createTestDatabase('ids_outbound');
    storageDir = mkdtempSync(path.join(tmpdir(), 'ids-across-'));
    owner = await startApp('ids-owners', ownersDatabase, storageDir, secret, [
      WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000 }),
      ConversationsModule.forRoot({}),
    ]);
    await owner.app.listen(0, '127.0.0.1');
    const ownerUrl = await owner.app.getUrl();
    // Outbound in its own process as far as events go: its transport never hears the owners' events.
    consumer = await startApp(
      'ids-outbound',
      outboundDatabase,
      storageDir,
      secret,
      [OutboundModule.forRoot({ numberCheckIntervalMs: 0 })],
      {
        serviceUrls: { conversations: ownerUrl, whatsapp: ownerUrl },
      },
    );
    outbound = consumer.app.get<DataSource>(getDataSourceToken('outbound'));
  });

  afterAll(async () => {
    await consumer?.app.close();
    await owner?.app.close();
    await ownersDatabase?.drop();
    await outboundDatabase?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  it('a contact, a tag and a connection created in their owners are usable in outbound at once; unknown and foreign ids are not', async () => {
    const { as, contact, tag, connection } = owners(ownerApi, owner.token);
    const ana = await contact(A, 'Ana Remota', '5511900005001');
    const sender = await connection(A, 'Remota');
    const vip = await tag(A, 'VIP remoto');
    const sendAt = nextTuesdayTen();

    const schedule = expectAnswer(
      scheduleSchema,
      await api()
        .post('/api/schedules')
        .set(as(A))
        .send({ body: 'Sua consulta', contactId: ana.id, sendAt, WhatsappSenderId: sender.id })
        .expect(201),
    );
    expect(schedule.contact).toEqual({ id: ana.id, name: 'Ana Remota', number: '5511900005001' });
    expectAnswer(
      campaignSchema,
      await api()
        .post('/api/campaigns')
        .set(as(A))
        .send({ name: 'Remota', message1: 'Oi', whatsappId: sender.id, tagListId: vip.id })
        .expect(201),
    );
    expect(await outbound.query(`SELECT id, company_id FROM outbound.contacts`)).toEqual([{ id: ana.id, company_id: A }]);

    const theirs = await contact(B, 'Bia Remota', '5511900005002');
    const theirTag = await tag(B, 'Deles remoto');
    for (const contactId of [theirs.id, 987_654]) {
      expectErrorAnswer(
        await api().post('/api/schedules').set(as(A)).send({ body: 'Sua consulta', contactId, sendAt }).expect(404),
        'ERR_NO_CONTACT_FOUND',
      );
    }
    expectErrorAnswer(
      await api().post('/api/campaigns').set(as(A)).send({ name: 'Alheia', message1: 'Oi', tagListId: theirTag.id }).expect(404),
      'ERR_NOT_FOUND',
    );
    expect(await outbound.query(`SELECT id FROM outbound.contacts WHERE company_id = $1`, [B])).toEqual([]);
    expect(await outbound.query(`SELECT id FROM outbound.tags`)).toEqual([{ id: vip.id }]);
  });
});

describe('identity, whatsapp and conversations take ids the others created a moment ago (the owners answer over HTTP)', () => {
  const ADMIN = { email: 'root@ids.test', password: 'Root-password-1' };
  let ownersDatabase: TestDatabase;
  let consumersDatabase: TestDatabase;
  let storageDir: string;
  let owner: Started;
  let consumer: Started;
  let identity: DataSource;
  let hold: Client | null = null;
  let adminToken: string;
  const ownerApi = () => request(owner.app.getHttpServer());
  const api = () => request(consumer.app.getHttpServer());
  let colours = 0;
  const queue = async (token: string, name: string) =>
    expectAnswer(
      queueSchema,
      await ownerApi()
        .post('/api/queue')
        .set({ Authorization: `Bearer ${token}` })
        .send({ name, color: `#3366${String(++colours).padStart(2, '0')}` })
        .expect(201),
    );

  beforeAll(async () => {
    const secret = randomBytes(32).toString('hex');
    ownersDatabase = await createTestDatabase('ids_queue_owner');
    consumersDatabase = await createTestDatabase('ids_queue_consumers');
    storageDir = mkdtempSync(path.join(tmpdir(), 'ids-queues-'));
    // Conversations asks identity and whatsapp, which listen after it: their address is filled in below.
    const ownerAsks: Partial<Record<'identity' | 'whatsapp', string>> = {};
    owner = await startApp('ids-queue-owner', ownersDatabase, storageDir, secret, [ConversationsModule.forRoot({})], {
      serviceUrls: ownerAsks,
    });
    await owner.app.listen(0, '127.0.0.1');
    const ownerUrl = await owner.app.getUrl();
    consumer = await startApp(
      'ids-queue-consumers',
      consumersDatabase,
      storageDir,
      secret,
      [
        IdentityModule.forRoot({ refreshTtlSeconds: 3600, secureCookies: false, admin: { ...ADMIN } }),
        WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000 }),
      ],
      { serviceUrls: { conversations: ownerUrl } },
      'module',
    );
    identity = consumer.app.get<DataSource>(getDataSourceToken('identity'));
    await consumer.app.listen(0, '127.0.0.1');
    ownerAsks.identity = ownerAsks.whatsapp = await consumer.app.getUrl();
    const login = await api().post('/api/auth/login').send(ADMIN).expect(200);
    adminToken = login.body.token as string;
  });

  afterEach(async () => {
    await hold?.query('COMMIT');
    await hold?.end();
    hold = null;
  });

  afterAll(async () => {
    await consumer?.app.close();
    await owner?.app.close();
    await ownersDatabase?.drop();
    await consumersDatabase?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  it("a user and a connection are given a queue just created; an unknown queue and another company's are refused", async () => {
    const as = { Authorization: `Bearer ${adminToken}` };
    const companyId = (await identity.query(`SELECT company_id FROM identity.users WHERE email = $1`, [ADMIN.email]))[0]
      .company_id as number;
    const sales = await queue(adminToken, 'Vendas');
    const support = await queue(adminToken, 'Suporte');
    const user = expectAnswer(
      userResponseSchema,
      await api()
        .post('/api/users')
        .set(as)
        .send({ name: 'Ana', email: 'ana@ids.test', password: 'ana-password', profile: 'user', queueIds: [sales.id, support.id] })
        .expect(201),
    );
    expect(user.queues.map((q) => q.id).sort()).toEqual([sales.id, support.id].sort());
    expectAnswer(
      connectionSchema,
      await api()
        .post('/api/whatsapp')
        .set(as)
        .send({ name: 'Filas', provider: 'simulator', queueIds: [sales.id], transferQueueId: support.id })
        .expect(201),
    );

    const theirs = await queue(owner.token(companyId + 100), 'Deles');
    for (const queueIds of [[theirs.id], [987_654]]) {
      const refused = await api()
        .post('/api/users')
        .set(as)
        .send({ name: 'Bia', email: 'bia@ids.test', password: 'bia-password', queueIds })
        .expect(400);
      expect(refused.body).toMatchObject({ error: 'ERR_QUEUE_NOT_FOUND', queueIds });
      await api().post('/api/whatsapp').set(as).send({ name: 'Alheia', provider: 'simulator', queueIds }).expect(400);
    }
    expect(await identity.query(`SELECT queue_id FROM identity.company_queues WHERE queue_id = $1`, [theirs.id])).toEqual([]);
  });

  it('a user is given a connection just created, before identity heard of it', async () => {
    const as = { Authorization: `Bearer ${adminToken}` };
    hold = new Client({ connectionString: consumersDatabase.url });
    await hold.connect();
    await hold.query('BEGIN');
    await hold.query('LOCK TABLE identity.processed_events IN EXCLUSIVE MODE');
    const connection = expectAnswer(
      connectionSchema,
      await api().post('/api/whatsapp').set(as).send({ name: 'Padrão da Carla', provider: 'simulator' }).expect(201),
    );
    expect(await identity.query(`SELECT 1 FROM identity.company_connections WHERE connection_id = $1`, [connection.id])).toEqual([]);
    const user = expectAnswer(
      userResponseSchema,
      await api()
        .post('/api/users')
        .set(as)
        .send({ name: 'Carla', email: 'carla@ids.test', password: 'carla-password', whatsappId: connection.id })
        .expect(201),
    );
    expect(user.whatsappId).toBe(connection.id);
  });

  it('a ticket names a connection and a user just created, and a chat a user just created; an unknown user is not found', async () => {
    const as = { Authorization: `Bearer ${adminToken}` };
    // Conversations' transport never hears identity's or whatsapp's events here.
    const carla = expectAnswer(
      userResponseSchema,
      await api()
        .post('/api/users')
        .set(as)
        .send({ name: 'Carla Nova', email: 'carla.nova@ids.test', password: 'carla-password' })
        .expect(201),
    );
    const connection = expectAnswer(
      connectionSchema,
      await api().post('/api/whatsapp').set(as).send({ name: 'Atendimento novo', provider: 'simulator' }).expect(201),
    );
    const contact = expectAnswer(
      contactSchema,
      await ownerApi().post('/api/contacts').set(as).send({ name: 'Cliente', number: '5511900006001' }).expect(201),
    );
    const ticket = await ownerApi()
      .post('/api/tickets')
      .set(as)
      .send({ contactId: contact.id, whatsappId: connection.id, userId: carla.id, status: 'open' })
      .expect(201);
    expect(ticket.body).toMatchObject({ userId: carla.id, whatsappId: connection.id });
    await ownerApi()
      .post('/api/chats')
      .set(as)
      .send({ title: 'Equipe', users: [carla.id] })
      .expect(201);

    const refused = await ownerApi()
      .post('/api/chats')
      .set(as)
      .send({ title: 'Ninguém', users: [987_654] })
      .expect(404);
    expect(refused.body.error).toBe('ERR_NO_USER_FOUND');
    const noConnection = await ownerApi().post('/api/tickets').set(as).send({ contactId: contact.id, whatsappId: 987_654 }).expect(404);
    expect(noConnection.body.error).toBe('ERR_NO_WAPP_FOUND');
  });
});

/**
 * The ai service's copy of conversations' queues (a prompt names one) takes a queue conversations
 * created a moment ago, and one created before ai listened, from conversations' answer.
 */
describe('ai takes queues conversations created a moment ago (standalone: in-process answers)', () => {
  let database: TestDatabase;
  let storageDir: string;
  let started: Started;
  let ai: DataSource;
  let hold: Client | null = null;
  const api = () => request(started.app.getHttpServer());
  const as = (companyId: number) => ({ Authorization: `Bearer ${started.token(companyId)}` });
  let colours = 0;
  const queue = async (companyId: number, name: string) => {
    const color = `#${(0x100000 + ++colours).toString(16)}`; // a company's queues each have their own colour
    return expectAnswer(queueSchema, await api().post('/api/queue').set(as(companyId)).send({ name, color }).expect(201));
  };
  const prompt = (companyId: number, queueId: number) =>
    api()
      .post('/api/prompt')
      .set(as(companyId))
      .send({
        name: 'Atendente virtual',
        apiKey: 'sk-test-0123456789abcdef',
        prompt: 'Você atende os clientes da loja com cordialidade.'.repeat(2),
        queueId,
      });

  beforeAll(async () => {
    database = await createTestDatabase('ai_queues_at_once');
    storageDir = mkdtempSync(path.join(tmpdir(), 'ai-queues-at-once-'));
    started = await startApp('ai-queues-at-once', database, storageDir, randomBytes(32).toString('hex'), [
      ConversationsModule.forRoot({}),
      AiModule.forRoot({ keysSecret: randomBytes(32).toString('hex') }),
    ]);
    ai = started.app.get<DataSource>(getDataSourceToken('ai'));
  });

  afterEach(async () => {
    await hold?.query('COMMIT');
    await hold?.end();
    hold = null;
  });

  afterAll(async () => {
    await started?.app.close();
    await database?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  it("a prompt names a queue whose event has not reached ai; an unknown queue and another company's stay refused", async () => {
    hold = new Client({ connectionString: database.url });
    await hold.connect();
    await hold.query('BEGIN');
    await hold.query('LOCK TABLE ai.processed_events IN EXCLUSIVE MODE');
    const sales = await queue(A, 'Vendas IA');
    const theirs = await queue(B, 'Deles IA');
    expect(await ai.query(`SELECT id FROM ai.queues WHERE id = $1`, [sales.id])).toEqual([]);

    const created = expectAnswer(promptSchema, await prompt(A, sales.id).expect(201));
    expect(created.queue).toEqual({ id: sales.id, name: 'Vendas IA' });

    expectErrorAnswer(await prompt(A, theirs.id).expect(400), 'ERR_QUEUE_NOT_FOUND');
    expectErrorAnswer(await prompt(A, 987_654).expect(400), 'ERR_QUEUE_NOT_FOUND');
  });

  it('a queue ai saw deleted is not taken back from an answer', async () => {
    const gone = await queue(A, 'Some logo');
    await waitFor(async () => (await ai.query(`SELECT id FROM ai.queues WHERE id = $1`, [gone.id])).length === 1, { what: 'queue copied' });
    await api().delete(`/api/queue/${gone.id}`).set(as(A)).expect(200);
    await waitFor(async () => (await ai.query(`SELECT id FROM ai.deleted_queues WHERE id = $1`, [gone.id])).length === 1, {
      what: 'deletion handled',
    });
    expectErrorAnswer(await prompt(A, gone.id).expect(400), 'ERR_QUEUE_NOT_FOUND');
  });
});
