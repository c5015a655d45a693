import {
  aiMessageTranscribed,
  connectionTranscriptionUpdated,
  connectionUpdated,
  type EventPayload,
  type Message,
  messageCreated,
  messageSendRequested,
  type Ticket,
  TOPICS,
  type TranscribeProvider,
  whatsappTranscriptionKeyCall,
} from '@app/contracts';
import { AppError, FILE_STORAGE, type FileStorage, mediaUrlOfKey, readEvent, ServiceCalls } from '@app/platform';
import { connectionFixture, waitFor } from '@app/platform/testing';

import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';
import { aMessage, aTicket } from '../testing/conversation-fixtures';
import { oggOpusBytes } from '../testing/speech-server';
import { FakeAssemblyAi, FakeDeepgram, FakeOpenAiTranscription } from '../testing/transcription-servers';
import { ownNumberText } from './transcription.service';

const A = 1;
const B = 2;
const KEYS: Record<TranscribeProvider, string> = {
  openai: 'sk-transcribe-openai-000011112222',
  deepgram: 'dg-transcribe-key-000033334444',
  assemblyai: 'aai-transcribe-key-000055556666',
};
/** Company A's connections: one per provider, one that sends transcripts to the company's own number; company B's. */
const BY_PROVIDER: Record<TranscribeProvider, number> = { openai: 21, deepgram: 22, assemblyai: 23 };
const SEND_ME = 24;
const SENT_TOO = 25;
const B_CONNECTION = 26;
const OWN_NUMBER = '5511988887777';

/**
 * Audio messages become text (issue 23): conversations' audio events in, the file read from the
 * company's media, each provider a local server speaking its real protocol, the transcript out as
 * ai.message.transcribed (or a WhatsApp message to the company's own number).
 */
