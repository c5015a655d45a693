import { agentSchema, copilotAnswerSchema, type MessageListResponse, type Ticket } from '@app/contracts';
import { AppError, OwnedRecordLookup } from '@app/platform';
import { expectAnswer, expectErrorAnswer } from '@app/platform/testing';
import request from 'supertest';

import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';
import { aMessage, aTicket } from '../testing/conversation-fixtures';
import { FakeModelServer } from '../testing/fake-model-server';

const A = 1;
const B = 2;
const C = 3;
const KEY_A = 'sk-proj-copilot-A-00000000000001111';
const KEY_B = 'sk-proj-copilot-B-00000000000002222';
/** Company A's tickets: one every user sees, one a plain user may not open; company B's. */
const OPEN = 501;
const HIDDEN = 502;
const EMPTY = 503;
const THEIRS = 601;

/** The copilot for staff (issue 23): summaries, suggested replies and rewrites through the company's provider; nothing is sent. */
describe('copilot', () => {
  jest.setTimeout(60_000);
  let t: AiTestApp;
  let model: FakeModelServer;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const admin = (companyId: number) =>
    t.token({ userId: companyId * 10, companyId, profile: 'admin', plan: ['useIntegrations', 'useOpenAi'] });
  const user = (companyId = A) => t.token({ userId: companyId * 10 + 1, companyId, profile: 'user', plan: ['useOpenAi'] });
  const api = () => request(t.http);
  const post = (path: string, token: string, body: object = {}) => api().post(`/api/copilot${path}`).set(as(token)).send(body);

  /** Conversations' side, answered in process as standalone does: its visibility rule decides what each caller may read. */
  const tickets = new Map<number, { ticket: Ticket; bodies: [boolean, string][]; hiddenFromUsers: boolean }>();
  const conversation = (companyId: number, id: number, bodies: [boolean, string][], hiddenFromUsers = false) =>
    tickets.set(id, { ticket: aTicket(companyId, id, 1), bodies, hiddenFromUsers });

  beforeAll(async () => {
    model = await FakeModelServer.start();
    t = await startAiTestApp(
      { providerBaseUrls: { openai: model.baseUrl }, modelTimeoutMs: 800, modelRetries: 1, breakerFailures: 50 },
      { outboundAllowedHosts: ['127.0.0.1'] },
    );
    conversation(A, OPEN, [
      [false, 'Oi, comprei um fone e ele veio com defeito. Posso trocar?'],
      [true, 'Olá! Sinto muito. Qual o número do pedido?'],
      [false, 'Pedido 4321. Quanto tempo tenho para devolver?'],
    ]);
    conversation(A, HIDDEN, [[false, 'Conversa de outra fila']], true);
    conversation(A, EMPTY, []);
    conversation(B, THEIRS, [[false, 'Segredo da empresa B']]);
    t.app.get(OwnedRecordLookup).answer('ticketMessages', async (tenancy, id): Promise<MessageListResponse | null> => {
      const found = tickets.get(id);
      if (!found || found.ticket.companyId !== tenancy.companyId) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found');
      if (found.hiddenFromUsers && tenancy.profile === 'user') throw new AppError('ERR_TICKET_NOT_ALLOWED', 'Acesso não permitido');
      const messages = found.bodies.map(([fromMe, body], index) =>
        aMessage(found.ticket, id * 100 + index, body, fromMe ? { fromMe: true, userId: 7, contactId: null, contact: null } : {}),
      );
      return { messages, ticket: found.ticket, hasMore: false, nextId: null, hasNewer: false, newerId: null };
    });
  }, 60_000);

  beforeEach(() => model.answerWith(() => ({ kind: 'reply', text: 'Texto do copiloto' })));

  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('says clearly when the company has no active agent or prompt with a key (409 ERR_COPILOT_NO_PROVIDER), and asks no model', async () => {
    const refused = expectErrorAnswer(await post(`/tickets/${OPEN}/summary`, user()).expect(409), 'ERR_COPILOT_NO_PROVIDER');
    expect(refused.message).toBe('Nenhum agente ou prompt ativo com chave de API nesta empresa: configure um para usar o Copiloto');
    expectErrorAnswer(await post('/rewrite', user(), { draft: 'oi', mode: 'fix' }).expect(409), 'ERR_COPILOT_NO_PROVIDER');
    expect(model.requests).toHaveLength(0);
    const noAi = t.token({ userId: 5, companyId: A, profile: 'admin', plan: ['useCampaigns'] });
    expectErrorAnswer(await post('/rewrite', noAi, { draft: 'oi', mode: 'fix' }).expect(403), 'ERR_PLAN_FEATURE_DISABLED');
  });

  it("summarises a ticket's conversation with the company's first active agent (its provider, model and key), the transcript as the model's material", async () => {
    for (const [companyId, key, name] of [
      [A, KEY_A, 'Suporte'],
      [B, KEY_B, 'Vendas B'],
    ] as const) {
      expectAnswer(
        agentSchema,
        await api()
          .post('/api/agents')
          .set(as(admin(companyId)))
          .send({ name, mode: 'advanced', companyName: 'Loja', apiKey: key, model: 'gpt-4o', customPrompt: 'Você é o suporte.' })
          .expect(201),
      );
    }
    model.answerWith(() => ({ kind: 'reply', text: '- Cliente quer trocar um fone com defeito (pedido 4321).' }));
    const answer = expectAnswer(copilotAnswerSchema, await post(`/tickets/${OPEN}/summary`, user()).expect(200));
    expect(answer).toMatchObject({
      text: '- Cliente quer trocar um fone com defeito (pedido 4321).',
      assistant: { kind: 'agent', name: 'Suporte' },
      sources: [],
    });
    const sent = model.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${KEY_A}`);
    expect(sent.body.model).toBe('gpt-4o');
    expect(sent.body.tools).toBeUndefined();
    expect(sent.body.messages[0]!.content).toContain('Resuma a conversa');
    expect(sent.body.messages[1]!.content).toBe(
      'Conversa:\nCliente: Oi, comprei um fone e ele veio com defeito. Posso trocar?\nAtendente: Olá! Sinto muito. Qual o número do pedido?\n' +
        'Cliente: Pedido 4321. Quanto tempo tenho para devolver?',
    );
    expect(JSON.stringify(answer)).not.toContain(KEY_A);
  });

  it("suggests a reply grounded in the company's knowledge documents (their titles as sources), in the language asked", async () => {
    const [agent] = await t.dataSource.query(`SELECT id FROM ai.agents WHERE company_id = $1`, [A]);
    await api()
      .post(`/api/agents/${agent.id}/knowledge`)
      .set(as(admin(A)))
      .attach(
        'file',
        Buffer.from('Trocas e devoluções: o cliente tem 30 dias para devolver um produto com defeito.'),
        'Política de trocas.txt',
      )
      .expect(201);
    model.answerWith(() => ({ kind: 'reply', text: 'Você tem 30 dias para devolver o fone, conforme nossa Política de trocas.' }));
    const answer = expectAnswer(copilotAnswerSchema, await post(`/tickets/${OPEN}/suggestion`, user(), { language: 'pt-BR' }).expect(200));
    expect(answer.sources).toEqual(['Política de trocas']);
    expect(answer.text).toBe('Você tem 30 dias para devolver o fone, conforme nossa Política de trocas.');
    const system = model.requests.at(-1)!.body.messages[0]!.content;
    expect(system).toContain('Escreva em português do Brasil.');
    expect(system).toContain('Documento: "Política de trocas"');
    expect(system).toContain('30 dias para devolver');
    expect(system).toContain('nunca invente');
    expectErrorAnswer(await post(`/tickets/${OPEN}/suggestion`, user(), { language: 'fr' }).expect(400), 'ERR_VALIDATION');
  });

  it('rewrites a draft four ways (fix, friendlier, more formal, translate to the language asked); a translation needs its language', async () => {
    const instructions = {
      fix: 'Corrija a ortografia',
      friendlier: 'mais simpático',
      formal: 'mais formal',
      translate: 'Traduza o rascunho para o inglês',
    };
    for (const [mode, expected] of Object.entries(instructions)) {
      model.answerWith(() => ({ kind: 'reply', text: `reescrito ${mode}` }));
      const answer = expectAnswer(
        copilotAnswerSchema,
        await post('/rewrite', user(), {
          draft: 'oi, vc pode mandar o pedido?',
          mode,
          language: mode === 'translate' ? 'en' : undefined,
        }).expect(200),
      );
      expect(answer.text).toBe(`reescrito ${mode}`);
      const sent = model.requests.at(-1)!.body.messages;
      expect(sent[0]!.content).toContain(expected);
      expect(sent[1]!.content).toBe('Rascunho:\noi, vc pode mandar o pedido?');
    }
    const missing = expectErrorAnswer(await post('/rewrite', user(), { draft: 'oi', mode: 'translate' }).expect(400), 'ERR_VALIDATION');
    expect(missing.fields).toEqual([{ path: 'language', message: 'Escolha o idioma da tradução' }]);
    expectErrorAnswer(await post('/rewrite', user(), { draft: '   ', mode: 'fix' }).expect(400), 'ERR_VALIDATION');
    expectErrorAnswer(await post('/rewrite', user(), { draft: 'x'.repeat(4001), mode: 'fix' }).expect(400), 'ERR_VALIDATION');
  });

  it("reads only tickets the caller may open: another company's is 404 and never reaches the model, a hidden one 403, an empty one 400", async () => {
    const before = model.requests.length;
    expectErrorAnswer(await post(`/tickets/${THEIRS}/summary`, user(A)).expect(404), 'ERR_NO_TICKET_FOUND');
    expectErrorAnswer(await post(`/tickets/${OPEN}/suggestion`, user(B)).expect(404), 'ERR_NO_TICKET_FOUND');
    expectErrorAnswer(await post(`/tickets/${HIDDEN}/summary`, user(A)).expect(403), 'ERR_TICKET_NOT_ALLOWED');
    expectErrorAnswer(await post(`/tickets/${EMPTY}/summary`, user(A)).expect(400), 'ERR_VALIDATION');
    expect(model.requests.length).toBe(before);
    // Company B's copilot speaks through B's own agent and key.
    await post(`/tickets/${THEIRS}/summary`, user(B)).expect(200);
    expect(model.requests.at(-1)!.authorization).toBe(`Bearer ${KEY_B}`);
    expect(model.requests.at(-1)!.body.messages[1]!.content).not.toContain('fone');
    // An admin sees the hidden ticket.
    await post(`/tickets/${HIDDEN}/summary`, admin(A)).expect(200);
    expectErrorAnswer(await post(`/tickets/${C}/summary`, admin(C)).expect(409), 'ERR_COPILOT_NO_PROVIDER');
  });

  it('retries a 429 and answers; a provider that keeps failing or is too slow answers 502 ERR_COPILOT_PROVIDER_FAILED', async () => {
    const before = model.requests.length;
    model.answerWith((_, index) =>
      index === before ? { kind: 'status', status: 429, retryAfterMs: 50 } : { kind: 'reply', text: 'depois do 429' },
    );
    const retried = expectAnswer(copilotAnswerSchema, await post('/rewrite', user(), { draft: 'oi', mode: 'fix' }).expect(200));
    expect(retried.text).toBe('depois do 429');
    expect(model.requests.length).toBe(before + 2);

    model.answerWith(() => ({ kind: 'status', status: 500 }));
    const failed = expectErrorAnswer(
      await post('/rewrite', user(), { draft: 'oi', mode: 'fix' }).expect(502),
      'ERR_COPILOT_PROVIDER_FAILED',
    );
    expect(failed.message).toBe('O provedor de IA não respondeu. Tente novamente.');
    expect(JSON.stringify(failed)).not.toContain(KEY_A);

    model.answerWith(() => ({ kind: 'reply', text: 'tarde demais', delayMs: 3_000 }));
    const started = Date.now();
    expectErrorAnswer(await post(`/tickets/${OPEN}/summary`, user()).expect(502), 'ERR_COPILOT_PROVIDER_FAILED');
    expect(Date.now() - started).toBeLessThan(2_900);
  });
});
