import {
  QUEUE_INTEGRATION_MESSAGES,
  queueIntegrationDeleted,
  queueIntegrationPageSchema,
  queueIntegrationSaved,
  queueIntegrationSchema,
  queueIntegrationTestSessionResponseSchema,
  SECRET_MASK,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer } from '@app/platform/testing';
import request from 'supertest';

import { KeyCipher } from '../common/key-cipher';
import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';
import { startTypebotServer, type TypebotServer } from '../testing/chatbot-servers/typebot-server';

const A = 1;
const B = 2;
const OPENAI_KEY = 'sk-proj-AssistKey-000000000000abcd';
const DIFY_KEY = 'app-DifyKey0000000000wxyz';
const SIGNING = 'whsec-assinatura-secreta-9876';
const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';
const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'loja-azul-bot',
  client_email: 'bot@loja-azul-bot.iam.gserviceaccount.com',
  private_key: PRIVATE_KEY,
});

/** Queue integrations over HTTP (spec 3 "Queue integration", sections 4, 5, 7 and 9; issue 24). */
describe('queue integrations over HTTP', () => {
  let t: AiTestApp;
  let typebot: TypebotServer;
  const plan = ['useIntegrations'] as const;
  const admin = (companyId = A) => t.token({ userId: companyId * 10, companyId, profile: 'admin', plan: [...plan] });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user', plan: [...plan] });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const create = async (body: object, token = admin()) =>
    expectAnswer(queueIntegrationSchema, await api().post('/api/queueIntegration').set(as(token)).send(body).expect(201));
  const stored = async (id: number) => (await t.dataSource.query(`SELECT * FROM ai.queue_integrations WHERE id = $1`, [id]))[0];

  beforeAll(async () => {
    typebot = await startTypebotServer(2_000);
    t = await startAiTestApp({ chatbotTimeoutMs: 800, chatbotRetries: 1, chatbotBackoffMs: 50 }, { outboundAllowedHosts: ['127.0.0.1'] });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await typebot?.close();
  });

  it("creates a typebot by default with the spec's defaults (delay 1000, expires 1), projectName equal to its name, and announces it", async () => {
    const created = await create({ name: 'Bot Vendas', urlN8N: typebot.baseUrl, typebotSlug: 'loja' });
    expect(created).toMatchObject({
      type: 'typebot',
      name: 'Bot Vendas',
      projectName: 'Bot Vendas',
      typebotDelayMessage: 1000,
      typebotExpires: 1,
      language: 'pt-BR',
      typebotSlug: 'loja',
      companyId: A,
    });
    expect(await api().get(`/api/queueIntegration/${created.id}`).set(as(user())).expect(200)).toMatchObject({ body: created });
    await t.published();
    const saved = t.events.flatMap((envelope) => readEvent(queueIntegrationSaved, envelope) ?? []);
    expect(saved.find((event) => event.queueIntegration.id === created.id)).toEqual({ queueIntegration: created, created: true });
  });

  it('refuses what the spec refuses: name 2 to 50, one of the seven types, typebot without slug, each type without its URL or keys', async () => {
    const refused = async (body: object, path: string, message: string) => {
      const answer = expectErrorAnswer(await api().post('/api/queueIntegration').set(as(admin())).send(body).expect(400), 'ERR_VALIDATION');
      expect(answer.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
    };
    const M = QUEUE_INTEGRATION_MESSAGES;
    await refused({ type: 'n8n', urlN8N: 'https://n8n.example.com/webhook/x' }, 'name', M.nameRequired);
    await refused({ type: 'n8n', name: 'A', urlN8N: 'https://n8n.example.com/webhook/x' }, 'name', M.nameTooShort);
    await refused({ type: 'n8n', name: 'x'.repeat(51), urlN8N: 'https://n8n.example.com/webhook/x' }, 'name', M.nameTooLong);
    await refused({ type: 'zapier', name: 'Zap' }, 'type', M.typeInvalid);
    await refused({ type: 'typebot', name: 'Sem slug', urlN8N: typebot.baseUrl }, 'typebotSlug', M.typebotSlugRequired);
    await refused({ type: 'webhook', name: 'Sem URL' }, 'urlN8N', M.urlRequired);
    await refused({ type: 'webhook', name: 'URL ruim', urlN8N: 'ftp://arquivos' }, 'urlN8N', M.urlInvalid);
    await refused({ type: 'flowise', name: 'Flow' }, 'urlflowise', M.urlRequired);
    await refused({ type: 'dify', name: 'Dify', urldify: 'https://api.dify.ai/v1' }, 'apidify', M.apiKeyRequired);
    await refused({ type: 'openaiassist', name: 'Assist', openaikey: OPENAI_KEY }, 'openaiid', M.assistantIdRequired);
    await refused(
      { type: 'dialogflow', name: 'DF', projectName: 'p', language: 'pt-BR', jsonContent: '{nope' },
      'jsonContent',
      M.jsonContentInvalid,
    );
    await refused(
      { type: 'typebot', name: 'Atraso', urlN8N: typebot.baseUrl, typebotSlug: 'loja', typebotDelayMessage: -1 },
      'typebotDelayMessage',
      M.invalidValue,
    );
    // An update is checked whole: clearing the slug of a typebot is refused.
    const bot = await create({ name: 'Checado', urlN8N: typebot.baseUrl, typebotSlug: 'loja' });
    const answer = expectErrorAnswer(
      await api().put(`/api/queueIntegration/${bot.id}`).set(as(admin())).send({ typebotSlug: '' }).expect(400),
      'ERR_VALIDATION',
    );
    expect(answer.fields).toEqual([{ path: 'typebotSlug', message: M.typebotSlugRequired }]);
  });

  it('keeps the secrets encrypted and shows only their last 4 characters; sent back masked they stay, a new one replaces them', async () => {
    const assist = await create({
      type: 'openaiassist',
      name: 'Assistente',
      openaiid: 'asst_abc123',
      openaikey: OPENAI_KEY,
      signingSecret: SIGNING,
    });
    const dify = await create({ type: 'dify', name: 'Dify', urldify: 'https://api.dify.ai/v1', apidify: DIFY_KEY });
    const flow = await create({
      type: 'dialogflow',
      name: 'DF',
      projectName: 'loja-azul-bot',
      language: 'pt-BR',
      jsonContent: SERVICE_ACCOUNT,
    });
    expect(assist.openaikey).toBe(`${SECRET_MASK}abcd`);
    expect(assist.signingSecret).toBe(`${SECRET_MASK}9876`);
    expect(dify.apidify).toBe(`${SECRET_MASK}wxyz`);
    const shownAccount = JSON.parse(flow.jsonContent) as Record<string, string>;
    expect(shownAccount).toMatchObject({ project_id: 'loja-azul-bot', client_email: 'bot@loja-azul-bot.iam.gserviceaccount.com' });
    expect(shownAccount['private_key']).toBe(`${SECRET_MASK}${PRIVATE_KEY.slice(-4)}`);
    expect(flow.jsonContent).not.toContain('MIIEvQ');

    const cipher = t.app.get(KeyCipher);
    const row = await stored(assist.id);
    expect(row.openai_key).not.toContain('abcd');
    expect(cipher.decrypt(row.openai_key)).toBe(OPENAI_KEY);
    expect(cipher.decrypt(row.signing_secret)).toBe(SIGNING);
    expect(JSON.parse(cipher.decrypt((await stored(flow.id)).json_content)).private_key).toBe(PRIVATE_KEY);

    // Sent back as shown: kept. The account's other fields change, its private key is kept.
    const renamed = expectAnswer(
      queueIntegrationSchema,
      await api()
        .put(`/api/queueIntegration/${assist.id}`)
        .set(as(admin()))
        .send({ ...assist, name: 'Assistente 2' })
        .expect(200),
    );
    expect(renamed).toMatchObject({ name: 'Assistente 2', projectName: 'Assistente 2', openaikey: `${SECRET_MASK}abcd` });
    expect(cipher.decrypt((await stored(assist.id)).openai_key)).toBe(OPENAI_KEY);
    const edited = JSON.stringify({ ...shownAccount, client_email: 'novo@loja-azul-bot.iam.gserviceaccount.com' });
    await api().put(`/api/queueIntegration/${flow.id}`).set(as(admin())).send({ jsonContent: edited }).expect(200);
    const account = JSON.parse(cipher.decrypt((await stored(flow.id)).json_content));
    expect(account).toMatchObject({ client_email: 'novo@loja-azul-bot.iam.gserviceaccount.com', private_key: PRIVATE_KEY });
    // A new value replaces.
    await api()
      .put(`/api/queueIntegration/${assist.id}`)
      .set(as(admin()))
      .send({ openaikey: 'sk-proj-NewKey-999999999999zzzz' })
      .expect(200);
    expect(cipher.decrypt((await stored(assist.id)).openai_key)).toBe('sk-proj-NewKey-999999999999zzzz');

    // No answer and no event carries a whole secret.
    const page = await api().get('/api/queueIntegration').set(as(admin())).expect(200);
    await t.published();
    const everything = JSON.stringify(page.body) + JSON.stringify(t.events);
    for (const secret of [OPENAI_KEY, DIFY_KEY, SIGNING, 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 'sk-proj-NewKey-999999999999zzzz']) {
      expect(everything).not.toContain(secret);
    }
  });

  it('pages 20 at a time with hasMore, searching names case-insensitively', async () => {
    const company = 7;
    for (let i = 1; i <= 22; i++)
      await create(
        { type: 'n8n', name: `Fluxo ${String(i).padStart(2, '0')}`, urlN8N: 'https://n8n.example.com/webhook/a' },
        admin(company),
      );
    await create({ type: 'webhook', name: 'Outro Gancho', urlN8N: 'https://hooks.example.com/x' }, admin(company));
    const first = expectAnswer(
      queueIntegrationPageSchema,
      await api()
        .get('/api/queueIntegration/')
        .set(as(admin(company)))
        .expect(200),
    );
    expect(first.queueIntegrations).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = expectAnswer(
      queueIntegrationPageSchema,
      await api()
        .get('/api/queueIntegration/')
        .query({ pageNumber: 2 })
        .set(as(admin(company)))
        .expect(200),
    );
    expect(second.queueIntegrations).toHaveLength(3);
    expect(second.hasMore).toBe(false);
    const found = expectAnswer(
      queueIntegrationPageSchema,
      await api()
        .get('/api/queueIntegration/')
        .query({ searchParam: 'fluxo 1' })
        .set(as(admin(company)))
        .expect(200),
    );
    expect(found.queueIntegrations.map((integration) => integration.name)).toEqual([
      'Fluxo 10',
      'Fluxo 11',
      'Fluxo 12',
      'Fluxo 13',
      'Fluxo 14',
      'Fluxo 15',
      'Fluxo 16',
      'Fluxo 17',
      'Fluxo 18',
      'Fluxo 19',
    ]);
  });

  it("another company's integration is not found on any endpoint, and its list is its own", async () => {
    const own = await create({ type: 'n8n', name: 'Privado', urlN8N: typebot.baseUrl });
    const other = admin(B);
    expectErrorAnswer(await api().get(`/api/queueIntegration/${own.id}`).set(as(other)).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(
      await api().put(`/api/queueIntegration/${own.id}`).set(as(other)).send({ name: 'Tomado' }).expect(404),
      'ERR_NOT_FOUND',
    );
    expectErrorAnswer(await api().delete(`/api/queueIntegration/${own.id}`).set(as(other)).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(
      await api()
        .post('/api/queueIntegration/testSession')
        .set(as(other))
        .send({ id: own.id, type: 'n8n', urlN8N: typebot.baseUrl })
        .expect(404),
      'ERR_NOT_FOUND',
    );
    const list = expectAnswer(queueIntegrationPageSchema, await api().get('/api/queueIntegration').set(as(other)).expect(200));
    expect(list.queueIntegrations.map((integration) => integration.id)).not.toContain(own.id);
    expect((await stored(own.id)).name).toBe('Privado');
  });

  it('needs the plan flag useIntegrations; only admins write', async () => {
    const noPlan = t.token({ userId: 1, companyId: A, profile: 'admin', plan: [] });
    expectErrorAnswer(await api().get('/api/queueIntegration').set(as(noPlan)).expect(403), 'ERR_PLAN_FEATURE_DISABLED');
    expectErrorAnswer(
      await api().post('/api/queueIntegration').set(as(noPlan)).send({ type: 'n8n', name: 'X1', urlN8N: typebot.baseUrl }).expect(403),
      'ERR_PLAN_FEATURE_DISABLED',
    );
    expect(
      (await api().post('/api/queueIntegration').set(as(user())).send({ type: 'n8n', name: 'X1', urlN8N: typebot.baseUrl })).status,
    ).toBe(403);
    expect((await api().get('/api/queueIntegration').set(as(user()))).status).toBe(200);
  });

  it('deletes an integration with its sessions and announces it', async () => {
    const bot = await create({ name: 'Temporário', urlN8N: typebot.baseUrl, typebotSlug: 'loja' });
    const answer = await api().delete(`/api/queueIntegration/${bot.id}`).set(as(admin())).expect(200);
    expect(answer.body).toEqual({ message: QUEUE_INTEGRATION_MESSAGES.deleted });
    expectErrorAnswer(await api().get(`/api/queueIntegration/${bot.id}`).set(as(admin())).expect(404), 'ERR_NOT_FOUND');
    await t.published();
    expect(t.events.flatMap((envelope) => readEvent(queueIntegrationDeleted, envelope) ?? [])).toContainEqual({ integrationId: bot.id });
  });

  it("testSession talks to the product through its protocol: success, the product's failure, and a private address refused", async () => {
    const session = async (body: object) =>
      expectAnswer(
        queueIntegrationTestSessionResponseSchema,
        await api().post('/api/queueIntegration/testSession').set(as(admin())).send(body).expect(200),
      );
    expect(await session({ type: 'typebot', urlN8N: typebot.baseUrl, typebotSlug: 'loja' })).toEqual({
      success: true,
      error: null,
      message: QUEUE_INTEGRATION_MESSAGES.sessionOk,
    });
    expect(typebot.requests.at(-1)).toMatchObject({ path: '/api/v1/typebots/loja/startChat', body: { message: 'Olá' } });
    const missing = await session({ type: 'typebot', urlN8N: typebot.baseUrl, typebotSlug: 'nao-existe' });
    expect(missing).toMatchObject({ success: false, error: 'typebot: no published bot "nao-existe"' });
    for (const url of ['http://10.0.0.5/api', 'http://169.254.169.254/latest', 'http://metadata.google.internal/']) {
      const refused = await session({ type: 'webhook', urlN8N: url });
      expect(refused.success).toBe(false);
      expect(refused.error).toMatch(/^endereço recusado/);
    }
  });
});
