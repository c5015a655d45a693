import { chatbotSettings, chatbotTurn, loopbackGuardedFetch } from '../../testing/chatbot-servers/chatbot-turns';
import { FakeFlowiseServer } from '../../testing/chatbot-servers/flowise-server';
import { ChatbotProtocolError } from './chatbot-protocol';
import { FlowiseProtocol } from './flowise.protocol';

/** Flowise's prediction API, spoken to a local Flowise through the guarded fetch. */
describe('FlowiseProtocol', () => {
  let flowise: FakeFlowiseServer;
  const protocol = new FlowiseProtocol();
  const fetch = loopbackGuardedFetch();

  beforeAll(async () => {
    flowise = await FakeFlowiseServer.start();
  });
  afterAll(() => flowise.close());
  beforeEach(() => {
    flowise.requests.length = 0;
    flowise.behave();
    flowise.apiKey = undefined;
    flowise.answerWith((question) => ({ text: `Você disse: ${question}` }));
  });

  const settings = () => chatbotSettings('flowise', { urlflowise: flowise.predictionUrl });

  it('sends the question with one session id per ticket, kept across turns, and no key when none is saved', async () => {
    const first = await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch);
    expect(first.messages).toEqual([{ kind: 'text', body: 'Você disse: Oi' }]);
    const sessionId = first.session?.sessionId as string;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

    const second = await protocol.converse(chatbotTurn(settings(), 'Quero um orçamento', first.session), fetch);
    expect(second.session).toEqual({ sessionId });
    expect(flowise.memory.get(sessionId)).toEqual(['Oi', 'Quero um orçamento']);
    expect(flowise.requests[1]).toMatchObject({
      method: 'POST',
      path: `/api/v1/prediction/${flowise.chatflowId}`,
      body: { question: 'Quero um orçamento', streaming: false, chatId: sessionId, overrideConfig: { sessionId } },
    });
    expect(flowise.requests[1]!.headers.authorization).toBeUndefined();
  });

  it("sends the chatflow's API key as a Bearer token, and a wrong one comes back as Flowise's 401", async () => {
    flowise.apiKey = 'flowise-key-1';
    const reply = await protocol.converse(
      chatbotTurn(chatbotSettings('flowise', { urlflowise: flowise.predictionUrl, apidify: 'flowise-key-1' }), 'Oi'),
      fetch,
    );
    expect(reply.messages).toHaveLength(1);
    expect(flowise.requests[0]!.headers.authorization).toBe('Bearer flowise-key-1');
    await expect(
      protocol.converse(chatbotTurn(chatbotSettings('flowise', { urlflowise: flowise.predictionUrl, apidify: 'other' }), 'Oi'), fetch),
    ).rejects.toMatchObject({ status: 401, message: 'Flowise answered 401: Unauthorized' });
  });

  it('turns images, stored files, human-input buttons and suggested questions into media and numbered text', async () => {
    flowise.answerWith(() => ({
      text: 'Veja nosso cardápio:\n\n![Cardápio](https://cdn.example.com/menu.png)\n\nE a tabela [tabela.pdf](https://cdn.example.com/precos.pdf)',
      artifacts: [
        { type: 'png', data: 'FILE-STORAGE::grafico.png' },
        { type: 'html', data: '<b>x</b>' },
      ],
      action: {
        id: 'a1',
        elements: [
          { type: 'approve-button', label: 'Confirmar' },
          { type: 'reject-button', label: 'Cancelar' },
        ],
      },
      followUpPrompts: ['Qual o horário?', 'Vocês entregam?'],
    }));
    const reply = await protocol.converse(chatbotTurn(settings(), 'cardápio'), fetch);
    const chatId = reply.session?.sessionId as string;
    expect(reply.messages).toEqual([
      { kind: 'text', body: 'Veja nosso cardápio:' },
      { kind: 'media', url: 'https://cdn.example.com/menu.png', mediaType: 'image', caption: 'Cardápio' },
      { kind: 'text', body: 'E a tabela' },
      { kind: 'media', url: 'https://cdn.example.com/precos.pdf', mediaType: 'document', fileName: 'tabela.pdf' },
      {
        kind: 'media',
        url: `${flowise.origin}/api/v1/get-upload-file?chatflowId=${flowise.chatflowId}&chatId=${chatId}&fileName=grafico.png`,
        mediaType: 'image',
      },
      { kind: 'text', body: '1 - Confirmar\n2 - Cancelar' },
      { kind: 'text', body: '1 - Qual o horário?\n2 - Vocês entregam?' },
    ]);
  });

  it('takes a Whaticket transfer order out of the text and hands it to the engine', async () => {
    flowise.answerWith(() => ({ text: '#{"queueId":3,"userId":9}' }));
    const reply = await protocol.converse(chatbotTurn(settings(), 'falar com atendente'), fetch);
    expect(reply.messages).toEqual([]);
    expect(reply.handoff).toEqual({ queueId: 3, userId: 9 });
  });

  it('raises 429 with its Retry-After and 5xx with their status, for the engine to retry', async () => {
    flowise.misbehave({ kind: 'rate-limit', retryAfter: '12' }, { kind: 'fail', status: 503 });
    const limited = await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ChatbotProtocolError);
    expect(limited).toMatchObject({
      status: 429,
      retryAfter: 12,
      message: 'Flowise answered 429: Too many requests, please try again later.',
    });
    await expect(protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).rejects.toMatchObject({ status: 503, retryAfter: undefined });
  });

  it('raises a clear error without a status on a body that is not a prediction', async () => {
    flowise.misbehave({ kind: 'malformed' }, { kind: 'malformed', body: '{"answer":42}', contentType: 'application/json' });
    const html = await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch).catch((error: unknown) => error);
    expect(html).toBeInstanceOf(ChatbotProtocolError);
    expect((html as ChatbotProtocolError).status).toBeUndefined();
    expect((html as Error).message).toMatch(/^Flowise answered with a malformed body: not JSON/);
    await expect(protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).rejects.toThrow(
      'Flowise answered with a malformed body: no text in the prediction',
    );
  });

  it("gives up on a slow Flowise when the engine's signal aborts, with the engine's own reason", async () => {
    flowise.misbehave({ kind: 'slow', delayMs: 2_000 });
    const timeout = AbortSignal.timeout(150);
    const started = Date.now();
    const error = await protocol.converse(chatbotTurn(settings(), 'Oi', null, timeout), fetch).catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error).not.toBeInstanceOf(ChatbotProtocolError);
    expect(timeout.aborted).toBe(true);
    expect(flowise.requests).toHaveLength(1);
  });

  it('refuses an integration without a usable prediction URL before calling anything', async () => {
    await expect(protocol.converse(chatbotTurn(chatbotSettings('flowise'), 'Oi'), fetch)).rejects.toThrow('no prediction URL');
    await expect(protocol.converse(chatbotTurn(chatbotSettings('flowise', { urlflowise: 'flowise aqui' }), 'Oi'), fetch)).rejects.toThrow(
      'is not a URL',
    );
    expect(flowise.requests).toEqual([]);
  });
});