describe('audio transcription', () => {
  jest.setTimeout(30_000);
  let t: AiTestApp;
  let storage: FileStorage;
  let openai: FakeOpenAiTranscription;
  let deepgram: FakeDeepgram;
  let assembly: FakeAssemblyAi;
  let nextTicket = 500;
  let nextMessage = 5_000;
  /** Whatsapp's side of whatsapp.transcription-key: each connection's provider and key, and the calls it answered. */
  const whatsappKeys = new Map<string, { transcribeprovider: TranscribeProvider; transcribekey: string }>();
  const keyCalls: { companyId: number; connectionId: number }[] = [];

  const transcribeSettings = (
    companyId: number,
    connectionId: number,
    provider: TranscribeProvider,
    flags: Partial<{ transcribe: boolean; transcribeme: boolean; sendme: boolean }> = {},
  ) => {
    whatsappKeys.set(`${companyId}:${connectionId}`, { transcribeprovider: provider, transcribekey: KEYS[provider] });
    return t.publish(connectionTranscriptionUpdated, companyId, connectionId, {
      connectionId,
      companyId,
      transcribe: true,
      transcribeme: false,
      sendme: false,
      transcribeprovider: provider,
      hasKey: true,
      ...flags,
    });
  };
  /** An audio file of the company whose speech is `spoken` (the fake providers read it from the bytes). */
  const audioFile = async (companyId: number, spoken: string, extra = 0): Promise<string> => {
    const key = `companies/${companyId}/whatsapp/media/${nextMessage}-voz.ogg`;
    await storage.put(
      key,
      Buffer.concat([oggOpusBytes('voz'), Buffer.alloc(extra), Buffer.from(`fala: ${spoken}`)]),
      'audio/ogg; codecs=opus',
    );
    return mediaUrlOfKey(key);
  };
  const ticketOn = (companyId: number, connectionId: number, overrides: Partial<Ticket> = {}) =>
    aTicket(companyId, nextTicket++, null, { whatsappId: connectionId, ...overrides });
  const sendAudio = async (ticket: Ticket, mediaUrl: string, overrides: Partial<Message> = {}): Promise<Message> => {
    const message = aMessage(ticket, nextMessage++, '', { mediaType: 'audio', mediaUrl, fileName: 'voz.ogg', ...overrides });
    const payload: EventPayload<typeof messageCreated> = { message, ticket, audience: [] };
    await t.publish(messageCreated, ticket.companyId, ticket.id, payload);
    return message;
  };
  const transcriptsOf = (message: Message) =>
    t.events.flatMap((envelope) => {
      const event = readEvent(aiMessageTranscribed, envelope);
      return event && event.messageId === message.id ? [{ ...event, companyId: envelope.companyId }] : [];
    });
  const transcriptOf = async (message: Message) => {
    await waitFor(() => transcriptsOf(message).length > 0, { what: `the transcript of message ${message.id}` });
    return transcriptsOf(message)[0]!;
  };
  /** Long enough for the consumer, a job poll and a provider call: nothing more will come. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

  beforeAll(async () => {
    [openai, deepgram, assembly] = await Promise.all([FakeOpenAiTranscription.start(), FakeDeepgram.start(), FakeAssemblyAi.start()]);
    t = await startAiTestApp(
      {
        transcriptionBaseUrls: { openai: openai.baseUrl, deepgram: deepgram.baseUrl, assemblyai: assembly.baseUrl },
        speechTimeoutMs: 800,
        speechRetries: 2,
        assemblyPollIntervalMs: 50,
        audioMaxBytes: 64 * 1024,
      },
      { outboundAllowedHosts: ['127.0.0.1'], watch: [TOPICS.whatsappCommands] },
    );
    storage = t.app.get<FileStorage>(FILE_STORAGE);
    // Whatsapp's answer, as its TranscriptionKeyAnswer gives it in the standalone process.
    t.app.get(ServiceCalls).answer(whatsappTranscriptionKeyCall, async (companyId, { connectionId }) => {
      keyCalls.push({ companyId, connectionId });
      const found = whatsappKeys.get(`${companyId}:${connectionId}`);
      if (!found) throw new AppError('ERR_NOT_FOUND', 'Connection not found');
      return found;
    });
    for (const provider of ['openai', 'deepgram', 'assemblyai'] as const) await transcribeSettings(A, BY_PROVIDER[provider], provider);
    await t.publish(connectionUpdated, A, SEND_ME, { connection: connectionFixture(A, SEND_ME, { number: OWN_NUMBER }) });
    await transcribeSettings(A, SEND_ME, 'openai', { sendme: true });
    await transcribeSettings(A, SENT_TOO, 'deepgram', { transcribe: false, transcribeme: true });
    await transcribeSettings(B, B_CONNECTION, 'openai');
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.connections WHERE number = $1`, [OWN_NUMBER])).length === 1);
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.connections WHERE has_transcribe_key`)).length === 6);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await Promise.all([openai?.close(), deepgram?.close(), assembly?.close()]);
  });

  it.each(['openai', 'deepgram', 'assemblyai'] as const)(
    "a customer's audio is transcribed by %s with the connection's key and the transcript goes to conversations",
    async (provider) => {
      const ticket = ticketOn(A, BY_PROVIDER[provider]);
      const message = await sendAudio(ticket, await audioFile(A, `quero encomendar um bolo de ${provider}`));
      const transcript = await transcriptOf(message);
      expect(transcript).toMatchObject({ ticketId: ticket.id, transcript: `quero encomendar um bolo de ${provider}`, companyId: A });
      const server = { openai, deepgram, assemblyai: assembly }[provider];
      const authorization = server.requests.map((received) => received.headers.authorization);
      const expected = { openai: `Bearer ${KEYS.openai}`, deepgram: `Token ${KEYS.deepgram}`, assemblyai: KEYS.assemblyai }[provider];
      expect(authorization).toContain(expected);
      // The event carries the text, never the key.
      expect(JSON.stringify(t.events)).not.toContain(KEYS[provider]);
    },
  );

  it('AssemblyAI is asked again until the transcript is completed', async () => {
    assembly.pollsUntilDone = 4;
    const before = assembly.requests.length;
    const message = await sendAudio(ticketOn(A, BY_PROVIDER.assemblyai), await audioFile(A, 'pode entregar amanhã'));
    expect((await transcriptOf(message)).transcript).toBe('pode entregar amanhã');
    const paths = assembly.requests.slice(before).map((received) => `${received.method} ${received.path.replace(/tr\d+/, 'ID')}`);
    expect(paths).toEqual([
      'POST /v2/upload',
      'POST /v2/transcript',
      'GET /v2/transcript/ID',
      'GET /v2/transcript/ID',
      'GET /v2/transcript/ID',
      'GET /v2/transcript/ID',
    ]);
  });

  it('a provider that answers 429 or 5xx, or too slowly, is asked again with backoff', async () => {
    const before = deepgram.requests.length;
    deepgram.answerWith((_request, index) =>
      index === before ? { kind: 'status', status: 429, retryAfterSeconds: 0 } : index === before + 1 ? { kind: 'hang' } : { kind: 'ok' },
    );
    const message = await sendAudio(ticketOn(A, BY_PROVIDER.deepgram), await audioFile(A, 'tem pão de queijo'));
    expect((await transcriptOf(message)).transcript).toBe('tem pão de queijo');
    expect(deepgram.requests.length - before).toBe(3);
    deepgram.answerWith(() => ({ kind: 'ok' }));
  });

  it('a key the provider refuses is not retried and no transcript is made', async () => {
    const before = openai.requests.length;
    openai.answerWith(() => ({ kind: 'status', status: 401 }));
    const message = await sendAudio(ticketOn(A, BY_PROVIDER.openai), await audioFile(A, 'ninguém vai ler'));
    await waitFor(() => openai.requests.length > before);
    await settle();
    expect(transcriptsOf(message)).toEqual([]);
    openai.answerWith(() => ({ kind: 'ok' }));
  });

  it('received audio follows transcribe, sent audio transcribeme; an audio too large is left alone', async () => {
    const sentToo = ticketOn(A, SENT_TOO);
    const received = await sendAudio(sentToo, await audioFile(A, 'do cliente'));
    const sent = await sendAudio(sentToo, await audioFile(A, 'da atendente'), { fromMe: true, userId: 7 });
    expect((await transcriptOf(sent)).transcript).toBe('da atendente');
    const ownSent = await sendAudio(ticketOn(A, BY_PROVIDER.openai), await audioFile(A, 'nossa'), { fromMe: true, userId: 7 });
    const large = await sendAudio(ticketOn(A, BY_PROVIDER.openai), await audioFile(A, 'grande demais', 70 * 1024));
    await settle();
    expect([transcriptsOf(received), transcriptsOf(ownSent), transcriptsOf(large)]).toEqual([[], [], []]);
  });

  it("with sendme the transcript goes to the company's own number, not into the chat", async () => {
    const ticket = ticketOn(A, SEND_ME);
    const message = await sendAudio(ticket, await audioFile(A, 'chego às três'));
    await waitFor(() => t.events.some((envelope) => readEvent(messageSendRequested, envelope)?.to === OWN_NUMBER));
    const sends = t.events.flatMap((envelope) => {
      const send = readEvent(messageSendRequested, envelope);
      return send?.to === OWN_NUMBER ? [{ ...send, companyId: envelope.companyId }] : [];
    });
    expect(sends).toEqual([
      expect.objectContaining({
        companyId: A,
        connectionId: SEND_ME,
        content: { type: 'text', body: ownNumberText(ticket.contact.name, 'chego às três') },
      }),
    ]);
    await settle();
    expect(transcriptsOf(message)).toEqual([]);
  });

  it("another company's audio file or connection is never used", async () => {
    const before = openai.requests.length;
    // Company A's ticket naming company B's file; company B's event naming company A's connection.
    const foreignFile = await sendAudio(ticketOn(A, BY_PROVIDER.openai), await audioFile(B, 'segredo de B'));
    const foreignConnection = await sendAudio(ticketOn(B, BY_PROVIDER.openai), await audioFile(B, 'conexão de A'));
    const own = await sendAudio(ticketOn(B, B_CONNECTION), await audioFile(B, 'de B mesmo'));
    expect(await transcriptOf(own)).toMatchObject({ transcript: 'de B mesmo', companyId: B });
    await settle();
    expect([transcriptsOf(foreignFile), transcriptsOf(foreignConnection)]).toEqual([[], []]);
    expect(openai.requests.length - before).toBe(1);
  });

  it('the key travels on no event and is not kept by ai: whatsapp is asked for it as each audio is transcribed, a new key used at once', async () => {
    const calls = keyCalls.length;
    whatsappKeys.set(`${A}:${BY_PROVIDER.deepgram}`, { transcribeprovider: 'deepgram', transcribekey: 'dg-rotated-key-000077778888' });
    const message = await sendAudio(ticketOn(A, BY_PROVIDER.deepgram), await audioFile(A, 'chave nova'));
    expect((await transcriptOf(message)).transcript).toBe('chave nova');
    expect(deepgram.requests.at(-1)!.headers.authorization).toBe('Token dg-rotated-key-000077778888');
    expect(keyCalls.slice(calls)).toEqual([{ companyId: A, connectionId: BY_PROVIDER.deepgram }]);
    const columns: { column_name: string }[] = await t.dataSource.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'ai' AND table_name = 'connections' AND column_name LIKE '%key%'`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(['has_transcribe_key']);
    const everything = JSON.stringify(t.events);
    for (const key of [...Object.values(KEYS), 'dg-rotated-key-000077778888']) expect(everything).not.toContain(key);
  });

  it('a connection without a key is not asked for one, and its audio is left alone', async () => {
    const NO_KEY = 27;
    await t.publish(connectionTranscriptionUpdated, A, NO_KEY, {
      connectionId: NO_KEY,
      companyId: A,
      transcribe: true,
      transcribeme: false,
      sendme: false,
      transcribeprovider: 'openai',
      hasKey: false,
    });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.connections WHERE id = $1`, [NO_KEY])).length === 1);
    const calls = keyCalls.length;
    const message = await sendAudio(ticketOn(A, NO_KEY), await audioFile(A, 'sem chave'));
    await settle();
    expect(transcriptsOf(message)).toEqual([]);
    expect(keyCalls.length).toBe(calls);
  });
});
