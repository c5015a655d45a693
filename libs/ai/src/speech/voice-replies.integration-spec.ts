import {
  agentSchema,
  aiReplyRequested,
  connectionUpdated,
  type EventPayload,
  messageCreated,
  promptSchema,
  queueSaved,
  type Ticket,
} from '@app/contracts';
import { companyMediaKey, FILE_STORAGE, type FileStorage, readEvent } from '@app/platform';
import { connectionFixture, expectAnswer, queueFixture, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';
import { aMessage, aTicket } from '../testing/conversation-fixtures';
import { FakeModelServer } from '../testing/fake-model-server';
import { FakeAzureSpeech, FakeElevenLabs } from '../testing/tts-servers';
import { VOICE_NOTE_MIMETYPE } from './speech-synthesis.client';

const A = 1;
const CONNECTION = 31;
const MODEL_KEY = 'sk-proj-voice-model-key-000011112222';
const ELEVEN_KEY = 'xi-eleven-key-000033334444';
const AZURE_KEY = 'azure-speech-key-000055556666';
const VOICE_ID = '21m00Tcm4TlvDq8ikWAM';

/** Voice replies (issue 23): an agent with voiceEnabled speaks with ElevenLabs, a prompt with a neural voice with Azure Speech. */
describe('spoken answers', () => {
  jest.setTimeout(30_000);
  let t: AiTestApp;
  let model: FakeModelServer;
  let eleven: FakeElevenLabs;
  let azure: FakeAzureSpeech;
  let storage: FileStorage;
  let nextQueue = 300;
  let nextTicket = 3_000;
  let nextMessage = 30_000;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const admin = () => t.token({ userId: 10, companyId: A, profile: 'admin', plan: ['useOpenAi', 'useIntegrations'] });

  const newQueue = async (): Promise<number> => {
    const queueId = nextQueue++;
    await t.publish(queueSaved, A, `queue-${queueId}`, { queue: { ...queueFixture(A, queueId), name: `Fila ${queueId}` }, created: true });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.queues WHERE id = $1`, [queueId])).length === 1);
    return queueId;
  };
  const bind = async (queueId: number, binding: { promptId?: number; agentId?: number }) => {
    await t.publish(queueSaved, A, `queue-${queueId}`, { queue: { ...queueFixture(A, queueId), ...binding }, created: false });
    const column = binding.promptId ? 'prompt_id' : 'agent_id';
    await waitFor(
      async () =>
        (
          await t.dataSource.query(`SELECT 1 FROM ai.queues WHERE id = $1 AND ${column} = $2`, [
            queueId,
            binding.promptId ?? binding.agentId,
          ])
        ).length === 1,
    );
  };
  const promptWithVoice = async (voice: string): Promise<number> => {
    const queueId = await newQueue();
    const prompt = expectAnswer(
      promptSchema,
      await request(t.http)
        .post('/api/prompt')
        .set(as(admin()))
        .send({
          name: `Voz ${queueId}`,
          apiKey: MODEL_KEY,
          prompt: 'Você é a Bia, atendente virtual da Padaria Pão Quente. Responda com gentileza e em poucas palavras.',
          queueId,
          voice,
          voiceKey: AZURE_KEY,
          voiceRegion: 'brazilsouth',
        })
        .expect(201),
    );
    await bind(queueId, { promptId: prompt.id });
    return queueId;
  };
  const agentWithVoice = async (voiceEnabled: boolean): Promise<number> => {
    const queueId = await newQueue();
    const agent = expectAnswer(
      agentSchema,
      await request(t.http)
        .post('/api/agents')
        .set(as(admin()))
        .send({
          name: 'Vendedora',
          mode: 'advanced',
          companyName: 'Loja Azul',
          apiKey: MODEL_KEY,
          model: 'gpt-4o-mini',
          customPrompt: 'Você é a Vendedora da Loja Azul.',
          voiceEnabled,
          voiceApiKey: ELEVEN_KEY,
          voiceId: VOICE_ID,
        })
        .expect(201),
    );
    await bind(queueId, { agentId: agent.id });
    return queueId;
  };
  const replyTo = async (queueId: number) => {
    const ticket: Ticket = aTicket(A, nextTicket++, queueId, { whatsappId: CONNECTION });
    const payload: EventPayload<typeof messageCreated> = {
      message: aMessage(ticket, nextMessage++, 'Vocês entregam hoje?'),
      ticket,
      audience: [],
    };
    await t.publish(messageCreated, A, ticket.id, payload);
    const replies = () =>
      t.events.flatMap((envelope) => readEvent(aiReplyRequested, envelope) ?? []).filter((r) => r.ticketId === ticket.id);
    await waitFor(() => replies().length === 1, { what: 'the answer' });
    return replies()[0]!;
  };
  /** The stored voice note's bytes. */
  const audioOf = async (mediaUrl: string): Promise<Buffer> => {
    const file = await storage.get(companyMediaKey(mediaUrl, A)!);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    expect(file!.contentType).toBe(VOICE_NOTE_MIMETYPE);
    return Buffer.concat(chunks);
  };

  beforeAll(async () => {
    [model, eleven, azure] = await Promise.all([FakeModelServer.start(), FakeElevenLabs.start(), FakeAzureSpeech.start()]);
    model.answerWith(() => ({ kind: 'reply', text: 'Entregamos sim, até as 18h & sem taxa!' }));
    t = await startAiTestApp(
      {
        providerBaseUrls: { openai: model.baseUrl },
        elevenLabsBaseUrl: eleven.baseUrl,
        azureSpeechBaseUrl: azure.baseUrl,
        speechTimeoutMs: 800,
        speechRetries: 1,
      },
      { outboundAllowedHosts: ['127.0.0.1'] },
    );
    storage = t.app.get<FileStorage>(FILE_STORAGE);
    await t.publish(connectionUpdated, A, CONNECTION, { connection: connectionFixture(A, CONNECTION, { timeforagroup: 0 }) });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.connections WHERE id = $1`, [CONNECTION])).length === 1);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await Promise.all([model?.close(), eleven?.close(), azure?.close()]);
  });

  it("an agent with voiceEnabled also sends its answer as an ElevenLabs voice note (Ogg/Opus in the company's media)", async () => {
    const reply = await replyTo(await agentWithVoice(true));
    expect(reply.body).toBe('Entregamos sim, até as 18h & sem taxa!');
    expect(reply.voiceNote).toEqual({
      mediaUrl: expect.stringMatching(/^\/api\/whatsapp-media\/companies\/1\/ai\/voice-notes\//),
      mimetype: VOICE_NOTE_MIMETYPE,
      fileName: 'resposta.ogg',
    });
    const [spoken] = eleven.requests;
    expect(spoken!.path).toBe(`/v1/text-to-speech/${VOICE_ID}?output_format=opus_48000_64`);
    expect(spoken!.headers['xi-api-key']).toBe(ELEVEN_KEY);
    expect(JSON.parse(spoken!.body.toString())).toMatchObject({ text: 'Entregamos sim, até as 18h & sem taxa!' });
    const audio = await audioOf(reply.voiceNote!.mediaUrl);
    expect(audio.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(JSON.stringify(t.events)).not.toContain(ELEVEN_KEY);
  });

  it('an agent without voiceEnabled answers in text only', async () => {
    const before = eleven.requests.length;
    const reply = await replyTo(await agentWithVoice(false));
    expect(reply.voiceNote).toBeUndefined();
    expect(eleven.requests.length).toBe(before);
  });

  it('a prompt with a neural voice speaks with Azure Speech (SSML, its key and region, Ogg/Opus); texto answers in text', async () => {
    const reply = await replyTo(await promptWithVoice('pt-BR-FranciscaNeural'));
    expect(reply.voiceNote?.mimetype).toBe(VOICE_NOTE_MIMETYPE);
    const [spoken] = azure.requests;
    expect(spoken!.path).toBe('/brazilsouth/cognitiveservices/v1');
    expect(spoken!.headers['ocp-apim-subscription-key']).toBe(AZURE_KEY);
    expect(spoken!.headers['x-microsoft-outputformat']).toBe('ogg-24khz-16bit-mono-opus');
    // The answer's text escaped inside the voice's SSML.
    expect(spoken!.body.toString()).toContain('<voice name="pt-BR-FranciscaNeural">Entregamos sim, até as 18h &amp; sem taxa!</voice>');
    expect((await audioOf(reply.voiceNote!.mediaUrl)).subarray(0, 4).toString('latin1')).toBe('OggS');

    const before = azure.requests.length;
    expect((await replyTo(await promptWithVoice('texto'))).voiceNote).toBeUndefined();
    expect(azure.requests.length).toBe(before);
  });

  it('a speech provider that is rate-limited is asked again; one that keeps failing leaves the answer as text', async () => {
    const queueId = await promptWithVoice('pt-BR-AntonioNeural');
    const before = azure.requests.length;
    azure.answerWith((_request, index) => (index === before ? { kind: 'status', status: 429, retryAfterSeconds: 0 } : { kind: 'ok' }));
    expect((await replyTo(queueId)).voiceNote).toBeDefined();
    expect(azure.requests.length - before).toBe(2);

    azure.answerWith(() => ({ kind: 'status', status: 503 }));
    const failing = await replyTo(queueId);
    expect(failing.body).toBe('Entregamos sim, até as 18h & sem taxa!');
    expect(failing.voiceNote).toBeUndefined();
    azure.answerWith(() => ({ kind: 'ok' }));
  });
});
