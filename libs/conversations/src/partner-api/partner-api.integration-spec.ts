import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
  companyCreated,
  errorBodySchema,
  type EventEnvelope,
  messageSendRequested,
  partnerMessageSchema,
  partnerSendResponseSchema,
  planCreated,
  type PlanSnapshot,
  planUpdated,
  TOPICS,
} from '@app/contracts';
import { expectAnswer, type ServiceTestApp, startServiceTestApp, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { ConversationsModule } from '../conversations.module';
import { IdentityProjectionConsumer } from '../projections/identity-projection.consumer';
import { envelopeOf, InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;
/** A company whose plan has no external API. */
const C = 3;
const RATE = 8;

type SendEnvelope = EventEnvelope<{ commandId: string; connectionId: number; to: string; content: Record<string, unknown> }>;

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

describe('the partner API: API tokens and POST /messages/send (decision 0051)', () => {
  let t: ServiceTestApp;
  let s: InboxScenario;
  const api = () => request(t.http);
  const admin = (companyId = A) => t.token({ userId: companyId * 10, companyId, profile: 'admin', plan: ['useExternalApi'] });
  const sends = (to: string) =>
    t.events.filter((e) => e.type === messageSendRequested.type && (e as SendEnvelope).payload.to === to) as SendEnvelope[];
  const createToken = async (companyId = A, body: Record<string, unknown> = { name: 'ERP' }) =>
    expectAnswer(
      apiTokenCreatedSchema,
      await api()
        .post('/api/api-tokens')
        .set('Authorization', `Bearer ${admin(companyId)}`)
        .send(body)
        .expect(201),
    );
  const send = (token: string, body: Record<string, unknown>, key?: string) => {
    const call = api().post('/api/messages/send').set('Authorization', `Bearer ${token}`);
    if (key) call.set('Idempotency-Key', key);
    return call.send(body);
  };
  const identity = (envelope: EventEnvelope) => t.app.get(IdentityProjectionConsumer).handle(envelope);

  beforeAll(async () => {
    t = await startServiceTestApp({
      schema: 'conversations',
      module: ConversationsModule.forRoot({ partnerApiRate: { points: RATE, seconds: 60 } }),
      watch: [TOPICS.conversationsEvents, TOPICS.whatsappCommands],
    });
    s = new InboxScenario(t);
    await identity(envelopeOf(planCreated, null, 5, { plan: plan(5, true) }));
    await identity(envelopeOf(planCreated, null, 6, { plan: plan(6, false) }));
    for (const [id, planId] of [
      [A, 5],
      [B, 5],
      [C, 6],
    ] as const) {
      const company = {
        id,
        name: `Empresa ${id}`,
        planId,
        status: true,
        approved: true,
        dueDate: null,
        recurrence: 'MENSAL',
        schedules: [],
      };
      await identity(envelopeOf(companyCreated, id, id, { company }));
      await s.user({ id: id * 10, companyId: id, profile: 'admin' });
    }
    await s.connection({ id: 10, companyId: A, isDefault: true });
    await s.connection({ id: 11, companyId: A, isDefault: false, number: '5511900000011' });
    await s.connection({ id: 20, companyId: B });
    await s.connection({ id: 30, companyId: C });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('an admin creates a named token shown once (only its SHA-256 is stored), lists it without the secret, and another company never sees it', async () => {
    const created = await createToken(A, { name: 'ERP' });
    expect(created.token).toMatch(/^zdk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'ERP', whatsappId: null, lastUsedAt: null, preview: created.token.slice(0, 8) });
    const stored: { token_hash: Buffer; preview: string }[] = await t.dataSource.query(
      `SELECT token_hash, preview FROM conversations.api_tokens WHERE id = $1`,
      [created.id],
    );
    expect(stored[0]!.token_hash.toString('hex')).toHaveLength(64);
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(8));

    const listed = expectAnswer(
      apiTokenListSchema,
      await api()
        .get('/api/api-tokens')
        .set('Authorization', `Bearer ${admin(A)}`)
        .expect(200),
    );
    expect(listed.tokens.map((token) => token.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    const other = expectAnswer(
      apiTokenListSchema,
      await api()
        .get('/api/api-tokens')
        .set('Authorization', `Bearer ${admin(B)}`)
        .expect(200),
    );
    expect(other.tokens.map((token) => token.id)).not.toContain(created.id);
    // B cannot revoke A's token.
    const foreign = await api()
      .delete(`/api/api-tokens/${created.id}`)
      .set('Authorization', `Bearer ${admin(B)}`)
      .expect(404);
    expect(expectAnswer(errorBodySchema, foreign).error).toBe('ERR_NOT_FOUND');
  });

  it('tokens need an admin and the plan flag useExternalApi; the body is validated; a connection must be the company’s', async () => {
    const user = t.token({ userId: 11, companyId: A, profile: 'user', plan: ['useExternalApi'] });
    expect((await api().post('/api/api-tokens').set('Authorization', `Bearer ${user}`).send({ name: 'x' }).expect(403)).body.error).toBe(
      'ERR_NO_PERMISSION',
    );
    const noPlan = t.token({ userId: 30, companyId: C, profile: 'admin' });
    expect((await api().get('/api/api-tokens').set('Authorization', `Bearer ${noPlan}`).expect(403)).body.error).toBe(
      'ERR_PLAN_FEATURE_DISABLED',
    );
    const blank = await api().post('/api/api-tokens').set('Authorization', `Bearer ${admin()}`).send({ name: '  ' }).expect(400);
    expect(blank.body.error).toBe('ERR_VALIDATION');
    await api().post('/api/api-tokens').set('Authorization', `Bearer ${admin()}`).send({ name: 'x', whatsappId: 20 }).expect(404);
    expect((await createToken(A, { name: 'Loja', whatsappId: 11 })).whatsappId).toBe(11);
  });

  it('POST /messages/send { number, body } sends on the default connection: a ticket, the message stored and the command to WhatsApp; its status is read with the same token', async () => {
    const { token, id: tokenId } = await createToken();
    const answer = await send(token, { number: '+55 (11) 98888-0001', body: 'Seu pedido saiu para entrega' }).expect(200);
    const sent = expectAnswer(partnerSendResponseSchema, answer);
    expect(sent).toMatchObject({ mensagem: 'Mensagem enviada', status: 'pending' });
    expect(sent.messages[0]).toMatchObject({ number: '5511988880001', body: 'Seu pedido saiu para entrega', status: 'pending' });
    const [command] = await waitFor(() => (sends('5511988880001').length ? sends('5511988880001') : undefined));
    expect(command!.payload).toMatchObject({ connectionId: 10, content: { type: 'text', body: 'Seu pedido saiu para entrega' } });

    const status = expectAnswer(
      partnerMessageSchema,
      await api().get(`/api/messages/status/${sent.id}`).set('Authorization', `Bearer ${token}`).expect(200),
    );
    expect(status).toMatchObject({ id: sent.id, status: 'pending', body: 'Seu pedido saiu para entrega' });
    const ticket: { status: string; whatsapp_id: number }[] = await t.dataSource.query(
      `SELECT status, whatsapp_id FROM conversations.tickets WHERE id = $1`,
      [status.ticketId],
    );
    expect(ticket[0]).toEqual({ status: 'pending', whatsapp_id: 10 });
    // WhatsApp confirms: the status follows the ack.
    await t.dataSource.query(`UPDATE conversations.messages SET ack = 3 WHERE id = $1`, [sent.id]);
    expect((await api().get(`/api/messages/status/${sent.id}`).set('Authorization', `Bearer ${token}`).expect(200)).body.status).toBe(
      'delivered',
    );
    // A second send to the number goes on the same live ticket.
    const again = expectAnswer(partnerSendResponseSchema, await send(token, { number: '5511988880001', body: 'Chegou?' }).expect(200));
    await waitFor(() => (sends('5511988880001').length === 2 ? true : undefined));
    const againStatus = await api().get(`/api/messages/status/${again.id}`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(againStatus.body.ticketId).toBe(status.ticketId);
    // The last use is recorded.
    const [row] = await t.dataSource.query(`SELECT last_used_at FROM conversations.api_tokens WHERE id = $1`, [tokenId]);
    expect(row.last_used_at).not.toBeNull();
  });

  it('a token tied to a connection sends through it', async () => {
    const { token } = await createToken(A, { name: 'Loja', whatsappId: 11 });
    await send(token, { number: '5511988880002', body: 'Pela loja' }).expect(200);
    const [command] = await waitFor(() => (sends('5511988880002').length ? sends('5511988880002') : undefined));
    expect(command!.payload.connectionId).toBe(11);
  });

  it('multipart number, body and medias sends each file, the caption on the first', async () => {
    const { token } = await createToken();
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const answer = await api()
      .post('/api/messages/send')
      .set('Authorization', `Bearer ${token}`)
      .field('number', '5511988880003')
      .field('body', 'Seu boleto')
      .attach('medias', png, { filename: 'boleto.png', contentType: 'image/png' })
      .expect(200);
    const sent = expectAnswer(partnerSendResponseSchema, answer);
    expect(sent.messages).toHaveLength(1);
    expect(sent.messages[0]).toMatchObject({ body: 'Seu boleto', mediaType: 'image' });
    const [command] = await waitFor(() => (sends('5511988880003').length ? sends('5511988880003') : undefined));
    expect(command!.payload.content).toMatchObject({ type: 'media', mediaType: 'image', caption: 'Seu boleto', mimetype: 'image/png' });
    // A file that is not what it says is refused.
    await api()
      .post('/api/messages/send')
      .set('Authorization', `Bearer ${token}`)
      .field('number', '5511988880003')
      .attach('medias', Buffer.from('not a png'), { filename: 'x.png', contentType: 'image/png' })
      .expect(400);
  });

  it('bad input: 400 ERR_VALIDATION with the fields', async () => {
    const { token } = await createToken();
    for (const body of [
      {},
      { number: '123', body: 'x' },
      { number: '5511988880004' },
      { number: '5511988880004', body: '   ' },
      { number: 'abc12345678', body: 'x' },
    ]) {
      const refused = await send(token, body).expect(400);
      expect(expectAnswer(errorBodySchema, refused).error).toBe('ERR_VALIDATION');
    }
    await send(token, { number: '5511988880004', body: 'x'.repeat(4_097) }).expect(400);
    await send(token, { number: '5511988880004', body: 'x' }, 'x'.repeat(256)).expect(400);
    expect(sends('5511988880004')).toHaveLength(0);
  });

  it('no, malformed, unknown and revoked tokens get 401 ERR_INVALID_API_TOKEN; revocation stops the very next request', async () => {
    await api().post('/api/messages/send').send({ number: '5511988880005', body: 'x' }).expect(401);
    for (const bad of ['nope', `zdk_${'a'.repeat(43)}`, admin()]) {
      const refused = await send(bad, { number: '5511988880005', body: 'x' }).expect(401);
      expect(expectAnswer(errorBodySchema, refused).error).toBe('ERR_INVALID_API_TOKEN');
    }
    const { token, id } = await createToken();
    const sent = expectAnswer(partnerSendResponseSchema, await send(token, { number: '5511988880005', body: 'antes' }).expect(200));
    await api().delete(`/api/api-tokens/${id}`).set('Authorization', `Bearer ${admin()}`).expect(204);
    expect((await send(token, { number: '5511988880005', body: 'depois' }).expect(401)).body.error).toBe('ERR_INVALID_API_TOKEN');
    await api().get(`/api/messages/status/${sent.id}`).set('Authorization', `Bearer ${token}`).expect(401);
    const listed = expectAnswer(
      apiTokenListSchema,
      await api().get('/api/api-tokens').set('Authorization', `Bearer ${admin()}`).expect(200),
    );
    expect(listed.tokens.map((row) => row.id)).not.toContain(id);
    await api().delete(`/api/api-tokens/${id}`).set('Authorization', `Bearer ${admin()}`).expect(404);
    // 'antes' was accepted before the revocation: it is sent; nothing after it was accepted.
    await waitFor(() => (sends('5511988880005').length ? true : undefined));
    expect(sends('5511988880005').map((command) => command.payload.content.body)).toEqual(['antes']);
  });

  it("another company's token neither reads this company's messages nor sends through its connections", async () => {
    const { token: tokenA } = await createToken(A);
    const { token: tokenB } = await createToken(B);
    const sent = expectAnswer(partnerSendResponseSchema, await send(tokenA, { number: '5511988880006', body: 'de A' }).expect(200));
    expect((await api().get(`/api/messages/status/${sent.id}`).set('Authorization', `Bearer ${tokenB}`).expect(404)).body.error).toBe(
      'ERR_NOT_FOUND',
    );
    await send(tokenB, { number: '5511988880006', body: 'de B' }).expect(200);
    const commands = await waitFor(() => (sends('5511988880006').length === 2 ? sends('5511988880006') : undefined));
    expect(commands.map((c) => [c.companyId, c.payload.connectionId]).sort()).toEqual([
      [A, 10],
      [B, 20],
    ]);
  });

  it('a plan that loses useExternalApi stops its tokens (403), and gets them back with the flag', async () => {
    const { token } = await createToken(B);
    await identity(envelopeOf(planUpdated, null, 5, { plan: plan(5, false) }));
    expect((await send(token, { number: '5511988880007', body: 'x' }).expect(403)).body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    await identity(envelopeOf(planUpdated, null, 5, { plan: plan(5, true) }));
    await send(token, { number: '5511988880007', body: 'x' }).expect(200);
  });

  it('Idempotency-Key: a repeat answers the first result and sends nothing again, also when the duplicates arrive together', async () => {
    const { token } = await createToken();
    const first = expectAnswer(
      partnerSendResponseSchema,
      await send(token, { number: '5511988880008', body: 'uma vez' }, 'pedido-1').expect(200),
    );
    const again = await send(token, { number: '5511988880008', body: 'uma vez' }, 'pedido-1').expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(expectAnswer(partnerSendResponseSchema, again)).toEqual(first);

    const { token: other } = await createToken();
    const together = await Promise.all(
      Array.from({ length: 6 }, () => send(other, { number: '5511988880009', body: 'junto' }, 'pedido-2')),
    );
    expect(together.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(new Set(together.map((answer) => answer.body.id)).size).toBe(1);
    await waitFor(() => (sends('5511988880009').length ? true : undefined));
    const stored = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM conversations.messages m JOIN conversations.contacts c ON c.id = m.contact_id WHERE c.number = $1`,
      ['5511988880009'],
    );
    expect(stored[0].n).toBe(1);
    await waitFor(() => (sends('5511988880009').length ? true : undefined));
    expect(sends('5511988880008')).toHaveLength(1);
    expect(sends('5511988880009')).toHaveLength(1);
    // A key older than 24 h is free again.
    await t.dataSource.query(
      `UPDATE conversations.api_sends SET accepted_at = now() - interval '25 hours' WHERE idempotency_key = 'pedido-1'`,
    );
    const later = expectAnswer(
      partnerSendResponseSchema,
      await send(token, { number: '5511988880008', body: 'uma vez' }, 'pedido-1').expect(200),
    );
    expect(later.id).not.toBe(first.id);
  });

  it('each token has its rate: over it, 429 ERR_RATE_LIMITED with Retry-After, and other tokens are not slowed', async () => {
    const { token } = await createToken();
    const { token: other } = await createToken();
    const answers = [];
    for (let i = 0; i < RATE + 1; i += 1) answers.push(await send(token, { number: '5511988880010', body: `n${i}` }));
    expect(answers.slice(0, RATE).every((answer) => answer.status === 200)).toBe(true);
    const limited = answers[RATE]!;
    expect(limited.status).toBe(429);
    expect(expectAnswer(errorBodySchema, limited).error).toBe('ERR_RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await send(other, { number: '5511988880010', body: 'outro' }).expect(200);
  });
});
