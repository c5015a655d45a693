import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
  companyCreated,
  companyUpdated,
  errorBodySchema,
  type EventEnvelope,
  messageSendRequested,
  partnerMessageSchema,
  partnerSendResponseSchema,
  partnerTagListSchema,
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
import { ApiTokenRateRepository } from './api-token-rate.repository';
import { PartnerSendDrainer } from './partner-send.drainer';
import { RateExceeded, SharedTokenRate } from './shared-token-rate';

const A = 1;
const B = 2;
/** A company whose plan has no external API. */
const C = 3;
/** A company with the API and no connection. */
const D = 4;
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
  const status = (token: string, id: number) => api().get(`/api/messages/status/${id}`).set('Authorization', `Bearer ${token}`);
  /** Runs `accepting` with the drainer asleep (sends stay queued), then drains. */
  const withDrainerAsleep = async <T>(accepting: () => Promise<T>): Promise<T> => {
    const drainer = t.app.get(PartnerSendDrainer);
    const asleep = jest.spyOn(drainer, 'wake').mockImplementation(() => undefined);
    try {
      return await accepting();
    } finally {
      asleep.mockRestore();
    }
  };
  const company = (id: number, planId: number, active: boolean) => ({
    id,
    name: `Empresa ${id}`,
    planId,
    status: active,
    approved: true,
    dueDate: null,
    recurrence: 'MENSAL',
    schedules: [],
  });

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
      [D, 5],
    ] as const) {
      await identity(envelopeOf(companyCreated, id, id, { company: company(id, planId, true) }));
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

  it('a send is answered when accepted: pending with its reserved id and no ticket yet; the inbox path runs after and the status follows', async () => {
    const { token } = await createToken();
    const sent = await withDrainerAsleep(async () => {
      const accepted = expectAnswer(partnerSendResponseSchema, await send(token, { number: '5511988880011', body: 'na fila' }).expect(200));
      expect(accepted.messages[0]).toMatchObject({ id: accepted.id, status: 'pending', ticketId: null, mediaType: 'chat' });
      const queued = expectAnswer(partnerMessageSchema, await status(token, accepted.id).expect(200));
      expect(queued).toMatchObject({ id: accepted.id, status: 'pending', ticketId: null, body: 'na fila' });
      expect(sends('5511988880011')).toHaveLength(0);
      return accepted;
    });
    t.app.get(PartnerSendDrainer).wake();
    await waitFor(() => (sends('5511988880011').length ? true : undefined));
    const stored = expectAnswer(partnerMessageSchema, await status(token, sent.id).expect(200));
    expect(stored.ticketId).not.toBeNull();
    const [message] = await t.dataSource.query(`SELECT id, body FROM conversations.messages WHERE id = $1`, [sent.id]);
    expect(message).toEqual({ id: sent.id, body: 'na fila' });
  });

  it('sends arriving together are accepted by one statement with distinct ids, each sent once', async () => {
    const { token } = await createToken();
    // RATE requests, two by two with the same key.
    const answers = await Promise.all(
      Array.from({ length: RATE }, (_, i) =>
        send(token, { number: '5511988880012', body: `junto ${i % (RATE / 2)}` }, `lote-${i % (RATE / 2)}`),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(RATE).fill(200));
    const ids = answers.map((answer) => expectAnswer(partnerSendResponseSchema, answer).id);
    expect(new Set(ids).size).toBe(RATE / 2);
    ids.slice(0, RATE / 2).forEach((id, i) => expect(ids[i + RATE / 2]).toBe(id));
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(RATE / 2);
    const commands = await waitFor(() => (sends('5511988880012').length >= RATE / 2 ? sends('5511988880012') : undefined));
    expect(commands).toHaveLength(RATE / 2);
    expect(new Set(commands.map((command) => command.payload.content.body)).size).toBe(RATE / 2);
  });

  it('a backlog is drained by several lanes, each number in its own, so every number gets its sends in the order they were accepted', async () => {
    const tokens = await Promise.all([1, 2, 3].map(async (n) => (await createToken(A, { name: `Lote ${n}` })).token));
    const numbers = ['5511988880031', '5511988880032', '5511988880033', '5511988880034', '5511988880035', '5511988880036'];
    await withDrainerAsleep(async () => {
      for (let i = 0; i < 3 * RATE; i++) {
        const number = numbers[i % numbers.length]!;
        expect((await send(tokens[i % tokens.length]!, { number, body: `${number} ${Math.floor(i / numbers.length)}` })).status).toBe(200);
      }
    });
    t.app.get(PartnerSendDrainer).wake();
    for (const number of numbers) {
      const commands = await waitFor(() => (sends(number).length >= 4 ? sends(number) : undefined));
      expect(commands.map((command) => command.payload.content.body)).toEqual([0, 1, 2, 3].map((n) => `${number} ${n}`));
    }
  }, 30_000);

  it('a queued send whose connection is gone fails alone (its status says why); the next one in the batch is sent', async () => {
    await s.connection({ id: 12, companyId: A, isDefault: false, number: '5511900000012' });
    const { token: doomed } = await createToken(A, { name: 'Loja 12', whatsappId: 12 });
    const { token } = await createToken();
    const [lost, fine] = await withDrainerAsleep(async () => {
      const first = expectAnswer(partnerSendResponseSchema, await send(doomed, { number: '5511988880013', body: 'pela 12' }).expect(200));
      const second = expectAnswer(
        partnerSendResponseSchema,
        await send(token, { number: '5511988880014', body: 'pela padrão' }).expect(200),
      );
      await t.dataSource.query(`DELETE FROM conversations.connections WHERE id = 12`);
      return [first, second];
    });
    t.app.get(PartnerSendDrainer).wake();
    await waitFor(() => (sends('5511988880014').length ? true : undefined));
    const failed = expectAnswer(partnerMessageSchema, await status(doomed, lost.id).expect(200));
    expect(failed).toMatchObject({ status: 'failed', ticketId: null });
    expect(failed.error).toContain('ERR_NO_WAPP_FOUND');
    expect(sends('5511988880013')).toHaveLength(0);
    expect((await status(token, fine.id).expect(200)).body.status).toBe('pending');
    // Once accepted, its token is refused at the next send (the connection is gone).
    expect((await send(doomed, { number: '5511988880013', body: 'de novo' }).expect(404)).body.error).toBe('ERR_NO_WAPP_FOUND');
  });

  it('a company without a connection gets 404 ERR_NO_DEF_WAPP_FOUND and nothing is queued', async () => {
    const { token } = await createToken(D);
    expect((await send(token, { number: '5511988880015', body: 'x' }).expect(404)).body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
    const [queued] = await t.dataSource.query(`SELECT count(*)::int AS n FROM conversations.api_sends WHERE company_id = $1`, [D]);
    expect(queued.n).toBe(0);
  });

  it('an inactive company stops its tokens (403 ERR_NO_PERMISSION), also for reads, and gets them back when active', async () => {
    const { token } = await createToken(B);
    const sent = expectAnswer(partnerSendResponseSchema, await send(token, { number: '5511988880016', body: 'antes' }).expect(200));
    await identity(envelopeOf(companyUpdated, B, B, { company: company(B, 5, false) }));
    expect((await send(token, { number: '5511988880016', body: 'x' }).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    expect((await status(token, sent.id).expect(403)).body.error).toBe('ERR_NO_PERMISSION');
    await identity(envelopeOf(companyUpdated, B, B, { company: company(B, 5, true) }));
    await send(token, { number: '5511988880016', body: 'depois' }).expect(200);
  });

  it('settled sends past the 24 h window are forgotten (a sent one is still read from its message); queued ones stay', async () => {
    const { token } = await createToken();
    const sent = expectAnswer(
      partnerSendResponseSchema,
      await send(token, { number: '5511988880017', body: 'velha' }, 'velha-1').expect(200),
    );
    await waitFor(async () => {
      const [row] = await t.dataSource.query(`SELECT state FROM conversations.api_sends WHERE message_ids @> ARRAY[$1::int]`, [sent.id]);
      return row?.state === 'sent' ? true : undefined;
    });
    const queued = await withDrainerAsleep(async () => {
      const accepted = expectAnswer(partnerSendResponseSchema, await send(token, { number: '5511988880018', body: 'fila' }).expect(200));
      await t.dataSource.query(
        `UPDATE conversations.api_sends SET accepted_at = now() - interval '25 hours' WHERE message_ids && ARRAY[$1::int, $2::int]`,
        [sent.id, accepted.id],
      );
      expect(await t.app.get(PartnerSendDrainer).purge()).toBeGreaterThanOrEqual(1);
      return accepted;
    });
    const left: { message_ids: number[] }[] = await t.dataSource.query(
      `SELECT message_ids FROM conversations.api_sends WHERE message_ids && ARRAY[$1::int, $2::int]`,
      [sent.id, queued.id],
    );
    expect(left.map((row) => row.message_ids[0])).toEqual([queued.id]);
    expect((await status(token, sent.id).expect(200)).body).toMatchObject({ id: sent.id, body: 'velha' });
    // Its key is free again.
    const again = expectAnswer(
      partnerSendResponseSchema,
      await send(token, { number: '5511988880017', body: 'velha' }, 'velha-1').expect(200),
    );
    expect(again.id).not.toBe(sent.id);
    t.app.get(PartnerSendDrainer).wake();
  });

  it('the rate is shared by the processes: two of them let the rate through once, not twice; a new window starts afresh', async () => {
    const options = { partnerApiRate: { points: 10, seconds: 3_600 } };
    const [one, two] = [
      new SharedTokenRate(new ApiTokenRateRepository(t.dataSource), options),
      new SharedTokenRate(new ApiTokenRateRepository(t.dataSource), options),
    ];
    const tokenId = 990_001;
    // 5 ms into the current hour's window (the processes forget windows that are over by the clock).
    const now = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 5;
    for (let i = 0; i < 6; i += 1) one.consume(tokenId, now);
    await one.sync();
    let admitted = 6;
    two.consume(tokenId, now);
    admitted += 1;
    await two.sync();
    for (;;) {
      try {
        two.consume(tokenId, now);
        admitted += 1;
      } catch (rejection) {
        expect(rejection).toBeInstanceOf(RateExceeded);
        expect((rejection as RateExceeded).msBeforeNext).toBe(3_600_000 - 5);
        break;
      }
    }
    expect(admitted).toBe(10);
    await two.sync();
    await one.sync();
    expect(() => one.consume(tokenId, now)).toThrow(RateExceeded);
    // The next window.
    expect(one.consume(tokenId, now + 3_600_000)).toBe(9);
    one.onApplicationShutdown();
    two.onApplicationShutdown();
  });

  it("GET /messages/tags lists the token's company's tags by name, never another company's", async () => {
    await t.dataSource.query(
      `INSERT INTO conversations.tags (company_id, name, color) VALUES ($1, 'VIP', '#ff0000'), ($1, 'atacado', '#00ff00'), ($2, 'De B', '#0000ff')`,
      [A, B],
    );
    const { token } = await createToken(A);
    const listed = expectAnswer(
      partnerTagListSchema,
      await api().get('/api/messages/tags').set('Authorization', `Bearer ${token}`).expect(200),
    );
    const names = listed.tags.map((tag) => tag.name);
    expect(names.indexOf('atacado')).toBeLessThan(names.indexOf('VIP'));
    expect(listed.tags.find((tag) => tag.name === 'VIP')).toMatchObject({ color: '#ff0000' });
    expect(names).not.toContain('De B');
    const { token: tokenB } = await createToken(B);
    const ofB = expectAnswer(
      partnerTagListSchema,
      await api().get('/api/messages/tags').set('Authorization', `Bearer ${tokenB}`).expect(200),
    );
    expect(ofB.tags.map((tag) => tag.name)).toEqual(['De B']);
    expect((await api().get('/api/messages/tags').expect(401)).body.error).toBe('ERR_INVALID_API_TOKEN');
    // A user's session is not an API token.
    expect(
      (
        await api()
          .get('/api/messages/tags')
          .set('Authorization', `Bearer ${admin(A)}`)
          .expect(401)
      ).body.error,
    ).toBe('ERR_INVALID_API_TOKEN');
  });
});
