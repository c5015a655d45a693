import { randomBytes, randomUUID } from 'node:crypto';

import {
  aiGroupSummarised,
  contactSaved,
  type EventDefinition,
  type EventPayload,
  messageCreated,
  type Ticket,
  TOPICS,
} from '@app/contracts';
import {
  AccessTokenService,
  configureHttpApp,
  EVENT_TRANSPORT,
  type EventTransport,
  OutboxWriter,
  PlatformModule,
  readEvent,
} from '@app/platform';
import { createTestDatabase, type TestDatabase, TokenClaimsSessionsModule, waitFor } from '@app/platform/testing';
import { TZDate } from '@date-fns/tz';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';

import { AiModule } from '../ai.module';
import { aMessage, aTicket } from '../testing/conversation-fixtures';
import { FakeModelServer } from '../testing/fake-model-server';

jest.setTimeout(90_000);

const A = 1;
const GROUP = 410;
const TICKET = 88;
const ZONE = 'America/Sao_Paulo';
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A group's daily summary is a pg-boss job and a row per day in the database, not a timer of the
 * process: with a fixed clock, the day's summary is posted once, also when the process restarts after
 * its time (it catches up) and again after that; the next day has its own.
 */
describe("a group's daily summary across restarts", () => {
  let database: TestDatabase;
  let model: FakeModelServer;
  const keysSecret = randomBytes(32).toString('hex');
  const jwtSecret = randomBytes(32).toString('hex');
  let app: INestApplication | undefined;
  const posted: EventPayload<typeof aiGroupSummarised>[] = [];
  /** The fixed clock the service reads; the test moves it. */
  let clock: Date;

  const start = async (): Promise<INestApplication> => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot({
          serviceName: 'ai-summary-restart-test',
          mode: 'standalone',
          databaseUrl: database.url,
          jwt: { secret: jwtSecret, accessTtlSeconds: 900 },
          logLevel: 'silent',
          outboxSettleMs: 20,
          outboundAllowedHosts: ['127.0.0.1'],
        }),
        AiModule.forRoot({ keysSecret, providerBaseUrls: { openai: model.baseUrl }, now: () => clock }),
        TokenClaimsSessionsModule,
      ],
    }).compile();
    const started = moduleRef.createNestApplication({ logger: false });
    configureHttpApp(started);
    await started.get<EventTransport>(EVENT_TRANSPORT).subscribe({
      groupId: `summaries-${randomBytes(4).toString('hex')}`,
      topics: [TOPICS.aiEvents],
      handler: async (envelope) => {
        const summary = readEvent(aiGroupSummarised, envelope);
        if (summary) posted.push(summary);
      },
    });
    await started.init();
    return started;
  };
  const restart = async () => {
    await app?.close();
    app = await start();
  };
  const dataSource = () => app!.get<DataSource>(getDataSourceToken('ai'));
  const publish = async <D extends EventDefinition>(definition: D, key: string | number, payload: EventPayload<D>) =>
    dataSource().transaction((manager) => new OutboxWriter('ai').add(manager, { definition, companyId: A, key, payload }));
  /** Waits long enough for a due job to be fetched, run and its event relayed. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));

  beforeAll(async () => {
    database = await createTestDatabase('ai');
    model = await FakeModelServer.start();
    model.answerWith(() => ({ kind: 'reply', text: 'Resumo: pedidos do dia.' }));
  });

  afterAll(async () => {
    await app?.close();
    await model?.close();
    await database?.drop();
  });

  it('posts each day once, catching up after a restart past its time, never twice', async () => {
    // A fixed clock a whole minute into the day (the real clock decides only which messages are recent).
    clock = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const local = new TZDate(clock.getTime(), ZONE);
    const due = new TZDate(local.getTime() + 2 * 60_000, ZONE);
    const time = `${pad(due.getHours())}:${pad(due.getMinutes())}:00`;
    const day = `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}`;
    app = await start();

    const contact = {
      id: GROUP,
      uuid: '00000000-0000-4000-8000-000000000410',
      name: 'Equipe de Vendas',
      number: '120363000000000410',
      email: '',
      profilePicUrl: '',
      active: true,
      isGroup: true,
      whatsappId: 1,
      extraInfo: [],
      companyId: A,
      lastInteractionAt: null,
      createdAt: clock.toISOString(),
      updatedAt: clock.toISOString(),
    };
    await publish(contactSaved, `contact-${GROUP}`, { contact, created: true });
    const ticket: Ticket = aTicket(A, TICKET, null, { isGroup: true, contactId: GROUP, contact: { ...contact } });
    const message = aMessage(ticket, 7001, 'Fechei 3 pedidos hoje', { createdAt: new Date(clock.getTime() - 3_600_000).toISOString() });
    await publish(messageCreated, TICKET, { message, ticket, audience: [] });
    await waitFor(async () => (await dataSource().query(`SELECT 1 FROM ai.group_messages WHERE contact_id = $1`, [GROUP])).length === 1);

    const bearer = app
      .get(AccessTokenService)
      .sign({ sub: '10', companyId: A, profile: 'admin', super: false, sid: randomUUID(), plan: [] });
    await request(app.getHttpServer())
      .put(`/api/groups/${GROUP}`)
      .set({ Authorization: `Bearer ${bearer}` })
      .send({ resumegroup: true, resumemodel: 'gpt-4o-mini', resumekey: 'sk-proj-summary-000000001234', timeresume: time })
      .expect(200);

    // The process stops before the time and starts after it: the day's summary is caught up, once.
    clock = new Date(due.getTime() + 1_000);
    await restart();
    await waitFor(() => posted.length === 1, { what: "the day's summary, caught up after the restart", timeoutMs: 20_000 });
    expect(posted).toEqual([{ ticketId: TICKET, contactId: GROUP, day, body: `📝 *Resumo do dia ${day}*\n\nResumo: pedidos do dia.` }]);
    expect(model.requests).toHaveLength(1);

    // Started again the same day: nothing more.
    await restart();
    await settle();
    expect(posted).toHaveLength(1);
    expect(model.requests).toHaveLength(1);
    expect(await dataSource().query(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM ai.group_summaries`)).toEqual([{ day }]);

    // The next day's summary waits in pg-boss for its own time.
    const next = new TZDate(due.getFullYear(), due.getMonth(), due.getDate() + 1, due.getHours(), due.getMinutes(), 0, ZONE);
    const nextDay = `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
    const waiting: { singleton_key: string }[] = await dataSource().query(
      `SELECT singleton_key FROM pgboss.job WHERE name = 'ai-group-summary' AND state = 'created'`,
    );
    expect(waiting.map((job) => job.singleton_key)).toContain(`summary-${GROUP}-${nextDay}-${time}`);
  });
});
