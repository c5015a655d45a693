import {
  agentDeleted,
  agentListResponseSchema,
  agentPreviewResponseSchema,
  agentSaved,
  agentSchema,
  agentTestConnectionResponseSchema,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer } from '@app/platform/testing';
import request from 'supertest';

import { KeyCipher } from '../common/key-cipher';
import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';
import { byKey, FakeModelServer, type ModelBehaviour } from '../testing/fake-model-server';

const A = 1;
const B = 2;
const KEY = 'sk-proj-ValidKeyAbcdefgh4321';
const REVOKED = 'sk-proj-RevokedKeyXyz0001';
const LIMITED = 'sk-proj-LimitedKeyXyz0002';
const SLOW = 'sk-proj-SlowKeyXyzabc0003';

/** AI agents (spec 3 "Agent", sections 4, 5, 7 and 8): plan flag useIntegrations, keys encrypted, the provider reached over its real protocol. */
describe('agents over HTTP', () => {
  let t: AiTestApp;
  let openai: FakeModelServer;
  let openrouter: FakeModelServer;
  const plan = ['useIntegrations'] as const;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: [...plan] });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user', plan: [...plan] });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin', plan: [...plan] });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const vendedor = (overrides: object = {}) => ({
    name: 'Vendedor',
    mode: 'template',
    companyName: 'Loja Azul',
    apiKey: KEY,
    questionnaireData: { businessType: 'Loja de roupas', businessDescription: 'Moda feminina', tone: 'amigavel', mainServices: 'Vestidos' },
    ...overrides,
  });
  const create = async (body: object, token = admin()) =>
    expectAnswer(agentSchema, await api().post('/api/agents').set(as(token)).send(body).expect(201));
  const storedKey = async (id: number): Promise<string> =>
    (await t.dataSource.query(`SELECT api_key FROM ai.agents WHERE id = $1`, [id]))[0].api_key;

  beforeAll(async () => {
    // The keys as OpenAI treats them: good, revoked (401), rate-limited (429, retry in 20 s), too slow (3 s).
    const behaviour = byKey((apiKey): ModelBehaviour =>
      apiKey === REVOKED
        ? { kind: 'status', status: 401 }
        : apiKey === LIMITED
          ? { kind: 'status', status: 429, retryAfterSeconds: 20 }
          : apiKey === SLOW
            ? { kind: 'reply', text: 'ok', delayMs: 3_000 }
            : { kind: 'reply', text: 'ok' },
    );
    openai = await FakeModelServer.start();
    openai.answerWith(behaviour);
    openrouter = await FakeModelServer.start();
    openrouter.answerWith(behaviour);
    t = await startAiTestApp(
      { providerBaseUrls: { openai: openai.baseUrl, openrouter: openrouter.baseUrl }, connectionTestTimeoutMs: 1_000 },
      { outboundAllowedHosts: ['127.0.0.1'] },
    );
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await openai?.close();
    await openrouter?.close();
  });

  it("a new agent takes the spec's defaults (template mode, active, openai gpt-4o-mini, 0.7, 1000 tokens, 10 messages, elevenlabs, the fallback and handoff words)", async () => {
    const agent = await create(vendedor());
    expect(agent).toMatchObject({
      name: 'Vendedor',
      mode: 'template',
      isActive: true,
      provider: 'openai',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      maxTokens: 1000,
      maxMessages: 10,
      voiceProvider: 'elevenlabs',
      voiceEnabled: false,
      canSchedule: false,
      fallbackMessage: 'Desculpe, não entendi. Como posso ajudar?',
      transferToHumanKeywords: ['atendente', 'humano', 'pessoa'],
      usage: { promptTokens: 0, completionTokens: 0, costUsd: 0 },
      companyId: A,
    });
    expect(agent.questionnaireData).toMatchObject({ businessType: 'Loja de roupas', tone: 'amigavel' });
  });

  it('keeps every field of the spec: scheduling, services, tag rules, voice, handoff', async () => {
    const agent = await create(
      vendedor({
        name: 'Completo',
        provider: 'openrouter',
        model: 'anthropic/claude-sonnet-4',
        temperature: '1.2',
        maxTokens: 2000,
        maxMessages: 20,
        canSchedule: true,
        schedulingInstructions: 'Ofereça horários pela manhã',
        schedulingServices: [3, 4],
        connectedServices: ['agenda'],
        canSetTags: true,
        tagRules: [{ tag: 'lead-quente', condition: 'Cliente pediu orçamento' }],
        tags: ['lead-quente'],
        voiceEnabled: true,
        voiceApiKey: 'eleven-abcdefgh-7777',
        voiceId: 'voz-1',
        fallbackMessage: 'Não entendi, pode repetir?',
        transferToHumanKeywords: ['gerente'],
        isActive: false,
      }),
    );
    expect(agent).toMatchObject({
      provider: 'openrouter',
      model: 'anthropic/claude-sonnet-4',
      temperature: 1.2,
      canSchedule: true,
      schedulingServices: [3, 4],
      connectedServices: ['agenda'],
      tagRules: [{ tag: 'lead-quente', condition: 'Cliente pediu orçamento' }],
      voiceEnabled: true,
      voiceApiKey: '••••7777',
      voiceId: 'voz-1',
      transferToHumanKeywords: ['gerente'],
      isActive: false,
    });
    const read = expectAnswer(agentSchema, await api().get(`/api/agents/${agent.id}`).set(as(user())).expect(200));
    expect(read).toEqual(agent);
  });

  it("refuses what the wizard refuses, each with the spec's text", async () => {
    const empty = expectErrorAnswer(await api().post('/api/agents').set(as(admin())).send({}).expect(400), 'ERR_VALIDATION');
    expect(empty.fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Nome é obrigatório' },
        { path: 'apiKey', message: 'Chave de API é obrigatória' },
      ]),
    );
    for (const [body, fields] of [
      [vendedor({ name: 'V' }), [{ path: 'name', message: 'Nome muito curto' }]],
      [vendedor({ name: 'x'.repeat(101) }), [{ path: 'name', message: 'Nome muito longo' }]],
      [vendedor({ apiKey: 'sk-short' }), [{ path: 'apiKey', message: 'Chave de API deve ter pelo menos 10 caracteres' }]],
      [vendedor({ companyName: '' }), [{ path: 'companyName', message: 'Nome da empresa é obrigatório' }]],
      [
        vendedor({ mode: 'advanced', systemPrompt: '', customPrompt: '' }),
        [{ path: 'systemPrompt', message: 'Prompt do sistema é obrigatório' }],
      ],
      [vendedor({ description: 'd'.repeat(501) }), [{ path: 'description', message: 'Descrição muito longa' }]],
      [vendedor({ provider: 'anthropic' }), [{ path: 'provider', message: 'Selecione um provedor' }]],
      [vendedor({ model: ' ' }), [{ path: 'model', message: 'Modelo é obrigatório' }]],
      [
        vendedor({ temperature: 2.1, maxTokens: 49, maxMessages: 51 }),
        [
          { path: 'temperature', message: 'Valor inválido' },
          { path: 'maxTokens', message: 'Valor inválido' },
          { path: 'maxMessages', message: 'Valor inválido' },
        ],
      ],
      [vendedor({ tagRules: [{ tag: 'vip', condition: '   ' }] }), [{ path: 'tagRules.0.condition', message: 'Informe a condição' }]],
    ] as const) {
      const answer = expectErrorAnswer(await api().post('/api/agents').set(as(admin())).send(body).expect(400), 'ERR_VALIDATION');
      expect(answer.fields).toEqual(fields);
    }
    // Advanced mode needs no company, only its prompt.
    const advanced = await create({ name: 'Avançado', mode: 'advanced', apiKey: KEY, customPrompt: 'Você é um assistente.' });
    expect(advanced).toMatchObject({ mode: 'advanced', customPrompt: 'Você é um assistente.' });
    // The same rules on an edit of what is stored.
    const refused = expectErrorAnswer(
      await api().put(`/api/agents/${advanced.id}`).set(as(admin())).send({ mode: 'template' }).expect(400),
      'ERR_VALIDATION',
    );
    expect(refused.fields).toEqual([{ path: 'companyName', message: 'Nome da empresa é obrigatório' }]);
  });

  it('the API keys are stored encrypted and answered only as the mask and the last 4 characters, also in events; an edit sending the mask back keeps the key', async () => {
    const agent = await create(vendedor({ name: 'Chaves' }));
    expect(agent.apiKey).toBe('••••4321');
    const stored = await storedKey(agent.id);
    expect(stored).not.toContain('ValidKey');
    expect(new KeyCipher({ keysSecret: t.keysSecret }).decrypt(stored)).toBe(KEY);
    const listed = expectAnswer(agentListResponseSchema, await api().get('/api/agents').set(as(user())).expect(200));
    expect(JSON.stringify(listed)).not.toContain(KEY);

    const renamed = expectAnswer(
      agentSchema,
      await api()
        .put(`/api/agents/${agent.id}`)
        .set(as(admin()))
        .send({ ...agent, name: 'Chaves 2' })
        .expect(200),
    );
    expect(renamed).toMatchObject({ name: 'Chaves 2', apiKey: '••••4321' });
    expect(new KeyCipher({ keysSecret: t.keysSecret }).decrypt(await storedKey(agent.id))).toBe(KEY);
    const replaced = expectAnswer(
      agentSchema,
      await api().put(`/api/agents/${agent.id}`).set(as(admin())).send({ apiKey: 'sk-other-key-9999' }).expect(200),
    );
    expect(replaced.apiKey).toBe('••••9999');
    expect(new KeyCipher({ keysSecret: t.keysSecret }).decrypt(await storedKey(agent.id))).toBe('sk-other-key-9999');

    await t.published();
    const mine = t.events.filter((event) => event.key === `agent-${agent.id}`);
    expect(mine.map((event) => readEvent(agentSaved, event)?.created)).toEqual([true, false, false]);
    expect(JSON.stringify(mine)).not.toContain(KEY);
    expect(JSON.stringify(mine)).not.toContain('sk-other-key-9999');
  });

  it('the Ativo switch and Config change only what they send; delete answers its message and is announced', async () => {
    const agent = await create(vendedor({ name: 'Alternável' }));
    const off = expectAnswer(
      agentSchema,
      await api().put(`/api/agents/${agent.id}`).set(as(admin())).send({ isActive: false }).expect(200),
    );
    expect(off).toMatchObject({ isActive: false, name: 'Alternável', companyName: 'Loja Azul', apiKey: '••••4321' });
    const config = expectAnswer(
      agentSchema,
      await api().put(`/api/agents/${agent.id}`).set(as(admin())).send({ temperature: 0.2, maxTokens: 300, model: 'gpt-4o' }).expect(200),
    );
    expect(config).toMatchObject({ temperature: 0.2, maxTokens: 300, model: 'gpt-4o', isActive: false });
    const deleted = await api().delete(`/api/agents/${agent.id}`).set(as(admin())).expect(200);
    expect(deleted.body).toEqual({ message: 'Agente excluído com sucesso!' });
    expectErrorAnswer(await api().get(`/api/agents/${agent.id}`).set(as(admin())).expect(404), 'ERR_NOT_FOUND');
    await t.published();
    const last = t.events.filter((event) => event.key === `agent-${agent.id}`).at(-1)!;
    expect(readEvent(agentDeleted, last)).toEqual({ agentId: agent.id });
  });

  it("test-connection speaks chat completions to the provider's base URL: ok, 401, 429 and a provider too slow, each with the spec's message", async () => {
    const test = async (body: object) =>
      expectAnswer(
        agentTestConnectionResponseSchema,
        await api().post('/api/agents/test-connection').set(as(admin())).send(body).expect(200),
      );
    const ok = await test({ provider: 'openai', apiKey: KEY, model: 'gpt-4o-mini' });
    expect(ok).toEqual({ success: true, error: null, message: 'Conexão testada com sucesso!' });
    expect(openai.requests.at(-1)).toMatchObject({
      authorization: `Bearer ${KEY}`,
      body: { model: 'gpt-4o-mini' },
      path: '/v1/chat/completions',
    });

    const routed = await test({ provider: 'openrouter', apiKey: KEY, model: 'anthropic/claude-sonnet-4' });
    expect(routed.success).toBe(true);
    expect(openrouter.requests.at(-1)).toMatchObject({ body: { model: 'anthropic/claude-sonnet-4' } });

    const revoked = await test({ provider: 'openai', apiKey: REVOKED, model: 'gpt-4o-mini' });
    expect(revoked.success).toBe(false);
    expect(revoked.message).toMatch(/^Erro na conexão: chave de API inválida \(401: Incorrect API key provided/);

    const limited = await test({ provider: 'openai', apiKey: LIMITED, model: 'gpt-4o-mini' });
    expect(limited.message).toMatch(/^Erro na conexão: limite de uso do provedor atingido \(429: Rate limit reached/);

    const started = Date.now();
    const slow = await test({ provider: 'openai', apiKey: SLOW, model: 'gpt-4o-mini' });
    expect(slow).toMatchObject({ success: false, message: 'Erro na conexão: o provedor não respondeu em 1 s' });
    expect(Date.now() - started).toBeLessThan(2_500);

    const missing = expectErrorAnswer(
      await api().post('/api/agents/test-connection').set(as(admin())).send({ model: 'gpt-4o-mini' }).expect(400),
      'ERR_VALIDATION',
    );
    expect(missing.fields).toEqual([
      { path: 'provider', message: 'Selecione um provedor' },
      { path: 'apiKey', message: 'Chave de API é obrigatória' },
    ]);
  });

  it('preview composes the prompt from the questionnaire, or fills the chosen template', async () => {
    const plain = expectAnswer(
      agentPreviewResponseSchema,
      await api()
        .post('/api/agents/preview')
        .set(as(user()))
        .send({
          name: 'Bia',
          companyName: 'Loja Azul',
          questionnaireData: { businessType: 'Moda', tone: 'amigavel', mainServices: 'Vestidos e saias' },
        })
        .expect(200),
    );
    expect(plain.prompt).toContain('Você é Bia, assistente virtual de Loja Azul (Moda)');
    expect(plain.prompt).toContain('tom amigável');
    expect(plain.prompt).toContain('Vestidos e saias');
    expect(plain.prompt).not.toContain('## Localização');

    const [vendas] = await t.dataSource.query(`SELECT id FROM ai.agent_templates WHERE category = 'vendas'`);
    const filled = expectAnswer(
      agentPreviewResponseSchema,
      await api()
        .post('/api/agents/preview')
        .set(as(user()))
        .send({ name: 'Bia', companyName: 'Loja Azul', templateId: vendas.id, questionnaireData: { businessType: 'Moda', tone: 'formal' } })
        .expect(200),
    );
    expect(filled.prompt).toContain('Você é Bia, vendedor(a) da Loja Azul, uma empresa de Moda.');
    expect(filled.prompt).not.toMatch(/\{\{[A-Z_]+\}\}/);
  });

  it('a plan without useIntegrations is refused on every route; a plain user may read but not write', async () => {
    const agent = await create(vendedor({ name: 'Plano' }));
    const noPlan = t.token({ userId: 1, companyId: A, profile: 'admin', plan: ['useOpenAi'] });
    for (const call of [
      api().get('/api/agents'),
      api().get(`/api/agents/${agent.id}`),
      api().post('/api/agents').send(vendedor()),
      api().put(`/api/agents/${agent.id}`).send({ name: 'X' }),
      api().delete(`/api/agents/${agent.id}`),
      api().post('/api/agents/test-connection').send({ provider: 'openai', apiKey: KEY, model: 'gpt-4o-mini' }),
      api().post('/api/agents/preview').send({}),
    ]) {
      expectErrorAnswer(await call.set(as(noPlan)).expect(403), 'ERR_PLAN_FEATURE_DISABLED');
    }
    for (const call of [
      api().post('/api/agents').send(vendedor()),
      api().put(`/api/agents/${agent.id}`).send({ name: 'X' }),
      api().delete(`/api/agents/${agent.id}`),
    ]) {
      expect((await call.set(as(user()))).status).toBe(403);
    }
  });

  it("another company's user can neither list, read, change nor delete an agent", async () => {
    const agent = await create(vendedor({ name: 'Só da empresa A' }));
    const theirs = expectAnswer(agentListResponseSchema, await api().get('/api/agents').set(as(outsider())).expect(200));
    expect(theirs.map((one) => one.id)).not.toContain(agent.id);
    expectErrorAnswer(await api().get(`/api/agents/${agent.id}`).set(as(outsider())).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(await api().put(`/api/agents/${agent.id}`).set(as(outsider())).send({ name: 'Tomado' }).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(await api().delete(`/api/agents/${agent.id}`).set(as(outsider())).expect(404), 'ERR_NOT_FOUND');
    const intact = expectAnswer(agentSchema, await api().get(`/api/agents/${agent.id}`).set(as(admin())).expect(200));
    expect(intact.name).toBe('Só da empresa A');
  });
});

/** The provider's URL passes the outbound URL guard (decision 0023): an internal address is never called. */
describe('agents: outbound URL guard', () => {
  let t: AiTestApp;
  let local: FakeModelServer;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: ['useIntegrations'] });

  beforeAll(async () => {
    local = await FakeModelServer.start();
    // No allowlist: the operator did not allow the loopback server.
    t = await startAiTestApp({ providerBaseUrls: { openai: local.baseUrl, openrouter: 'http://169.254.169.254/v1' } });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await local?.close();
  });

  it('refuses loopback and metadata addresses before any request leaves', async () => {
    for (const [provider, reason] of [
      ['openai', /^Erro na conexão: 127\.0\.0\.1 is a loopback address$/],
      ['openrouter', /^Erro na conexão: 169\.254\.169\.254 is a linkLocal address$/],
    ] as const) {
      const answer = expectAnswer(
        agentTestConnectionResponseSchema,
        await request(t.http)
          .post('/api/agents/test-connection')
          .set({ Authorization: `Bearer ${admin()}` })
          .send({ provider, apiKey: KEY, model: 'gpt-4o-mini' })
          .expect(200),
      );
      expect(answer.success).toBe(false);
      expect(answer.message).toMatch(reason);
    }
    expect(local.requests).toHaveLength(0);
  });
});
