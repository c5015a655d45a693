import {
  type Prompt,
  promptDeleted,
  promptDeleteResponseSchema,
  promptPageResponseSchema,
  promptSaved,
  promptSchema,
  queueDeleted,
  queueSaved,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer, expectErrorAnswer, queueFixture, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { KeyCipher } from '../common/key-cipher';
import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';

const A = 1;
const B = 2;
const SUPORTE = 11;
const VENDAS = 12;
const B_QUEUE = 21;
const KEY = 'sk-proj-Abcdefghijklmnopqrstuv9876';

/** Prompts (spec 3): a text or voice assistant per queue, plan flag useOpenAi, keys encrypted and shown by their last 4 characters. */
describe('prompts over HTTP', () => {
  let t: AiTestApp;
  const plan = ['useOpenAi'] as const;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: [...plan] });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user', plan: [...plan] });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin', plan: [...plan] });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const atendente = (overrides: object = {}) => ({
    name: 'Atendente',
    apiKey: KEY,
    prompt: 'Você é o atendente da loja.',
    queueId: SUPORTE,
    ...overrides,
  });
  const create = async (body: object, token = admin()) =>
    expectAnswer(promptSchema, await api().post('/api/prompt').set(as(token)).send(body).expect(201));
  const storedKeys = async (id: number): Promise<{ api_key: string; voice_key: string }> =>
    (await t.dataSource.query(`SELECT api_key, voice_key FROM ai.prompts WHERE id = $1`, [id]))[0];
  const announceQueue = async (companyId: number, id: number, name: string) => {
    await t.publish(queueSaved, companyId, `queue-${id}`, { queue: { ...queueFixture(companyId, id), name }, created: true });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.queues WHERE id = $1 AND name = $2`, [id, name])).length === 1, {
      what: `queue ${id} known to ai as ${name}`,
    });
  };

  beforeAll(async () => {
    t = await startAiTestApp();
    await announceQueue(A, SUPORTE, 'Suporte');
    await announceQueue(A, VENDAS, 'Vendas');
    await announceQueue(B, B_QUEUE, 'Fila de B');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("a prompt needs a queue ('Informe o setor'), a name, its training text and an API key, each with its text", async () => {
    const refused = expectErrorAnswer(await api().post('/api/prompt').set(as(admin())).send({}).expect(400), 'ERR_VALIDATION');
    expect(refused.fields).toEqual([
      { path: 'name', message: 'Obrigatório' },
      { path: 'apiKey', message: 'Informe a API Key' },
      { path: 'prompt', message: 'Descreva o treinamento para Inteligência Artificial' },
      { path: 'queueId', message: 'Informe o setor' },
    ]);
    for (const queueId of [null, '', undefined]) {
      const noQueue = expectErrorAnswer(
        await api().post('/api/prompt').set(as(admin())).send(atendente({ queueId })).expect(400),
        'ERR_VALIDATION',
      );
      expect(noQueue.fields).toEqual([{ path: 'queueId', message: 'Informe o setor' }]);
    }
    for (const [body, fields] of [
      [atendente({ name: '  ' }), [{ path: 'name', message: 'Obrigatório' }]],
      [atendente({ name: 'x'.repeat(101) }), [{ path: 'name', message: 'Muito longo!' }]],
      [atendente({ voice: 'pt-PT-RaquelNeural' }), [{ path: 'voice', message: 'Informe o modo para Voz' }]],
      [
        atendente({ voice: 'pt-BR-FranciscaNeural' }),
        [
          { path: 'voiceKey', message: 'Informe a chave do serviço de voz' },
          { path: 'voiceRegion', message: 'Informe a região do serviço de voz' },
        ],
      ],
      [
        atendente({ temperature: 2.5, maxTokens: 0, maxMessages: 51 }),
        [
          { path: 'temperature', message: 'Valor inválido' },
          { path: 'maxTokens', message: 'Valor inválido' },
          { path: 'maxMessages', message: 'Valor inválido' },
        ],
      ],
      [atendente({ maxTokens: 'muitos' }), [{ path: 'maxTokens', message: 'Valor inválido' }]],
    ] as const) {
      const answer = expectErrorAnswer(await api().post('/api/prompt').set(as(admin())).send(body).expect(400), 'ERR_VALIDATION');
      expect(answer.fields).toEqual(fields);
    }
    const stillEmpty = expectAnswer(promptPageResponseSchema, await api().get('/api/prompt').set(as(admin())).expect(200));
    expect(stillEmpty.count).toBe(0);
  });

  it("a new prompt takes the spec's defaults (voice texto, maxTokens 100, temperature 1, maxMessages 10) and shows its queue's name", async () => {
    const prompt = await create(atendente({ name: 'Padrões' }));
    expect(prompt).toMatchObject({
      name: 'Padrões',
      prompt: 'Você é o atendente da loja.',
      voice: 'texto',
      voiceKey: '',
      voiceRegion: '',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      queueId: SUPORTE,
      queue: { id: SUPORTE, name: 'Suporte' },
      companyId: A,
    });
    const numbersAsText = await create(
      atendente({ name: 'Do formulário', temperature: '0.7', maxTokens: '250', maxMessages: '5', queueId: String(VENDAS) }),
    );
    expect(numbersAsText).toMatchObject({ temperature: 0.7, maxTokens: 250, maxMessages: 5, queue: { id: VENDAS, name: 'Vendas' } });
    const voice = await create(
      atendente({ name: 'Com voz', voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-key-0123456789', voiceRegion: 'brazilsouth' }),
    );
    expect(voice).toMatchObject({ voice: 'pt-BR-FranciscaNeural', voiceKey: '••••6789', voiceRegion: 'brazilsouth' });
  });

  it('the API key is stored encrypted and never answered whole: create, read, list, events and edits show the mask and the last 4 characters', async () => {
    const prompt = await create(atendente({ name: 'Chave' }));
    expect(prompt.apiKey).toBe('••••9876');
    const stored = await storedKeys(prompt.id);
    expect(stored.api_key).not.toContain('Abcdefghijklmnop');
    expect(new KeyCipher({ keysSecret: t.keysSecret }).decrypt(stored.api_key)).toBe(KEY);

    const read = expectAnswer(promptSchema, await api().get(`/api/prompt/${prompt.id}`).set(as(user())).expect(200));
    expect(read.apiKey).toBe('••••9876');
    const listed = expectAnswer(promptPageResponseSchema, await api().get('/api/prompt').set(as(user())).expect(200));
    expect(JSON.stringify(listed)).not.toContain(KEY);

    // The form sends back what it was shown: the stored key stays.
    const renamed = expectAnswer(
      promptSchema,
      await api()
        .put(`/api/prompt/${prompt.id}`)
        .set(as(admin()))
        .send({ ...read, name: 'Chave renomeada' })
        .expect(200),
    );
    expect(renamed).toMatchObject({ name: 'Chave renomeada', apiKey: '••••9876' });
    expect(new KeyCipher({ keysSecret: t.keysSecret }).decrypt((await storedKeys(prompt.id)).api_key)).toBe(KEY);

    const replaced = expectAnswer(
      promptSchema,
      await api().put(`/api/prompt/${prompt.id}`).set(as(admin())).send({ apiKey: 'sk-new-key-5555' }).expect(200),
    );
    expect(replaced.apiKey).toBe('••••5555');
    expect(new KeyCipher({ keysSecret: t.keysSecret }).decrypt((await storedKeys(prompt.id)).api_key)).toBe('sk-new-key-5555');

    await t.published();
    const payloads = t.events.filter((event) => event.key === `prompt-${prompt.id}`);
    expect(payloads.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(payloads)).not.toContain(KEY);
    expect(JSON.stringify(payloads)).not.toContain('sk-new-key-5555');
  });

  it('create, update and delete are announced (ai.prompt.saved / deleted) for the company-{id}-prompt socket event; the delete answers a message', async () => {
    const prompt = await create(atendente({ name: 'Anunciado' }));
    const updated = expectAnswer(
      promptSchema,
      await api()
        .put(`/api/prompt/${prompt.id}`)
        .set(as(admin()))
        .send({ queueId: VENDAS, temperature: 0.2, maxTokens: 300, maxMessages: 20, prompt: 'Outro treinamento.' })
        .expect(200),
    );
    expect(updated).toMatchObject({
      queue: { id: VENDAS, name: 'Vendas' },
      temperature: 0.2,
      maxTokens: 300,
      maxMessages: 20,
      prompt: 'Outro treinamento.',
    });
    const deleted = expectAnswer(promptDeleteResponseSchema, await api().delete(`/api/prompt/${prompt.id}`).set(as(admin())).expect(200));
    expect(deleted.message).toBe('Prompt excluído');
    expectErrorAnswer(await api().get(`/api/prompt/${prompt.id}`).set(as(admin())).expect(404), 'ERR_NOT_FOUND');

    await t.published();
    const mine = t.events.filter((event) => event.key === `prompt-${prompt.id}`);
    expect(mine.map((event) => [event.type, readEvent(promptSaved, event)?.created ?? readEvent(promptDeleted, event)?.promptId])).toEqual([
      ['ai.prompt.saved', true],
      ['ai.prompt.saved', false],
      ['ai.prompt.deleted', prompt.id],
    ]);
    expect(mine.every((event) => event.companyId === A)).toBe(true);
  });

  it("the queue can't be taken away on an edit ('Informe o setor'), and must be one of the company's queues", async () => {
    const prompt = await create(atendente({ name: 'Fila fixa' }));
    const noQueue = expectErrorAnswer(
      await api().put(`/api/prompt/${prompt.id}`).set(as(admin())).send({ queueId: null }).expect(400),
      'ERR_VALIDATION',
    );
    expect(noQueue.fields).toEqual([{ path: 'queueId', message: 'Informe o setor' }]);
    const unknown = expectErrorAnswer(
      await api()
        .post('/api/prompt')
        .set(as(admin()))
        .send(atendente({ queueId: 999 }))
        .expect(400),
      'ERR_QUEUE_NOT_FOUND',
    );
    expect(unknown.queueIds).toEqual([999]);
  });

  it('a voice other than texto needs its Azure key and region also on an edit; back to texto it does not', async () => {
    const prompt = await create(atendente({ name: 'Texto para voz' }));
    const refused = expectErrorAnswer(
      await api().put(`/api/prompt/${prompt.id}`).set(as(admin())).send({ voice: 'pt-BR-AntonioNeural' }).expect(400),
      'ERR_VALIDATION',
    );
    expect(refused.fields).toEqual([
      { path: 'voiceKey', message: 'Informe a chave do serviço de voz' },
      { path: 'voiceRegion', message: 'Informe a região do serviço de voz' },
    ]);
    const spoken = expectAnswer(
      promptSchema,
      await api()
        .put(`/api/prompt/${prompt.id}`)
        .set(as(admin()))
        .send({ voice: 'pt-BR-AntonioNeural', voiceKey: 'azure-0000-1111', voiceRegion: 'eastus' })
        .expect(200),
    );
    expect(spoken).toMatchObject({ voice: 'pt-BR-AntonioNeural', voiceKey: '••••1111', voiceRegion: 'eastus' });
    expect(new KeyCipher({ keysSecret: t.keysSecret }).decrypt((await storedKeys(prompt.id)).voice_key)).toBe('azure-0000-1111');
    const text = expectAnswer(
      promptSchema,
      await api().put(`/api/prompt/${prompt.id}`).set(as(admin())).send({ voice: 'texto' }).expect(200),
    );
    expect(text.voice).toBe('texto');
  });

  it('the list is by name, 20 a page with hasMore and count, searched by name whatever the case', async () => {
    await t.dataSource.query(`DELETE FROM ai.prompts`);
    for (let n = 1; n <= 23; n++) await create(atendente({ name: `Lote ${String(n).padStart(2, '0')}` }));
    await create(atendente({ name: 'Recepção Noturna' }));
    const first = expectAnswer(promptPageResponseSchema, await api().get('/api/prompt').set(as(user())).expect(200));
    expect(first).toMatchObject({ count: 24, hasMore: true });
    expect(first.prompts.map((prompt) => prompt.name).slice(0, 2)).toEqual(['Lote 01', 'Lote 02']);
    expect(first.prompts).toHaveLength(20);
    const second = expectAnswer(
      promptPageResponseSchema,
      await api().get('/api/prompt').query({ pageNumber: 2 }).set(as(user())).expect(200),
    );
    expect(second.prompts.map((prompt) => prompt.name)).toEqual(['Lote 21', 'Lote 22', 'Lote 23', 'Recepção Noturna']);
    expect(second.hasMore).toBe(false);
    const found = expectAnswer(
      promptPageResponseSchema,
      await api().get('/api/prompt').query({ searchParam: 'noturna' }).set(as(user())).expect(200),
    );
    expect(found.prompts.map((prompt: Prompt) => prompt.name)).toEqual(['Recepção Noturna']);
    const percent = expectAnswer(
      promptPageResponseSchema,
      await api().get('/api/prompt').query({ searchParam: '%' }).set(as(user())).expect(200),
    );
    expect(percent.count).toBe(0);
  });

  it("a queue's new name shows on its prompts; a deleted queue leaves its prompts without a queue, announced", async () => {
    const prompt = await create(atendente({ name: 'Fila que some', queueId: VENDAS }));
    await announceQueue(A, VENDAS, 'Vendas e Trocas');
    expect(expectAnswer(promptSchema, await api().get(`/api/prompt/${prompt.id}`).set(as(admin())).expect(200)).queue).toEqual({
      id: VENDAS,
      name: 'Vendas e Trocas',
    });
    await t.publish(queueDeleted, A, `queue-${VENDAS}`, { queueId: VENDAS });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.queues WHERE id = $1`, [VENDAS])).length === 0, {
      what: 'the deleted queue forgotten',
    });
    const orphan = expectAnswer(promptSchema, await api().get(`/api/prompt/${prompt.id}`).set(as(admin())).expect(200));
    expect(orphan).toMatchObject({ queueId: null, queue: null });
    await t.published();
    const last = t.events.filter((event) => event.key === `prompt-${prompt.id}`).at(-1)!;
    expect(readEvent(promptSaved, last)?.prompt.queue).toBeNull();
    // An edit of the orphan must choose a queue.
    const refused = expectErrorAnswer(
      await api().put(`/api/prompt/${prompt.id}`).set(as(admin())).send({ name: 'Sem fila' }).expect(400),
      'ERR_VALIDATION',
    );
    expect(refused.fields).toEqual([{ path: 'queueId', message: 'Informe o setor' }]);
  });

  it('a company whose plan lacks useOpenAi is refused on every route (403 ERR_PLAN_FEATURE_DISABLED)', async () => {
    const prompt = await create(atendente({ name: 'Plano' }));
    const noPlan = t.token({ userId: 1, companyId: A, profile: 'admin', plan: ['useCampaigns'] });
    for (const call of [
      api().get('/api/prompt'),
      api().get(`/api/prompt/${prompt.id}`),
      api().post('/api/prompt').send(atendente()),
      api().put(`/api/prompt/${prompt.id}`).send({ name: 'X' }),
      api().delete(`/api/prompt/${prompt.id}`),
    ]) {
      expectErrorAnswer(await call.set(as(noPlan)).expect(403), 'ERR_PLAN_FEATURE_DISABLED');
    }
    expect(expectAnswer(promptSchema, await api().get(`/api/prompt/${prompt.id}`).set(as(admin())).expect(200)).name).toBe('Plano');
  });

  it("another company's user can neither list, read, change nor delete a prompt, nor bind another company's queue", async () => {
    const prompt = await create(atendente({ name: 'Só da empresa A' }));
    const theirs = expectAnswer(
      promptPageResponseSchema,
      await api().get('/api/prompt').query({ searchParam: 'empresa a' }).set(as(outsider())).expect(200),
    );
    expect(theirs).toEqual({ prompts: [], count: 0, hasMore: false });
    expectErrorAnswer(await api().get(`/api/prompt/${prompt.id}`).set(as(outsider())).expect(404), 'ERR_NOT_FOUND');
    expectErrorAnswer(
      await api().put(`/api/prompt/${prompt.id}`).set(as(outsider())).send({ name: 'Tomado', queueId: B_QUEUE }).expect(404),
      'ERR_NOT_FOUND',
    );
    expectErrorAnswer(await api().delete(`/api/prompt/${prompt.id}`).set(as(outsider())).expect(404), 'ERR_NOT_FOUND');
    // A's queue named by B, and B's queue named by A.
    expectErrorAnswer(
      await api()
        .post('/api/prompt')
        .set(as(outsider()))
        .send(atendente({ queueId: SUPORTE }))
        .expect(400),
      'ERR_QUEUE_NOT_FOUND',
    );
    expectErrorAnswer(
      await api().put(`/api/prompt/${prompt.id}`).set(as(admin())).send({ queueId: B_QUEUE }).expect(400),
      'ERR_QUEUE_NOT_FOUND',
    );
    const intact = expectAnswer(promptSchema, await api().get(`/api/prompt/${prompt.id}`).set(as(admin())).expect(200));
    expect(intact).toMatchObject({ name: 'Só da empresa A', queue: { id: SUPORTE, name: 'Suporte' } });
    // B's own prompt on B's queue works.
    expect((await create(atendente({ name: 'Da empresa B', queueId: B_QUEUE }), outsider())).companyId).toBe(B);
  });
});
