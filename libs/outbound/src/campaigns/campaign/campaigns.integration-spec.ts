import {
  type CampaignBody,
  campaignDeleteResponseSchema,
  campaignDetailSchema,
  campaignPageResponseSchema,
  campaignProgressed,
  campaignReportSchema,
  campaignSaved,
  campaignSchema,
  connectionUpdated,
  contactSaved,
  type EventEnvelope,
  type EventPayload,
  fileListSchema,
  messageReceived,
  messageSendFailed,
  messageSendRequested,
  messageSent,
  settingUpdated,
  tagSaved,
  ticketTagsChanged,
} from '@app/contracts';
import { OutboxWriter, readEvent } from '@app/platform';
import { connectionFixture, expectAnswer, expectErrorAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type OutboundTestApp, startOutboundTestApp } from '../../testing/outbound-test-app';
import { shippingCommandId } from '../common/campaign-message';
import { ConnectionRuns } from '../dispatch/connection-runs';

const A = 1;
const B = 2;
type Command = EventPayload<typeof messageSendRequested>;

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Campaigns (spec 2): rules, texts, statuses, and the dispatch that sends each recipient exactly once at each connection's pace. */
describe('campaigns over HTTP', () => {
  let t: OutboundTestApp;
  /** The campaign clock: the system's unless a test fixes it. */
  const clock: { fixed: Date | null } = { fixed: null };
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: ['useCampaigns'] });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user', plan: ['useCampaigns'] });
  const noPlan = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: [] });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin', plan: ['useCampaigns'] });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  let nextConnection = 100;
  let nextItem = 1;

  /** A connected connection of the company, as whatsapp announces it. */
  const connection = async (companyId = A, status: 'CONNECTED' | 'DISCONNECTED' = 'CONNECTED') => {
    const id = nextConnection++;
    await t.publish(connectionUpdated, companyId, id, { connection: connectionFixture(companyId, id, { status, name: `Número ${id}` }) });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM outbound.connections WHERE id = $1`, [id])).length === 1, {
      what: `connection ${id} known`,
    });
    return id;
  };
  /** A contact list whose numbers were checked: `valid` of them on WhatsApp, then `invalid` that are not. */
  const checkedList = async (valid: number, invalid = 0, token = admin(), companyId = A) => {
    const list = (
      await api()
        .post('/api/contact-lists')
        .set(as(token))
        .send({ name: `Lista ${nextItem}` })
        .expect(201)
    ).body as { id: number };
    for (let i = 0; i < valid + invalid; i++) {
      const n = nextItem++;
      await t.dataSource.query(
        `INSERT INTO outbound.contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid, whatsapp_number)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          companyId,
          list.id,
          `Cliente ${n}`,
          `55119${String(n).padStart(8, '0')}`,
          `c${n}@x.com`,
          i < valid,
          i < valid ? `55119${String(n).padStart(8, '0')}` : null,
        ],
      );
    }
    return list.id;
  };
  const settings = (values: object) => api().post('/api/campaign-settings').set(as(admin())).send({ settings: values }).expect(200);
  /** `YYYY-MM-DD HH:mm:ss` in São Paulo (UTC-3, no daylight saving) for an instant. */
  const saoPaulo = (at: Date) => new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const soon = (seconds = 1) => saoPaulo(new Date((clock.fixed ?? new Date()).getTime() + seconds * 1_000));
  const create = async (body: CampaignBody, token = admin()) =>
    expectAnswer(campaignSchema, await api().post('/api/campaigns').set(as(token)).send(body).expect(201));
  const get = async (id: number) =>
    expectAnswer(campaignDetailSchema, await api().get(`/api/campaigns/${id}`).set(as(admin())).expect(200));
  const report = async (id: number) =>
    expectAnswer(campaignReportSchema, await api().get(`/api/campaigns/${id}/report`).set(as(admin())).expect(200));
  const commands = (filter: (command: Command) => boolean = () => true) =>
    t.events.flatMap((envelope: EventEnvelope) => {
      const command = readEvent(messageSendRequested, envelope);
      return command && command.reference?.service === 'outbound' && filter(command) ? [command] : [];
    });
  const ofCampaign = (campaignId: number) => commands((command) => command.reference?.campaignId === campaignId);
  /** WhatsApp carried the command out (or failed it with `reason`). */
  const answer = async (command: Command, reason?: string) => {
    if (reason === undefined) {
      await t.publish(messageSent, A, command.connectionId, {
        connectionId: command.connectionId,
        commandId: command.commandId,
        messageId: `M${command.commandId.replace(/-/g, '').slice(0, 16).toUpperCase()}`,
        reference: command.reference,
      });
    } else {
      await t.publish(messageSendFailed, A, command.connectionId, {
        connectionId: command.connectionId,
        commandId: command.commandId,
        error: 'ERR_SENDING_WAPP_MSG',
        reason,
        reference: command.reference,
      });
    }
  };
  /** Answers every command of the campaign as it comes, until `count` were answered. */
  const answerAll = async (campaignId: number, count: number, timeoutMs = 20_000) => {
    const answered = new Set<string>();
    await waitFor(
      async () => {
        for (const command of ofCampaign(campaignId)) {
          if (answered.has(command.commandId)) continue;
          answered.add(command.commandId);
          await answer(command);
        }
        return answered.size >= count;
      },
      { what: `${count} sends of campaign ${campaignId} answered`, timeoutMs },
    );
  };
  const statusOf = async (id: number) => (await get(id)).status;

  beforeAll(async () => {
    t = await startOutboundTestApp({ now: () => clock.fixed ?? new Date() });
  }, 60_000);

  afterEach(() => {
    clock.fixed = null;
  });

  afterAll(async () => {
    await t?.close();
  });

  it("validates with the spec's texts; needs the plan, campaignsEnabled and an admin; a campaign without a time is INATIVA", async () => {
    for (const [body, fields] of [
      [{}, [{ path: 'name', message: 'Required' }]],
      [{ name: 'a' }, [{ path: 'name', message: 'Too Short!' }]],
      [{ name: 'x'.repeat(51) }, [{ path: 'name', message: 'Too Long!' }]],
      [
        { name: 'Promo', startHour: 24, endHour: 0 },
        [
          { path: 'startHour', message: 'Hora inválida' },
          { path: 'endHour', message: 'Hora inválida' },
        ],
      ],
      [{ name: 'Promo', startHour: 18, endHour: 8 }, [{ path: 'endHour', message: 'A hora final deve ser depois da inicial' }]],
      [{ name: 'Promo', scheduledAt: '2030-02-30 10:00:00' }, [{ path: 'scheduledAt', message: 'Data inválida' }]],
      [{ name: 'Promo', scheduledAt: '2030-01-10T10:00:00Z' }, [{ path: 'scheduledAt', message: 'Data inválida' }]],
      [
        { name: 'Promo', scheduledAt: '2030-01-10 10:00:00' },
        [
          { path: 'message1', message: 'Informe ao menos uma mensagem' },
          { path: 'whatsappId', message: 'Escolha ao menos uma conexão' },
          { path: 'contactListId', message: 'Escolha uma lista de contatos ou uma tag' },
        ],
      ],
    ] as const) {
      const refused = expectErrorAnswer(await api().post('/api/campaigns').set(as(admin())).send(body).expect(400), 'ERR_VALIDATION');
      expect(refused.fields).toEqual(fields);
    }
    expectErrorAnswer(await api().get('/api/campaigns').set(as(noPlan())).expect(403), 'ERR_PLAN_FEATURE_DISABLED');
    await api().get('/api/campaigns').set(as(user())).expect(403);

    // Empty strings are null; the defaults fill what was not sent.
    const draft = await create({
      name: 'Rascunho',
      message1: 'Oi {nome}',
      message2: '',
      whatsappId: '',
      contactListId: '',
      scheduledAt: '',
    });
    expect(draft).toMatchObject({
      status: 'INATIVA',
      message1: 'Oi {nome}',
      message2: null,
      whatsappId: null,
      scheduledAt: null,
      startHour: 0,
      endHour: 24,
      allowSaturday: true,
      allowSunday: true,
      confirmation: false,
      whatsapps: [],
    });

    await t.publish(settingUpdated, A, `${A}:campaignsEnabled`, { companyId: A, key: 'campaignsEnabled', value: 'false' });
    await waitFor(async () => (await api().get('/api/campaigns').set(as(admin()))).status === 403, { what: 'campaigns disabled' });
    await t.publish(settingUpdated, A, `${A}:campaignsEnabled`, { companyId: A, key: 'campaignsEnabled', value: 'true' });
    await waitFor(async () => (await api().get('/api/campaigns').set(as(admin()))).status === 200, { what: 'campaigns enabled' });
  });

  it('lists, searches and pages; a scheduled time is read in São Paulo and kept in UTC; a past one is refused', async () => {
    const whatsappId = await connection();
    const contactListId = await checkedList(1);
    const at = '2031-03-10 09:30:00';
    const scheduled = await create({ name: 'Natal Especial', message1: 'Oi', whatsappId, contactListId, scheduledAt: at });
    expect(scheduled).toMatchObject({
      status: 'PROGRAMADA',
      scheduledAt: '2031-03-10T12:30:00.000Z',
      whatsapp: { id: whatsappId, name: `Número ${whatsappId}` },
      contactList: { id: contactListId },
    });
    const refused = expectErrorAnswer(
      await api()
        .post('/api/campaigns')
        .set(as(admin()))
        .send({ name: 'Passado', message1: 'Oi', whatsappId, contactListId, scheduledAt: '2020-01-01 10:00:00' })
        .expect(400),
      'ERR_VALIDATION',
    );
    expect(refused.fields).toEqual([{ path: 'scheduledAt', message: 'A data agendada já passou' }]);

    for (let i = 0; i < 21; i++) await create({ name: `Lote ${String(i).padStart(2, '0')}` });
    const first = expectAnswer(campaignPageResponseSchema, await api().get('/api/campaigns').set(as(admin())).expect(200));
    expect(first.records).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = expectAnswer(
      campaignPageResponseSchema,
      await api().get('/api/campaigns').query({ pageNumber: 2 }).set(as(admin())).expect(200),
    );
    expect(second.hasMore).toBe(false);
    const found = expectAnswer(
      campaignPageResponseSchema,
      await api().get('/api/campaigns').query({ searchParam: 'NATAL' }).set(as(admin())).expect(200),
    );
    expect(found.records.map((record) => record.id)).toEqual([scheduled.id]);
  });

  it("another company's campaign is not found on any endpoint, and a campaign may not name another company's list, tag, file list or connection", async () => {
    const ours = await create({ name: 'Nossa' });
    const theirs = await create({ name: 'Deles' }, outsider());
    for (const call of [
      api().get(`/api/campaigns/${theirs.id}`),
      api().get(`/api/campaigns/${theirs.id}/report`),
      api().put(`/api/campaigns/${theirs.id}`).send({ name: 'Tomada' }),
      api().delete(`/api/campaigns/${theirs.id}`),
      api().post(`/api/campaigns/${theirs.id}/cancel`),
      api().post(`/api/campaigns/${theirs.id}/restart`),
      api().post(`/api/campaigns/${theirs.id}/media-upload`).attach('file', PNG, { filename: 'a.png', contentType: 'image/png' }),
      api().delete(`/api/campaigns/${theirs.id}/media-upload`),
    ]) {
      expectErrorAnswer(await call.set(as(admin())).expect(404), 'ERR_NOT_FOUND');
    }
    expect((await get(theirs.id).catch(() => null)) === null).toBe(true);

    const theirConnection = await connection(B);
    const theirList = await checkedList(1, 0, outsider(), B);
    const theirFiles = expectAnswer(
      fileListSchema,
      await api().post('/api/files').set(as(outsider())).send({ name: 'Arquivos deles', message: 'oi' }).expect(201),
    );
    await t.publish(tagSaved, B, 'tag-900', { tag: { id: 900, name: 'Deles', color: '#000', kanban: 0, companyId: B }, created: true });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM outbound.tags WHERE id = 900`)).length === 1, { what: 'tag known' });
    for (const [field, value] of [
      ['whatsappId', theirConnection],
      ['contactListId', theirList],
      ['fileListId', theirFiles.id],
      ['tagListId', 900],
    ] as const) {
      expectErrorAnswer(
        await api()
          .post('/api/campaigns')
          .set(as(admin()))
          .send({ name: 'Invasora', [field]: value })
          .expect(404),
        'ERR_NOT_FOUND',
      );
      expectErrorAnswer(
        await api()
          .put(`/api/campaigns/${ours.id}`)
          .set(as(admin()))
          .send({ name: 'Invasora', [field]: value })
          .expect(404),
        'ERR_NOT_FOUND',
      );
    }
    // The other company still sees its own.
    expect((await api().get(`/api/campaigns/${theirs.id}`).set(as(outsider())).expect(200)).body.name).toBe('Deles');
  });

  it('edits by status: INATIVA and CANCELADA yes, PROGRAMADA only more than 1 hour ahead; stop and restart by status', async () => {
    const now = new Date('2031-06-02T12:00:00Z');
    clock.fixed = now;
    const whatsappId = await connection();
    const contactListId = await checkedList(1);
    const base = { message1: 'Oi', whatsappId, contactListId };
    const far = await create({ name: 'Longe', ...base, scheduledAt: saoPaulo(new Date(now.getTime() + 2 * 3_600_000)) });
    const near = await create({ name: 'Perto', ...base, scheduledAt: saoPaulo(new Date(now.getTime() + 30 * 60_000)) });
    const edited = expectAnswer(
      campaignSchema,
      await api()
        .put(`/api/campaigns/${far.id}`)
        .set(as(admin()))
        .send({ name: 'Longe 2', ...base, scheduledAt: saoPaulo(new Date(now.getTime() + 3 * 3_600_000)) })
        .expect(200),
    );
    expect(edited).toMatchObject({ name: 'Longe 2', status: 'PROGRAMADA' });
    const late = expectErrorAnswer(
      await api().put(`/api/campaigns/${near.id}`).set(as(admin())).send({ name: 'Perto 2' }).expect(409),
      'ERR_CAMPAIGN_NOT_EDITABLE',
    );
    expect(late.status).toBe('PROGRAMADA');
    expectErrorAnswer(
      await api()
        .post(`/api/campaigns/${near.id}/media-upload`)
        .set(as(admin()))
        .attach('file', PNG, { filename: 'a.png', contentType: 'image/png' })
        .expect(409),
      'ERR_CAMPAIGN_NOT_EDITABLE',
    );

    // Only EM_ANDAMENTO or PROGRAMADA stop; only CANCELADA restarts.
    const draft = await create({ name: 'Parada' });
    expectErrorAnswer(await api().post(`/api/campaigns/${draft.id}/cancel`).set(as(admin())).expect(409), 'ERR_CAMPAIGN_STATUS');
    expectErrorAnswer(await api().post(`/api/campaigns/${draft.id}/restart`).set(as(admin())).expect(409), 'ERR_CAMPAIGN_STATUS');
    const stopped = expectAnswer(campaignSchema, await api().post(`/api/campaigns/${near.id}/cancel`).set(as(admin())).expect(200));
    expect(stopped.status).toBe('CANCELADA');
    // A stopped campaign can be edited again; saved without a time it is INATIVA.
    const reopened = expectAnswer(
      campaignSchema,
      await api()
        .put(`/api/campaigns/${near.id}`)
        .set(as(admin()))
        .send({ name: 'Perto 3', ...base })
        .expect(200),
    );
    expect(reopened.status).toBe('INATIVA');
    expectAnswer(campaignDeleteResponseSchema, await api().delete(`/api/campaigns/${far.id}`).set(as(admin())).expect(200));
    expectErrorAnswer(await api().get(`/api/campaigns/${far.id}`).set(as(admin())).expect(404), 'ERR_NOT_FOUND');
  });

  it('the attachment is checked by its bytes, stored, replaced and removed', async () => {
    const draft = await create({ name: 'Com anexo' });
    expectErrorAnswer(
      await api()
        .post(`/api/campaigns/${draft.id}/media-upload`)
        .set(as(admin()))
        .attach('file', Buffer.from('<html></html>'), { filename: 'a.png', contentType: 'image/png' })
        .expect(400),
      'ERR_VALIDATION',
    );
    const withMedia = expectAnswer(
      campaignSchema,
      await api()
        .post(`/api/campaigns/${draft.id}/media-upload`)
        .set(as(admin()))
        .attach('file', PNG, { filename: 'foto da loja.png', contentType: 'image/png' })
        .expect(200),
    );
    expect(withMedia.mediaName).toBe('foto_da_loja.png');
    expect(withMedia.mediaPath).toMatch(/^\/api\/whatsapp-media\/companies\/1\/outbound\/campaigns\//);
    const without = expectAnswer(
      campaignSchema,
      await api().delete(`/api/campaigns/${draft.id}/media-upload`).set(as(admin())).expect(200),
    );
    expect(without).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it('sends each valid contact one message with its variables, through its connections in turn, exactly once; FINALIZADA when all are settled', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'loja', value: 'Loja Centro' }] });
    const first = await connection();
    const second = await connection();
    const contactListId = await checkedList(6, 2);
    const campaign = await create({
      name: 'Promo de junho',
      message1: 'Olá {nome}, seu número {numero} e email {email} - {loja} {desconhecida}',
      whatsappId: first,
      whatsappId2: second,
      contactListId,
      scheduledAt: soon(1),
    });
    await answerAll(campaign.id, 6);
    const sent = ofCampaign(campaign.id);
    expect(sent).toHaveLength(6);
    expect(new Set(sent.map((command) => command.to)).size).toBe(6);
    expect(sent.filter((command) => command.connectionId === first)).toHaveLength(3);
    expect(sent.filter((command) => command.connectionId === second)).toHaveLength(3);
    const detail = await get(campaign.id);
    const one = detail.shipping.find((record) => record.number === sent[0]!.to)!;
    expect(sent[0]!.content).toEqual({
      type: 'text',
      body: `Olá ${one.name}, seu número ${one.number} e email ${one.name.replace('Cliente ', 'c')}@x.com - Loja Centro {desconhecida}`,
    });
    // The command id is the shipping record's: written again, it is the same command.
    expect(sent[0]!.commandId).toBe(shippingCommandId(one.id, 0, 'main', 0));

    await waitFor(async () => (await statusOf(campaign.id)) === 'FINALIZADA', { what: 'the campaign finished' });
    const finished = await get(campaign.id);
    expect(finished.completedAt).not.toBeNull();
    expect(finished.contactList?.contacts.filter((contact) => contact.isWhatsappValid)).toHaveLength(6);
    expect(finished.shipping.every((record) => record.deliveredAt !== null)).toBe(true);
    const figures = await report(campaign.id);
    expect(figures.progress).toMatchObject({ status: 'FINALIZADA', validContacts: 6, recipients: 6, delivered: 6, failed: 0 });
    expect(figures.series.reduce((sum, minute) => sum + minute.delivered, 0)).toBe(6);
    expect(figures.connections.map((item) => item.delivered)).toEqual([3, 3]);

    // A second answer to the same command (redelivery) changes nothing; the live events were announced.
    await answer(sent[0]!);
    await t.published();
    expect((await report(campaign.id)).progress.delivered).toBe(6);
    await waitFor(
      async () =>
        t.events.some((envelope) => readEvent(campaignProgressed, envelope)?.progress.campaignId === campaign.id) &&
        t.events.some((envelope) => readEvent(campaignSaved, envelope)?.campaign.status === 'FINALIZADA'),
      { what: 'progress and FINALIZADA announced' },
    );

    // Restarting is only for a stopped campaign; stopped and restarted, nobody gets a second message.
    expectErrorAnswer(await api().post(`/api/campaigns/${campaign.id}/restart`).set(as(admin())).expect(409), 'ERR_CAMPAIGN_STATUS');
  }, 40_000);

  it('with confirmation, asks first and sends the main message once the contact answers', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const whatsappId = await connection();
    const contactListId = await checkedList(2);
    const campaign = await create({
      name: 'Confirma',
      message1: 'Oferta para {nome}',
      confirmation: true,
      confirmationMessage1: '{nome}, podemos enviar a oferta?',
      whatsappId,
      contactListId,
      scheduledAt: soon(1),
    });
    await answerAll(campaign.id, 2);
    const asked = ofCampaign(campaign.id);
    expect(asked.every((command) => command.content.type === 'text' && command.content.body.endsWith('podemos enviar a oferta?'))).toBe(
      true,
    );
    await waitFor(async () => (await report(campaign.id)).progress.confirmationRequested === 2, { what: 'confirmations asked' });
    expect(ofCampaign(campaign.id)).toHaveLength(2);

    await t.publish(messageReceived, A, whatsappId, {
      connectionId: whatsappId,
      message: {
        id: 'ANSWER1',
        fromMe: false,
        isGroup: false,
        chat: { number: asked[0]!.to, lid: null, pushName: null },
        sender: { number: asked[0]!.to, lid: null, pushName: null },
        kind: 'text',
        mediaType: 'conversation',
        body: 'sim',
        media: null,
        ptt: false,
        location: null,
        vcards: [],
        reaction: null,
        quotedId: null,
        isForwarded: false,
        ack: 0,
        timestamp: new Date().toISOString(),
      } as EventPayload<typeof messageReceived>['message'],
    });
    await answerAll(campaign.id, 3);
    const main = ofCampaign(campaign.id)[2]!;
    expect(main.to).toBe(asked[0]!.to);
    expect(main.content).toMatchObject({ type: 'text', body: expect.stringMatching(/^Oferta para Cliente/) });
    await waitFor(async () => (await report(campaign.id)).progress.delivered === 1, { what: 'the main message delivered' });
    expect((await report(campaign.id)).progress).toMatchObject({ confirmationRequested: 2, confirmed: 1, delivered: 1 });
  }, 40_000);

  it('sends only inside its hours and allowed weekdays in São Paulo (fixed clock), and resumes when they open', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    // Saturday 2031-06-07 10:00 in São Paulo; Saturdays not allowed, hours 8 to 18.
    clock.fixed = new Date('2031-06-07T13:00:00Z');
    const whatsappId = await connection();
    const contactListId = await checkedList(2);
    const campaign = await create({
      name: 'Dias úteis',
      message1: 'Oi',
      whatsappId,
      contactListId,
      startHour: 8,
      endHour: 18,
      allowSaturday: false,
      allowSunday: false,
      scheduledAt: soon(1),
    });
    await waitFor(async () => (await statusOf(campaign.id)) === 'EM_ANDAMENTO', { what: 'started' });
    const paused = await report(campaign.id);
    // Monday 08:00 in São Paulo.
    expect(paused.progress).toMatchObject({ outsideWindow: true, resumesAt: '2031-06-09T11:00:00.000Z', recipients: 2 });
    // A run of the connection at the fixed Saturday sends nothing (the run itself is the marker: no sleep).
    const dispatch = t.app.get(ConnectionRuns);
    await dispatch.run(whatsappId);
    await t.published();
    expect(ofCampaign(campaign.id)).toHaveLength(0);

    // Monday 07:59: still closed. Monday 08:00: open.
    clock.fixed = new Date('2031-06-09T10:59:00Z');
    await dispatch.run(whatsappId);
    await t.published();
    expect(ofCampaign(campaign.id)).toHaveLength(0);
    clock.fixed = new Date('2031-06-09T11:00:00Z');
    await dispatch.run(whatsappId);
    await t.published();
    expect(ofCampaign(campaign.id).length).toBeGreaterThan(0);
    await answerAll(campaign.id, 2);
    expect((await report(campaign.id)).progress.outsideWindow).toBe(false);
  }, 40_000);

  it("reads a company's hours, weekdays and scheduled time in its own time zone (Asia/Tokyo, fixed clock), not São Paulo's", async () => {
    const C = 3;
    const adminC = t.token({ userId: 30, companyId: C, profile: 'admin', plan: ['useCampaigns'] });
    await t.publish(settingUpdated, C, `${C}:timezone`, { companyId: C, key: 'timezone', value: 'Asia/Tokyo' });
    await waitFor(
      async () =>
        (await t.dataSource.query(`SELECT 1 FROM outbound.company_settings WHERE company_id = $1 AND key = 'timezone'`, [C])).length === 1,
      { what: "company C's zone known" },
    );
    await api()
      .post('/api/campaign-settings')
      .set(as(adminC))
      .send({ settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })
      .expect(200);
    // Monday 2031-06-09 08:00 in Tokyo (UTC+9), still Sunday 20:00 in São Paulo; hours 9 to 18 on weekdays.
    clock.fixed = new Date('2031-06-08T23:00:00Z');
    const tokyo = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const whatsappId = await connection(C);
    const contactListId = await checkedList(2, 0, adminC, C);
    const startsAt = new Date(clock.fixed.getTime() + 1_000);
    const campaign = await create(
      {
        name: 'Tóquio',
        message1: 'Oi',
        whatsappId,
        contactListId,
        startHour: 9,
        endHour: 18,
        allowSaturday: false,
        allowSunday: false,
        scheduledAt: tokyo(startsAt),
      },
      adminC,
    );
    expect(campaign.scheduledAt).toBe(startsAt.toISOString());
    await waitFor(
      async () => (await api().get(`/api/campaigns/${campaign.id}`).set(as(adminC)).expect(200)).body.status === 'EM_ANDAMENTO',
      {
        what: 'started',
      },
    );
    const reportC = async () =>
      expectAnswer(campaignReportSchema, await api().get(`/api/campaigns/${campaign.id}/report`).set(as(adminC)).expect(200));
    // Opens at 09:00 in Tokyo (00:00Z), not at São Paulo's 09:00 (12:00Z).
    expect((await reportC()).progress).toMatchObject({ outsideWindow: true, resumesAt: '2031-06-09T00:00:00.000Z' });
    const dispatch = t.app.get(ConnectionRuns);
    clock.fixed = new Date('2031-06-08T23:59:00Z');
    await dispatch.run(whatsappId);
    await t.published();
    expect(ofCampaign(campaign.id)).toHaveLength(0);
    // 09:00 in Tokyo: open, while São Paulo is at 21:00 on Sunday.
    clock.fixed = new Date('2031-06-09T00:00:00Z');
    await dispatch.run(whatsappId);
    await t.published();
    expect(ofCampaign(campaign.id).length).toBeGreaterThan(0);
    // WhatsApp carries out company C's sends (announced for company C).
    for (const command of ofCampaign(campaign.id)) {
      await t.publish(messageSent, C, command.connectionId, {
        connectionId: command.connectionId,
        commandId: command.commandId,
        messageId: `M${command.commandId.replace(/-/g, '').slice(0, 16).toUpperCase()}`,
        reference: command.reference,
      });
    }
    await waitFor(async () => (await reportC()).progress.delivered >= 1, { what: "company C's sends delivered" });
    expect((await reportC()).progress.outsideWindow).toBe(false);
  }, 40_000);

  it('keeps the pace per connection: never faster than messageInterval, two campaigns on one number share it, the longer pause after every N', async () => {
    await settings({ messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const shared = await connection();
    const one = await create({
      name: 'Ritmo 1',
      message1: 'Um',
      whatsappId: shared,
      contactListId: await checkedList(1),
      scheduledAt: soon(1),
    });
    const two = await create({
      name: 'Ritmo 2',
      message1: 'Dois',
      whatsappId: shared,
      contactListId: await checkedList(1),
      scheduledAt: soon(1),
    });
    const seenAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    await waitFor(
      async () => {
        for (const command of commands((c) => c.connectionId === shared)) {
          if (seenAt.has(command.commandId)) continue;
          seenAt.set(command.commandId, Date.now());
          await answer(command);
          answeredAt.set(command.commandId, Date.now());
        }
        return seenAt.size >= 2;
      },
      { what: 'both campaigns sent on the shared number', timeoutMs: 20_000, intervalMs: 50 },
    );
    const [a, b] = [...seenAt.keys()];
    expect(seenAt.get(b!)! - answeredAt.get(a!)!).toBeGreaterThanOrEqual(5_000);
    expect(seenAt.get(b!)! - seenAt.get(a!)!).toBeLessThan(5_000 * 1.5 + 3_000);
    expect(new Set([...commands((c) => c.connectionId === shared)].map((c) => c.reference?.campaignId))).toEqual(new Set([one.id, two.id]));

    // No interval, a 5 s pause after every 5 messages.
    await settings({ messageInterval: 0, longerIntervalAfter: 5, greaterInterval: 5 });
    const paced = await connection();
    const campaign = await create({
      name: 'Pausas',
      message1: 'Oi',
      whatsappId: paced,
      contactListId: await checkedList(6),
      scheduledAt: soon(1),
    });
    const times: number[] = [];
    await waitFor(
      async () => {
        const sent = ofCampaign(campaign.id);
        while (times.length < sent.length) {
          times.push(Date.now());
          await answer(sent[times.length - 1]!);
        }
        return times.length >= 6;
      },
      { what: 'five sends, the pause, the sixth', timeoutMs: 25_000, intervalMs: 50 },
    );
    expect(times[4]! - times[0]!).toBeLessThan(2_000);
    expect(times[5]! - times[4]!).toBeGreaterThanOrEqual(4_900);
  }, 60_000);

  it("pauses a connection WhatsApp refuses (failures in a row, or 'reach-out') or that is disconnected, and the report says why", async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const refused = await connection();
    const campaign = await create({
      name: 'Recusada',
      message1: 'Oi',
      whatsappId: refused,
      contactListId: await checkedList(5),
      scheduledAt: soon(1),
    });
    await waitFor(async () => ofCampaign(campaign.id).length === 5, { what: 'five sends asked' });
    for (const command of ofCampaign(campaign.id).slice(0, 3)) await answer(command, 'Error: rate-overlimit');
    await waitFor(async () => (await report(campaign.id)).connections[0]!.pauseReason === 'refused', { what: 'paused as refused' });
    const figures = await report(campaign.id);
    expect(figures.connections[0]).toMatchObject({ pauseReason: 'refused', pauseDetail: 'Error: rate-overlimit', failed: 3 });
    expect(figures.failures).toEqual([{ reason: 'Error: rate-overlimit', count: 3 }]);
    expect(figures.progress.status).toBe('EM_ANDAMENTO');

    // A reach-out refusal pauses at once and the contact is not failed: it waits for the connection.
    const reach = await connection();
    const other = await create({
      name: 'Reach',
      message1: 'Oi',
      whatsappId: reach,
      contactListId: await checkedList(2),
      scheduledAt: soon(1),
    });
    await waitFor(async () => ofCampaign(other.id).length === 2, { what: 'two sends asked' });
    const [firstSend] = ofCampaign(other.id);
    await answer(firstSend!, 'This account is restricted from reach-out messages');
    await waitFor(async () => (await report(other.id)).connections[0]!.pauseReason === 'refused', { what: 'paused at once' });
    expect((await report(other.id)).progress.failed).toBe(0);

    // Reconnected, its share goes on, the given-back contact under a new command id.
    await t.publish(connectionUpdated, A, reach, {
      connection: connectionFixture(A, reach, { status: 'CONNECTED', name: `Número ${reach}` }),
    });
    await waitFor(async () => ofCampaign(other.id).length === 3, { what: 'the given-back contact asked again' });
    const again = ofCampaign(other.id)[2]!;
    expect(again.to).toBe(firstSend!.to);
    expect(again.commandId).not.toBe(firstSend!.commandId);

    // A disconnected connection pauses before sending anything.
    const down = await connection(A, 'DISCONNECTED');
    const third = await create({
      name: 'Desligada',
      message1: 'Oi',
      whatsappId: down,
      contactListId: await checkedList(1),
      scheduledAt: soon(1),
    });
    await waitFor(async () => (await report(third.id)).connections[0]!.pauseReason === 'disconnected', { what: 'paused as disconnected' });
    expect(ofCampaign(third.id)).toHaveLength(0);
    await t.publish(connectionUpdated, A, down, {
      connection: connectionFixture(A, down, { status: 'CONNECTED', name: `Número ${down}` }),
    });
    await answerAll(third.id, 1);
    await waitFor(async () => (await statusOf(third.id)) === 'FINALIZADA', { what: 'finished once connected' });
  }, 60_000);

  it('a run that dies mid-batch sends nothing of it; the next run sends each contact once; stop and restart skip nobody and repeat nobody', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const whatsappId = await connection();
    const contactListId = await checkedList(8);
    // The process dies after writing three commands of the batch: the transaction never commits.
    const outbox = t.app.get(OutboxWriter);
    const add = outbox.add.bind(outbox);
    let written = 0;
    const spy = jest.spyOn(outbox, 'add').mockImplementation(async (manager, event) => {
      if (event.definition === messageSendRequested && ++written === 3) throw new Error('killed');
      return add(manager, event);
    });
    const campaign = await create({ name: 'Queda', message1: 'Oi', whatsappId, contactListId, scheduledAt: soon(1) });
    await waitFor(async () => written >= 3, { what: 'the run that dies' });
    spy.mockRestore();
    await t.published();
    expect(ofCampaign(campaign.id)).toHaveLength(0);

    // pg-boss runs the job again: every contact once.
    await waitFor(async () => ofCampaign(campaign.id).length === 8, { what: 'the batch sent again', timeoutMs: 30_000 });
    const firstFour = ofCampaign(campaign.id).slice(0, 4);
    for (const command of firstFour) await answer(command);
    await waitFor(async () => (await report(campaign.id)).progress.delivered === 4, { what: 'four delivered' });

    // Stop, restart: the four still awaiting WhatsApp's answer are not asked again; nobody is skipped.
    await api().post(`/api/campaigns/${campaign.id}/cancel`).set(as(admin())).expect(200);
    await api().post(`/api/campaigns/${campaign.id}/restart`).set(as(admin())).expect(200);
    await answerAll(campaign.id, 8);
    await waitFor(async () => (await statusOf(campaign.id)) === 'FINALIZADA', { what: 'finished' });
    const sent = ofCampaign(campaign.id);
    expect(sent).toHaveLength(8);
    expect(new Set(sent.map((command) => command.to)).size).toBe(8);
    expect((await report(campaign.id)).progress).toMatchObject({ delivered: 8, recipients: 8 });
  }, 60_000);

  it('a tag campaign sends to the contacts whose tickets carry the tag, as conversations announced them', async () => {
    await settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const whatsappId = await connection();
    await t.publish(tagSaved, A, 'tag-500', { tag: { id: 500, name: 'VIP', color: '#f00', kanban: 0, companyId: A }, created: true });
    const at = new Date().toISOString();
    for (const contactId of [301, 302, 303]) {
      await t.publish(contactSaved, A, `contact-${contactId}`, {
        created: true,
        contact: {
          id: contactId,
          uuid: `00000000-0000-4000-9000-${String(contactId).padStart(12, '0')}`,
          name: `Contato ${contactId}`,
          number: `5511977${String(contactId).padStart(6, '0')}`,
          email: '',
          profilePicUrl: '',
          active: true,
          isGroup: false,
          whatsappId: null,
          extraInfo: [],
          companyId: A,
          lastInteractionAt: null,
          createdAt: at,
          updatedAt: at,
        },
      });
    }
    // The tickets' own updates (one per message) are not followed: only their tags' changes.
    const ticket = (id: number, contactId: number, tags: { id: number; name: string }[]) =>
      t.publish(ticketTagsChanged, A, `ticket-${id}`, { ticketId: id, contactId, tags });
    await ticket(1, 301, [{ id: 500, name: 'VIP' }]);
    await ticket(2, 302, [{ id: 500, name: 'VIP' }]);
    await ticket(3, 301, [{ id: 500, name: 'VIP' }]);
    await ticket(4, 303, []);
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM outbound.ticket_tags`)).length >= 4, { what: 'tickets known' });
    const campaign = await create({ name: 'Tag VIP', message1: 'Oi {nome}', whatsappId, tagListId: 500, scheduledAt: soon(1) });
    expect(campaign.tagList).toEqual({ id: 500, name: 'VIP' });
    await answerAll(campaign.id, 2);
    await waitFor(async () => (await statusOf(campaign.id)) === 'FINALIZADA', { what: 'finished' });
    expect(
      ofCampaign(campaign.id)
        .map((command) => command.to)
        .sort(),
    ).toEqual(['5511977000301', '5511977000302']);
  }, 40_000);
});
