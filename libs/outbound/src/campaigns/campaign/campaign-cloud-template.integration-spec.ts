import {
  campaignSchema,
  connectionUpdated,
  type EventEnvelope,
  type EventPayload,
  messageSendRequested,
  messageSent,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { connectionFixture, expectAnswer, expectErrorAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type OutboundTestApp, startOutboundTestApp } from '../../testing/outbound-test-app';

jest.setTimeout(60_000);

const A = 1;
const B = 2;
const CLOUD = 40;
const BAILEYS = 41;
const CLOUD_OF_B = 42;
type Command = EventPayload<typeof messageSendRequested>;

const template = {
  name: 'promocao_mensal',
  language: 'pt_BR',
  headerParameters: ['{{nome}}'],
  bodyParameters: ['{{primeiroNome}}', 'Loja Centro', '{{email}}'],
};

/**
 * Campaigns on a WhatsApp Cloud API connection (issue 27): outside the 24-hour window
 * only an approved template may go, so such a campaign names one, sends it as its message with the
 * variables filled per contact, and one without is refused.
 */
describe('campaigns on a Cloud API connection send a template', () => {
  let t: OutboundTestApp;
  const token = (companyId: number) => t.token({ userId: companyId, companyId, profile: 'admin', plan: ['useCampaigns'] });
  const api = () => request(t.http);
  const as = (companyId = A) => ({ Authorization: `Bearer ${token(companyId)}` });
  let nextNumber = 1;
  const number = () => `55219${String(8_000_000 + nextNumber++).padStart(8, '0')}`;
  const saoPaulo = (at: Date) => new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const soon = () => saoPaulo(new Date(Date.now() + 1_000));
  const sends = (campaignId: number) =>
    t.events.flatMap((envelope: EventEnvelope) => {
      const command = readEvent(messageSendRequested, envelope);
      return command && command.reference?.campaignId === campaignId ? [command] : [];
    });
  const sent = (command: Command) =>
    t.publish(messageSent, A, command.connectionId, {
      connectionId: command.connectionId,
      commandId: command.commandId,
      messageId: `M${command.commandId.replace(/-/g, '').slice(0, 16).toUpperCase()}`,
      reference: command.reference,
    });
  /** A list of checked contacts: name, number and e-mail. */
  const listWith = async (contacts: { name: string; email: string }[]) => {
    const list = (
      await api()
        .post('/api/contact-lists')
        .set(as())
        .send({ name: `Lista ${nextNumber++}` })
        .expect(201)
    ).body as { id: number };
    const numbers: Record<string, string> = {};
    for (const contact of contacts) {
      const n = number();
      numbers[contact.name] = n;
      await t.dataSource.query(
        `INSERT INTO outbound.contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid, whatsapp_number)
         VALUES ($1, $2, $3, $4, $5, true, $4)`,
        [A, list.id, contact.name, n, contact.email],
      );
    }
    return { listId: list.id, numbers };
  };
  const announce = async (companyId: number, id: number, provider: 'cloud' | 'beta') => {
    await t.publish(connectionUpdated, companyId, id, { connection: connectionFixture(companyId, id, { provider }) });
    await waitFor(
      async () =>
        (await t.dataSource.query(`SELECT 1 FROM outbound.connections WHERE id = $1 AND provider = $2`, [id, provider])).length === 1,
      { what: `connection ${id} known as ${provider}` },
    );
  };

  beforeAll(async () => {
    t = await startOutboundTestApp();
    await announce(A, CLOUD, 'cloud');
    await announce(A, BAILEYS, 'beta');
    await announce(B, CLOUD_OF_B, 'cloud');
    for (const companyId of [A, B]) {
      await api()
        .post('/api/campaign-settings')
        .set(as(companyId))
        .send({ settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })
        .expect(200);
    }
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a campaign on a Cloud connection without a template is refused with ERR_CAMPAIGN_TEMPLATE_REQUIRED, scheduled or not', async () => {
    const { listId } = await listWith([{ name: 'Ana Souza', email: '' }]);
    for (const scheduledAt of [soon(), null]) {
      const refused = await api()
        .post('/api/campaigns')
        .set(as())
        .send({ name: 'Sem modelo', message1: 'Oi {{nome}}', whatsappId: CLOUD, contactListId: listId, scheduledAt })
        .expect(400);
      expectErrorAnswer(refused, 'ERR_CAMPAIGN_TEMPLATE_REQUIRED');
    }
    // the Cloud connection as the second of two is refused too; the same campaign on Baileys alone is taken
    expectErrorAnswer(
      await api()
        .post('/api/campaigns')
        .set(as())
        .send({ name: 'Sem modelo 2', message1: 'Oi', whatsappId: BAILEYS, whatsappId2: CLOUD, contactListId: listId })
        .expect(400),
      'ERR_CAMPAIGN_TEMPLATE_REQUIRED',
    );
    const baileys = expectAnswer(
      campaignSchema,
      await api()
        .post('/api/campaigns')
        .set(as())
        .send({ name: 'Só Baileys', message1: 'Oi', whatsappId: BAILEYS, contactListId: listId })
        .expect(201),
    );
    expect(baileys.template).toBeNull();
    // an edit that moves it to the Cloud connection without a template is refused as well
    const edit = await api()
      .put(`/api/campaigns/${baileys.id}`)
      .set(as())
      .send({ name: 'Só Baileys', message1: 'Oi', whatsappId: CLOUD, contactListId: listId });
    expect(edit.status).toBe(400);
    expectErrorAnswer(edit, 'ERR_CAMPAIGN_TEMPLATE_REQUIRED');
    // a malformed template is a validation error
    expectErrorAnswer(
      await api()
        .post('/api/campaigns')
        .set(as())
        .send({ name: 'Modelo ruim', whatsappId: CLOUD, contactListId: listId, template: { name: 'Promoção!', language: 'pt_BR' } })
        .expect(400),
      'ERR_VALIDATION',
    );
  });

  it('sends the template to each contact once, its variables filled per contact, and finishes', async () => {
    const { listId, numbers } = await listWith([
      { name: 'Ana Souza', email: 'ana@example.com' },
      { name: 'Bruno Lima', email: '' },
      { name: 'Carla Dias', email: 'carla@example.com' },
    ]);
    const campaign = expectAnswer(
      campaignSchema,
      await api()
        .post('/api/campaigns')
        .set(as())
        .send({ name: 'Promoção', whatsappId: CLOUD, contactListId: listId, template, scheduledAt: soon() })
        .expect(201),
    );
    expect(campaign.template).toEqual(template);
    await waitFor(() => sends(campaign.id).length === 3, { what: 'three template sends', timeoutMs: 20_000 });
    const byNumber = new Map(sends(campaign.id).map((command) => [command.to, command]));
    expect(byNumber.size).toBe(3);
    expect(byNumber.get(numbers['Ana Souza']!)!.content).toEqual({
      type: 'template',
      name: 'promocao_mensal',
      language: 'pt_BR',
      headerParameters: ['Ana Souza'],
      bodyParameters: ['Ana', 'Loja Centro', 'ana@example.com'],
    });
    // an empty contact field is sent as '-' (Meta refuses an empty variable)
    expect(byNumber.get(numbers['Bruno Lima']!)!.content).toMatchObject({ bodyParameters: ['Bruno', 'Loja Centro', '-'] });
    expect(byNumber.get(numbers['Carla Dias']!)!.content).toMatchObject({ headerParameters: ['Carla Dias'] });
    for (const command of byNumber.values()) expect(command.connectionId).toBe(CLOUD);

    for (const command of sends(campaign.id)) await sent(command);
    await waitFor(async () => (await api().get(`/api/campaigns/${campaign.id}`).set(as()).expect(200)).body.status === 'FINALIZADA', {
      what: 'the campaign finished',
      timeoutMs: 20_000,
    });
    expect(sends(campaign.id)).toHaveLength(3);
  });

  it('on a Cloud and a Baileys connection, the Cloud share gets the template and the Baileys share the message', async () => {
    const { listId } = await listWith([
      { name: 'Davi Alves', email: '' },
      { name: 'Eva Ramos', email: '' },
    ]);
    const campaign = expectAnswer(
      campaignSchema,
      await api()
        .post('/api/campaigns')
        .set(as())
        .send({
          name: 'Misturada',
          message1: 'Oi {{primeiroNome}}',
          whatsappId: CLOUD,
          whatsappId2: BAILEYS,
          contactListId: listId,
          template,
          scheduledAt: soon(),
        })
        .expect(201),
    );
    await waitFor(() => sends(campaign.id).length === 2, { what: 'two sends', timeoutMs: 20_000 });
    const cloud = sends(campaign.id).find((command) => command.connectionId === CLOUD)!;
    const baileys = sends(campaign.id).find((command) => command.connectionId === BAILEYS)!;
    expect(cloud.content).toMatchObject({ type: 'template', name: 'promocao_mensal', bodyParameters: ['Davi', 'Loja Centro', '-'] });
    expect(baileys.content).toEqual({ type: 'text', body: 'Oi Eva' });
  });

  it("another company's Cloud connection is not found (404), template or not", async () => {
    const { listId } = await listWith([{ name: 'Fábio', email: '' }]);
    const foreign = await api()
      .post('/api/campaigns')
      .set(as())
      .send({ name: 'Alheia', whatsappId: CLOUD_OF_B, contactListId: listId, template });
    expect(foreign.status).toBe(404);
    // and company B sees none of A's campaigns with their templates
    const page = await api().get('/api/campaigns').set(as(B)).expect(200);
    expect(page.body.records).toEqual([]);
  });
});
