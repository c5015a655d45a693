import http from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  campaignSaved,
  companyCreated,
  errorBodySchema,
  invoicePaid,
  messageAcked,
  planCreated,
  type PlanSnapshot,
  scheduleSaved,
  TOPICS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SECRET_PREFIX,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  type WebhookEventType,
  type WebhookPayload,
  webhookPayloadSchema,
} from '@app/contracts';
import { expectAnswer, type ServiceTestApp, startServiceTestApp, waitFor } from '@app/platform/testing';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import request from 'supertest';

import { ConversationsModule } from '../conversations.module';
import { IdentityProjectionConsumer } from '../projections/identity-projection.consumer';
import { anInboundText } from '../testing/fixtures';
import { envelopeOf, InboxScenario } from '../testing/inbox-scenario';
import { WebhookDispatcher } from './webhook.dispatcher';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { WebhookSecretBox } from './webhook-secret-box';

const A = 1;
const B = 2;
/** A company whose plan has no external API. */
const C = 3;

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

type Behaviour = 'ok' | 'fail' | 'slow' | 'limit';

/**
 * A webhook receiver speaking plain HTTP: each path answers as its behaviour says (200; 500; after
 * `slowMs`; 429 with Retry-After: 1), and records what it got.
 */
class Receiver {
  readonly got: Received[] = [];
  readonly behaviour = new Map<string, Behaviour>();
  /** Paths whose next answers are 500s, however many are left; then their behaviour. */
  readonly failures = new Map<string, number>();
  private server!: http.Server;
  slowMs = 1_500;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        const failing = this.failures.get(path) ?? 0;
        if (failing > 0) this.failures.set(path, failing - 1);
        const mode = failing > 0 ? 'fail' : (this.behaviour.get(path) ?? 'ok');
        const answer = () => {
          this.got.push({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString(), at: Date.now() });
          if (mode === 'fail') res.writeHead(500).end('boom');
          else if (mode === 'limit') res.writeHead(429, { 'retry-after': '1' }).end();
          else res.writeHead(204).end();
        };
        if (mode === 'slow') setTimeout(answer, this.slowMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  at(path: string): Received[] {
    return this.got.filter((one) => one.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const plan = (id: number, useExternalApi: boolean): PlanSnapshot => ({
  id,
  name: `Plano ${id}`,
  users: 5,
  connections: 2,
  queues: 2,
  value: 10,
  useCampaigns: false,
  useSchedules: false,
  useInternalChat: false,
  useExternalApi,
  useKanban: false,
  useOpenAi: false,
  useIntegrations: false,
  useInternal: false,
});

const company = (id: number, planId: number) => ({
  id,
  name: `Empresa ${id}`,
  planId,
  status: true,
  approved: true,
  dueDate: null,
  recurrence: 'MENSAL',
  schedules: [],
});

describe('outbound webhooks (issue 26): endpoints, signed deliveries, retries and the delivery log', () => {
  let t: ServiceTestApp;
  let s: InboxScenario;
  const receiver = new Receiver();
  let numbers = 0;
  const api = () => request(t.http);
  const admin = (companyId = A) => t.token({ userId: companyId * 10, companyId, profile: 'admin', plan: ['useExternalApi'] });
  const as = (companyId = A) => ({ Authorization: `Bearer ${admin(companyId)}` });
  const createEndpoint = async (path: string, events: string[] = ['message.received'], companyId = A) =>
    expectAnswer(
      webhookEndpointWithSecretSchema,
      await api()
        .post('/api/webhooks')
        .set(as(companyId))
        .send({ url: receiver.url(path), events })
        .expect(201),
    );
  const nextNumber = () => `55119800${String((numbers += 1)).padStart(5, '0')}`;
  /** A contact writes in on company's connection: conversations stores it and publishes its events. */
  const inbound = async (companyId: number, number: string, body: string) => {
    await s.inbound(companyId, companyId * 10, anInboundText(number, body));
    await t.published();
  };
  const verify = (secret: string, got: Received): WebhookPayload =>
    webhookPayloadSchema.parse(new Webhook(secret).verify(got.body, got.headers));
  const log = async (companyId = A, query = '') =>
    expectAnswer(webhookDeliveryListSchema, await api().get(`/api/webhooks/deliveries${query}`).set(as(companyId)).expect(200));

  beforeAll(async () => {
    await receiver.start();
    t = await startServiceTestApp({
      schema: 'conversations',
      module: ConversationsModule.forRoot({ webhooks: { backoffMs: [150, 150, 150], timeoutMs: 400, perEndpoint: 4, sweepMs: 50 } }),
      watch: [TOPICS.conversationsEvents],
      outboundAllowedHosts: ['127.0.0.1'],
    });
    s = new InboxScenario(t);
    const identity = t.app.get(IdentityProjectionConsumer);
    await identity.handle(envelopeOf(planCreated, null, 5, { plan: plan(5, true) }));
    await identity.handle(envelopeOf(planCreated, null, 6, { plan: plan(6, false) }));
    for (const [id, planId] of [
      [A, 5],
      [B, 5],
      [C, 6],
    ] as const) {
      await identity.handle(envelopeOf(companyCreated, id, id, { company: company(id, planId) }));
      await s.user({ id: id * 10, companyId: id, profile: 'admin' });
      await s.user({ id: id * 10 + 1, companyId: id, profile: 'user' });
      await s.connection({ id: id * 10, companyId: id, isDefault: true, number: `55119000000${id}` });
    }
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });

  it('creates an endpoint with a whsec_ secret shown once; the list shows its preview only', async () => {
    const created = await createEndpoint('/crud', ['message.received', 'ticket.closed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.secretPreview).toBe(`whsec_••••${created.secret.slice(-4)}`);
    const { endpoints } = expectAnswer(webhookEndpointListSchema, await api().get('/api/webhooks').set(as()).expect(200));
    const listed = endpoints.find((one) => one.id === created.id)!;
    expect(listed).toMatchObject({
      url: receiver.url('/crud'),
      events: ['message.received', 'ticket.closed'],
      enabled: true,
      lastDelivery: null,
    });
    expect(JSON.stringify(endpoints)).not.toContain(created.secret);
    const updated = expectAnswer(
      webhookEndpointSchema,
      await api().put(`/api/webhooks/${created.id}`).set(as()).send({ enabled: false, description: 'ERP' }).expect(200),
    );
    expect(updated).toMatchObject({ enabled: false, description: 'ERP' });
    await api().delete(`/api/webhooks/${created.id}`).set(as()).expect(204);
    await api().delete(`/api/webhooks/${created.id}`).set(as()).expect(404);
  });

  it('keeps the secret sealed in the database (a rotated one too); deliveries still verify with it', async () => {
    const endpoint = await createEndpoint('/sealed');
    const rotated = expectAnswer(
      webhookEndpointWithSecretSchema,
      await api().post(`/api/webhooks/${endpoint.id}/rotate-secret`).set(as()).send({ overlapHours: 24 }).expect(200),
    );
    const [row] = (await t.dataSource.query(`SELECT * FROM conversations.webhook_endpoints WHERE id = $1`, [endpoint.id])) as Record<
      string,
      unknown
    >[];
    const stored = JSON.stringify(row);
    for (const secret of [endpoint.secret, rotated.secret]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(secret.slice(WEBHOOK_SECRET_PREFIX.length));
    }
    expect(row).toMatchObject({ secret: expect.stringMatching(/^v1\./), previous_secret: expect.stringMatching(/^v1\./) });
    expect(rotated.secretPreview).toBe(`whsec_••••${rotated.secret.slice(-4)}`);
    await inbound(A, nextNumber(), 'Selado');
    await waitFor(() => receiver.at('/sealed').length === 1);
    expect(verify(rotated.secret, receiver.at('/sealed')[0]!).type).toBe('message.received');
    expect(verify(endpoint.secret, receiver.at('/sealed')[0]!).type).toBe('message.received');
    await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
  });

  it('seals at start-up the secrets an older version stored in the clear, which then still sign', async () => {
    const plain = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    const [{ id }] = (await t.dataSource.query(
      `INSERT INTO conversations.webhook_endpoints (company_id, url, events, secret, secret_hint, previous_secret, previous_secret_until)
       VALUES ($1, $2, '{message.received}', $3, right($3, 4), $3, now() + interval '1 hour') RETURNING id`,
      [A, receiver.url('/was-plain'), plain],
    )) as { id: number }[];
    await t.app.get(WebhookDispatcher).onModuleInit();
    expect(await t.app.get(WebhookEndpointRepository).sealPlainSecrets(t.app.get(WebhookSecretBox))).toBe(0);
    const [row] = (await t.dataSource.query(`SELECT secret, previous_secret FROM conversations.webhook_endpoints WHERE id = $1`, [id])) as {
      secret: string;
      previous_secret: string;
    }[];
    expect(JSON.stringify(row)).not.toContain(plain.slice(WEBHOOK_SECRET_PREFIX.length));
    expect(t.app.get(WebhookSecretBox).open(row!.secret)).toBe(plain);
    const { endpoints } = expectAnswer(webhookEndpointListSchema, await api().get('/api/webhooks').set(as()).expect(200));
    expect(endpoints.find((one) => one.id === id)?.secretPreview).toBe(`whsec_••••${plain.slice(-4)}`);
    await inbound(A, nextNumber(), 'Antes selado');
    await waitFor(() => receiver.at('/was-plain').length === 1);
    expect(verify(plain, receiver.at('/was-plain')[0]!).type).toBe('message.received');
    await api().delete(`/api/webhooks/${id}`).set(as()).expect(204);
  });

  it.each([
    ['an ftp URL', { url: 'ftp://127.0.0.1/x', events: ['message.sent'] }],
    ['no URL', { events: ['message.sent'] }],
    ['no event', { url: 'http://127.0.0.1/x', events: [] }],
    ['an unknown event', { url: 'http://127.0.0.1/x', events: ['message.deleted'] }],
    ['an event twice', { url: 'http://127.0.0.1/x', events: ['message.sent', 'message.sent'] }],
    ['an unknown field', { url: 'http://127.0.0.1/x', events: ['message.sent'], secret: 'whsec_mine' }],
    ['a private address', { url: 'http://10.0.0.7/hook', events: ['message.sent'] }],
    ['the cloud metadata service', { url: 'http://169.254.169.254/latest', events: ['message.sent'] }],
    ['a metadata name', { url: 'http://metadata.google.internal/x', events: ['message.sent'] }],
  ])('refuses %s with 400 ERR_VALIDATION', async (_what, body) => {
    const answer = await api().post('/api/webhooks').set(as()).send(body).expect(400);
    expect(expectAnswer(errorBodySchema, answer).error).toBe('ERR_VALIDATION');
  });

  it('refuses bad changes, rotations and log queries with 400', async () => {
    const endpoint = await createEndpoint('/bad-input');
    for (const body of [{}, { url: 'http://192.168.0.1/x' }, { events: ['nope'] }, { enabled: 'yes' }]) {
      await api().put(`/api/webhooks/${endpoint.id}`).set(as()).send(body).expect(400);
    }
    await api().post(`/api/webhooks/${endpoint.id}/rotate-secret`).set(as()).send({ overlapHours: 9_999 }).expect(400);
    await api().post(`/api/webhooks/${endpoint.id}/rotate-secret`).set(as()).send({ overlapHours: -1 }).expect(400);
    await api().get('/api/webhooks/deliveries?state=lost').set(as()).expect(400);
    await api().get('/api/webhooks/deliveries?pageNumber=0').set(as()).expect(400);
    await api().put('/api/webhooks/abc').set(as()).send({ enabled: true }).expect(400);
    await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
  });

  it('is the admin’s, on a plan with the external API', async () => {
    const user = t.token({ userId: A * 10 + 1, companyId: A, profile: 'user', plan: ['useExternalApi'] });
    await api().get('/api/webhooks').set('Authorization', `Bearer ${user}`).expect(403);
    const noPlan = t.token({ userId: C * 10, companyId: C, profile: 'admin', plan: [] });
    await api().get('/api/webhooks').set('Authorization', `Bearer ${noPlan}`).expect(403);
    await api()
      .post('/api/webhooks')
      .set('Authorization', `Bearer ${noPlan}`)
      .send({ url: receiver.url('/c'), events: ['message.sent'] })
      .expect(403);
    await api().get('/api/webhooks').expect(401);
  });

  it("never shows or changes another company's endpoints and deliveries", async () => {
    receiver.behaviour.set('/a-only', 'fail');
    const endpoint = await createEndpoint('/a-only');
    await inbound(A, nextNumber(), 'Oi');
    await waitFor(async () => (await log(A, `?endpointId=${endpoint.id}`)).deliveries.length === 1);
    const delivery = (await log(A, `?endpointId=${endpoint.id}`)).deliveries[0]!;
    const { endpoints } = expectAnswer(webhookEndpointListSchema, await api().get('/api/webhooks').set(as(B)).expect(200));
    expect(endpoints.map((one) => one.id)).not.toContain(endpoint.id);
    expect((await log(B)).deliveries.map((one) => one.id)).not.toContain(delivery.id);
    expect((await log(B, `?endpointId=${endpoint.id}`)).deliveries).toEqual([]);
    await api().put(`/api/webhooks/${endpoint.id}`).set(as(B)).send({ enabled: false }).expect(404);
    await api().post(`/api/webhooks/${endpoint.id}/rotate-secret`).set(as(B)).send({}).expect(404);
    await api().delete(`/api/webhooks/${endpoint.id}`).set(as(B)).expect(404);
    await api().post(`/api/webhooks/deliveries/${delivery.id}/redeliver`).set(as(B)).expect(404);
    // Still A's, unchanged.
    const mine = expectAnswer(webhookEndpointListSchema, await api().get('/api/webhooks').set(as()).expect(200));
    expect(mine.endpoints.find((one) => one.id === endpoint.id)).toMatchObject({ enabled: true });
    await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
  });

  it('delivers a received message signed the Standard Webhooks way, verified by the reference library', async () => {
    const endpoint = await createEndpoint('/signed', ['message.received', 'ticket.created']);
    const number = nextNumber();
    await inbound(A, number, 'Quero um orçamento');
    await waitFor(() => receiver.at('/signed').length >= 2);
    const payloads = receiver.at('/signed').map((got) => verify(endpoint.secret, got));
    const message = payloads.find((one) => one.type === 'message.received');
    expect(message?.type === 'message.received' && message.data.message.body).toBe('Quero um orçamento');
    expect(payloads.some((one) => one.type === 'ticket.created')).toBe(true);
    const got = receiver.at('/signed')[0]!;
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(got.body, got.headers)).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(endpoint.secret).verify(`${got.body} `, got.headers)).toThrow(WebhookVerificationError);
    // The company's other events were not for this endpoint.
    expect(payloads.every((one) => one.type === 'message.received' || one.type === 'ticket.created')).toBe(true);
    await waitFor(async () => (await log(A, `?endpointId=${endpoint.id}&state=delivered`)).deliveries.length === payloads.length);
    await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
  });

  it('signs with both secrets while a rotated-out one is still valid, and with the new one only after', async () => {
    const endpoint = await createEndpoint('/rotate');
    const rotated = expectAnswer(
      webhookEndpointWithSecretSchema,
      await api().post(`/api/webhooks/${endpoint.id}/rotate-secret`).set(as()).send({ overlapHours: 24 }).expect(200),
    );
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previousSecretUntil).not.toBeNull();
    await inbound(A, nextNumber(), 'Depois da rotação');
    await waitFor(() => receiver.at('/rotate').length === 1);
    const overlapping = receiver.at('/rotate')[0]!;
    expect(overlapping.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verify(rotated.secret, overlapping).type).toBe('message.received');
    expect(verify(endpoint.secret, overlapping).type).toBe('message.received');

    const replaced = expectAnswer(
      webhookEndpointWithSecretSchema,
      await api().post(`/api/webhooks/${endpoint.id}/rotate-secret`).set(as()).send({ overlapHours: 0 }).expect(200),
    );
    expect(replaced.previousSecretUntil).toBeNull();
    await inbound(A, nextNumber(), 'Só a nova');
    await waitFor(() => receiver.at('/rotate').length === 2);
    const after = receiver.at('/rotate')[1]!;
    expect(verify(replaced.secret, after).type).toBe('message.received');
    expect(() => new Webhook(rotated.secret).verify(after.body, after.headers)).toThrow(WebhookVerificationError);
    await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
  });

  it('retries a failing receiver with backoff, dead-letters the event, and sends it again on request with the same id', async () => {
    receiver.behaviour.set('/flaky', 'fail');
    const endpoint = await createEndpoint('/flaky');
    await inbound(A, nextNumber(), 'Tentativas');
    await waitFor(async () => (await log(A, `?endpointId=${endpoint.id}&state=dead`)).deliveries.length === 1, { timeoutMs: 10_000 });
    const dead = (await log(A, `?endpointId=${endpoint.id}&state=dead`)).deliveries[0]!;
    expect(dead).toMatchObject({ attempts: 4, lastStatus: 500, lastError: 'HTTP 500', nextAttemptAt: null, deliveredAt: null });
    const attempts = receiver.at('/flaky');
    expect(attempts).toHaveLength(4);
    expect(new Set(attempts.map((one) => one.headers['webhook-id']))).toEqual(new Set([dead.messageId]));
    // Backoff: each retry waited at least ~135 ms (150 ms, jitter -10%).
    for (let i = 1; i < attempts.length; i += 1) expect(attempts[i]!.at - attempts[i - 1]!.at).toBeGreaterThanOrEqual(130);

    receiver.behaviour.set('/flaky', 'ok');
    const again = expectAnswer(
      webhookDeliverySchema,
      await api().post(`/api/webhooks/deliveries/${dead.id}/redeliver`).set(as()).expect(200),
    );
    expect(again.state).toBe('pending');
    await waitFor(async () => (await log(A, `?endpointId=${endpoint.id}&state=delivered`)).deliveries.length === 1);
    const resent = receiver.at('/flaky').at(-1)!;
    expect(resent.headers['webhook-id']).toBe(dead.messageId);
    expect(verify(endpoint.secret, resent).type).toBe('message.received');
    await api().post('/api/webhooks/deliveries/999999/redeliver').set(as()).expect(404);
    await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
  });

  it('waits as long as a 429 asks (Retry-After) before trying again', async () => {
    receiver.behaviour.set('/limited', 'limit');
    const endpoint = await createEndpoint('/limited');
    await inbound(A, nextNumber(), 'Devagar');
    await waitFor(() => receiver.at('/limited').length === 1);
    receiver.behaviour.set('/limited', 'ok');
    await waitFor(() => receiver.at('/limited').length === 2, { timeoutMs: 5_000 });
    const [first, second] = receiver.at('/limited');
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
  });

  it("keeps a ticket's order: its next event waits until the previous one is delivered", async () => {
    const endpoint = await createEndpoint('/ordered');
    receiver.failures.set('/ordered', 2);
    const number = nextNumber();
    for (const body of ['um', 'dois', 'três']) await s.inbound(A, A * 10, anInboundText(number, body));
    await t.published();
    await waitFor(async () => (await log(A, `?endpointId=${endpoint.id}&state=delivered`)).deliveries.length === 3);
    const bodies = receiver.at('/ordered').map((got) => {
      const payload = verify(endpoint.secret, got);
      return payload.type === 'message.received' ? payload.data.message.body : payload.type;
    });
    // The first was tried until it went through (two 500s); only then the second, then the third.
    expect(bodies).toEqual(['um', 'um', 'um', 'dois', 'três']);
    await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
  });

  it("does not slow another company's deliveries behind a slow or down receiver", async () => {
    receiver.behaviour.set('/slow', 'slow');
    const slow = await createEndpoint('/slow');
    const down = expectAnswer(
      webhookEndpointWithSecretSchema,
      await api()
        .post('/api/webhooks')
        .set(as())
        .send({ url: 'http://127.0.0.1:1/down', events: ['message.received'] })
        .expect(201),
    );
    const fast = await createEndpoint('/fast', ['message.received'], B);
    for (let i = 0; i < 12; i += 1) await s.inbound(A, A * 10, anInboundText(nextNumber(), `lento ${i}`));
    await t.published();
    const sentAt = Date.now();
    await inbound(B, nextNumber(), 'rápido');
    await waitFor(() => receiver.at('/fast').length === 1);
    expect(receiver.at('/fast')[0]!.at - sentAt).toBeLessThan(1_000);
    expect(verify(fast.secret, receiver.at('/fast')[0]!).type).toBe('message.received');
    // The slow one is never given more than its share at once; its calls end at the timeout.
    const pending = await log(A, `?endpointId=${slow.id}&state=pending`);
    expect(pending.deliveries.length).toBeGreaterThan(0);
    const failed = await log(A, `?endpointId=${down.id}`);
    expect(failed.deliveries.every((one) => one.state !== 'delivered')).toBe(true);
    for (const id of [slow.id, down.id]) await api().delete(`/api/webhooks/${id}`).set(as()).expect(204);
    await api().delete(`/api/webhooks/${fast.id}`).set(as(B)).expect(204);
  }, 30_000);
  describe('every event type, and never to another company', () => {
    /** Company B's endpoint for every event: A's events must never be queued for it. */
    let other: { id: number; secret: string };
    const typesAt = (path: string, secret: string) => receiver.at(path).map((got) => verify(secret, got));
    /**
     * Nothing of A's was queued for B's endpoint. The consumer queues an event for every endpoint
     * that takes it in one transaction, so once A's delivery of it exists, B's would exist too.
     */
    const nothingForOther = async () => {
      const [{ count }] = (await t.dataSource.query(
        `SELECT count(*)::int AS count FROM conversations.webhook_deliveries WHERE endpoint_id = $1`,
        [other.id],
      )) as { count: number }[];
      expect(count).toBe(0);
      expect(receiver.at('/other-company')).toEqual([]);
      expect((await log(B, `?endpointId=${other.id}`)).deliveries).toEqual([]);
    };
    const subscribe = (path: string, events: WebhookEventType[]) => createEndpoint(path, events);

    beforeAll(async () => {
      other = await createEndpoint('/other-company', [...WEBHOOK_EVENT_TYPES], B);
    });

    afterAll(async () => {
      await api().delete(`/api/webhooks/${other.id}`).set(as(B)).expect(204);
    });

    it('message.sent (sent from the phone) and message.status (its ack)', async () => {
      const endpoint = await subscribe('/sent', ['message.sent', 'message.status']);
      const number = nextNumber();
      await inbound(A, number, 'Olá');
      const mine = anInboundText(number, 'Respondido pelo celular', { fromMe: true });
      await s.inbound(A, A * 10, mine);
      await t.published();
      await waitFor(() => typesAt('/sent', endpoint.secret).some((one) => one.type === 'message.sent'));
      await s.deliver(envelopeOf(messageAcked, A, A * 10, { connectionId: A * 10, messageId: mine.id, ack: 3 }));
      await t.published();
      await waitFor(() => typesAt('/sent', endpoint.secret).some((one) => one.type === 'message.status'));
      const payloads = typesAt('/sent', endpoint.secret);
      const sent = payloads.find((one) => one.type === 'message.sent');
      expect(sent?.type === 'message.sent' && sent.data.message).toMatchObject({ body: 'Respondido pelo celular', fromMe: true });
      const status = payloads.find((one) => one.type === 'message.status');
      expect(status?.type === 'message.status' && status.data.message).toMatchObject({ wid: mine.id, ack: 3 });
      expect(payloads.every((one) => one.type === 'message.sent' || one.type === 'message.status')).toBe(true);
      await nothingForOther();
      await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
    });

    it('ticket.updated when a user takes the ticket, ticket.closed when it is closed, in that order', async () => {
      const endpoint = await subscribe('/tickets', ['ticket.updated', 'ticket.closed']);
      const number = nextNumber();
      await inbound(A, number, 'Preciso de ajuda');
      const ticket = await s.ticketOf(number);
      await api()
        .put(`/api/tickets/${ticket.id}`)
        .set(as())
        .send({ status: 'open', userId: A * 10 })
        .expect(200);
      await api().put(`/api/tickets/${ticket.id}`).set(as()).send({ status: 'closed' }).expect(200);
      await t.published();
      await waitFor(() => typesAt('/tickets', endpoint.secret).some((one) => one.type === 'ticket.closed'));
      const payloads = typesAt('/tickets', endpoint.secret).filter(
        (one) => (one.type === 'ticket.updated' || one.type === 'ticket.closed') && one.data.ticket.id === ticket.id,
      );
      const taken = payloads.findIndex((one) => one.type === 'ticket.updated' && one.data.ticket.status === 'open');
      const closed = payloads.findIndex((one) => one.type === 'ticket.closed');
      expect(taken).toBeGreaterThanOrEqual(0);
      expect(closed).toBeGreaterThan(taken);
      expect(payloads[closed]).toMatchObject({ data: { ticket: { status: 'closed' } } });
      expect(payloads.filter((one) => one.type === 'ticket.closed')).toHaveLength(1);
      await nothingForOther();
      await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
    });

    it('contact.updated when a contact is created and when it is changed', async () => {
      const endpoint = await subscribe('/contacts', ['contact.updated']);
      const number = nextNumber();
      const created = await api().post('/api/contacts').set(as()).send({ name: 'Parceira', number }).expect(201);
      const contactId = (created.body as { id: number }).id;
      await api().put(`/api/contacts/${contactId}`).set(as()).send({ name: 'Parceira Renomeada', number }).expect(200);
      await t.published();
      await waitFor(() => receiver.at('/contacts').length >= 2);
      const payloads = typesAt('/contacts', endpoint.secret).map((one) => (one.type === 'contact.updated' ? one.data : null));
      expect(payloads).toEqual([
        expect.objectContaining({ created: true, contact: expect.objectContaining({ id: contactId, name: 'Parceira' }) }),
        expect.objectContaining({ created: false, contact: expect.objectContaining({ id: contactId, name: 'Parceira Renomeada' }) }),
      ]);
      await nothingForOther();
      await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
    });

    it('campaign.finished once per campaign, appointment.booked and payment.confirmed from the other services', async () => {
      const endpoint = await subscribe('/others', ['campaign.finished', 'appointment.booked', 'payment.confirmed']);
      const at = new Date().toISOString();
      const campaign = {
        id: 71,
        name: 'Black Friday',
        status: 'FINALIZADA' as const,
        contactListId: null,
        tagListId: null,
        fileListId: null,
        whatsappId: A * 10,
        whatsappId2: null,
        whatsappId3: null,
        whatsappId4: null,
        whatsappId5: null,
        scheduledAt: null,
        startHour: 8,
        endHour: 18,
        allowSaturday: false,
        allowSunday: false,
        confirmation: false,
        message1: 'Oferta',
        message2: null,
        message3: null,
        message4: null,
        message5: null,
        confirmationMessage1: null,
        confirmationMessage2: null,
        confirmationMessage3: null,
        confirmationMessage4: null,
        confirmationMessage5: null,
        mediaPath: null,
        mediaName: null,
        completedAt: at,
        companyId: A,
        createdAt: at,
        updatedAt: at,
        contactList: null,
        tagList: null,
        fileList: null,
        whatsapp: null,
        whatsapps: [],
        template: null,
      };
      // Running, then finished, then saved again finished (a rename): one campaign.finished.
      await t.publish(campaignSaved, A, campaign.id, {
        campaign: { ...campaign, status: 'EM_ANDAMENTO', completedAt: null },
        created: false,
      });
      await t.publish(campaignSaved, A, campaign.id, { campaign, created: false });
      await t.publish(campaignSaved, A, campaign.id, { campaign: { ...campaign, name: 'Black Friday 2' }, created: false });
      const schedule = {
        id: 81,
        body: 'Consulta marcada',
        contactId: 1,
        contact: null,
        sendAt: at,
        sentAt: null,
        status: 'PENDENTE' as const,
        errorReason: null,
        WhatsappSenderId: null,
        duration: 30,
        serviceId: null,
        service: null,
        extraInfo: null,
        mediaPath: null,
        mediaName: null,
        reminder1DayEnabled: false,
        reminder3HoursEnabled: false,
        reminder1HourEnabled: false,
        reminder5MinutesEnabled: false,
        reminders: [],
        userId: null,
        calendarId: null,
        template: null,
        companyId: A,
        createdAt: at,
        updatedAt: at,
      };
      await t.publish(scheduleSaved, A, schedule.id, { schedule, created: true });
      // A change to the appointment is not a booking.
      await t.publish(scheduleSaved, A, schedule.id, { schedule: { ...schedule, body: 'Consulta remarcada' }, created: false });
      const invoice = {
        id: 91,
        companyId: A,
        detail: 'Plano 5',
        value: 1000,
        dueDate: at.slice(0, 10),
        recurrence: 'MENSAL' as const,
        status: 'paid' as const,
        paidAt: at,
        createdAt: at,
      };
      await t.publish(invoicePaid, A, invoice.id, { invoice });
      await t.published();
      await waitFor(() => receiver.at('/others').length >= 3);
      // Every event before the invoice has been handled, in order: what was not queued by now never will be.
      await waitFor(async () => (await log(A, `?endpointId=${endpoint.id}&state=delivered`)).deliveries.length >= 3);
      const payloads = typesAt('/others', endpoint.secret);
      expect(payloads.map((one) => one.type).sort()).toEqual(['appointment.booked', 'campaign.finished', 'payment.confirmed']);
      expect(payloads.find((one) => one.type === 'campaign.finished')).toMatchObject({
        data: { campaign: { id: 71, name: 'Black Friday' } },
      });
      expect(payloads.find((one) => one.type === 'appointment.booked')).toMatchObject({
        data: { appointment: { id: 81, body: 'Consulta marcada' } },
      });
      expect(payloads.find((one) => one.type === 'payment.confirmed')).toMatchObject({ data: { invoice: { id: 91, status: 'paid' } } });
      const { endpoints } = expectAnswer(webhookEndpointListSchema, await api().get('/api/webhooks').set(as()).expect(200));
      expect(endpoints.find((one) => one.id === endpoint.id)?.lastDelivery).toMatchObject({ state: 'delivered', status: 204, attempts: 1 });
      expect(endpoints.find((one) => one.id === other.id)).toBeUndefined();
      await nothingForOther();
      await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
    });

    it("another company's admin cannot read, change, rotate or delete an endpoint, nor read or resend its delivery log: 404", async () => {
      const endpoint = await subscribe('/owned', ['message.received']);
      await inbound(A, nextNumber(), 'Só da A');
      await waitFor(async () => (await log(A, `?endpointId=${endpoint.id}&state=delivered`)).deliveries.length === 1);
      const [delivery] = (await log(A, `?endpointId=${endpoint.id}`)).deliveries;
      expectAnswer(webhookEndpointSchema, await api().get(`/api/webhooks/${endpoint.id}`).set(as()).expect(200));
      await api().get(`/api/webhooks/${endpoint.id}`).set(as(B)).expect(404);
      await api()
        .put(`/api/webhooks/${endpoint.id}`)
        .set(as(B))
        .send({ url: receiver.url('/stolen') })
        .expect(404);
      await api().post(`/api/webhooks/${endpoint.id}/rotate-secret`).set(as(B)).send({ overlapHours: 0 }).expect(404);
      await api().delete(`/api/webhooks/${endpoint.id}`).set(as(B)).expect(404);
      await api().post(`/api/webhooks/deliveries/${delivery!.id}/redeliver`).set(as(B)).expect(404);
      expect((await log(B, `?endpointId=${endpoint.id}`)).deliveries).toEqual([]);
      const { endpoints } = expectAnswer(webhookEndpointListSchema, await api().get('/api/webhooks').set(as()).expect(200));
      expect(endpoints.find((one) => one.id === endpoint.id)).toMatchObject({
        url: receiver.url('/owned'),
        secretPreview: endpoint.secretPreview,
      });
      expect(receiver.at('/owned')).toHaveLength(1);
      expect(receiver.at('/stolen')).toEqual([]);
      await nothingForOther();
      await api().delete(`/api/webhooks/${endpoint.id}`).set(as()).expect(204);
    });
  });
});
