import { chatbotSettings, chatbotTurn, loopbackGuardedFetch } from '../../testing/chatbot-servers/chatbot-turns';
import { FakeDifyServer } from '../../testing/chatbot-servers/dify-server';
import { ChatbotProtocolError } from './chatbot-protocol';
import { DifyProtocol } from './dify.protocol';

/** Dify's chat-messages API in blocking mode, spoken to a local Dify through the guarded fetch. */
describe('DifyProtocol', () => {
  let dify: FakeDifyServer;
  const protocol = new DifyProtocol();
  const fetch = loopbackGuardedFetch();

  beforeAll(async () => {
    dify = await FakeDifyServer.start();
  });
  afterAll(() => dify.close());
  beforeEach(() => {
    dify.requests.length = 0;
    dify.behave();
    dify.answerWith((query) => `Dify recebeu: ${query}`);
  });

  const settings = () => chatbotSettings('dify', { urldify: `${dify.apiBase}/`, apidify: dify.appKey });

  it("starts a conversation on the ticket's first turn and continues Dify's conversation_id on the next", async () => {
    const first = await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch);
    expect(first.messages).toEqual([{ kind: 'text', body: 'Dify recebeu: Oi' }]);
    const conversationId = first.session?.conversationId as string;
    expect(dify.conversations.has(conversationId)).toBe(true);

    const second = await protocol.converse(chatbotTurn(settings(), 'E o preço?', first.session), fetch);
    expect(second.session).toEqual({ conversationId });
    expect(dify.conversations.get(conversationId)!.queries).toEqual(['Oi', 'E o preço?']);
    expect(dify.requests.map((request) => request.body)).toEqual([
      { inputs: {}, query: 'Oi', user: 'zapdesk-contact-7', conversation_id: '', response_mode: 'blocking' },
      { inputs: {}, query: 'E o preço?', user: 'zapdesk-contact-7', conversation_id: conversationId, response_mode: 'blocking' },
    ]);
    expect(dify.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat-messages' });
    expect(dify.requests[0]!.headers.authorization).toBe(`Bearer ${dify.appKey}`);
  });

  it('starts a new conversation once when Dify no longer knows the kept one', async () => {
    const reply = await protocol.converse(chatbotTurn(settings(), 'Oi de novo', { conversationId: 'apagada' }), fetch);
    expect(dify.requests.map((request) => (request.body as { conversation_id: string }).conversation_id)).toEqual(['apagada', '']);
    expect(reply.session?.conversationId).not.toBe('apagada');
    expect(dify.conversations.has(reply.session?.conversationId as string)).toBe(true);
  });

  it('turns markdown images and audio links into media and keeps the text around them', async () => {
    dify.answerWith(
      () => 'Aqui está a foto ![Loja](https://cdn.example.com/loja.jpg) e o áudio [ouça](https://cdn.example.com/boas-vindas.ogg). Até!',
    );
    const reply = await protocol.converse(chatbotTurn(settings(), 'foto'), fetch);
    expect(reply.messages).toEqual([
      { kind: 'text', body: 'Aqui está a foto' },
      { kind: 'media', url: 'https://cdn.example.com/loja.jpg', mediaType: 'image', caption: 'Loja' },
      { kind: 'text', body: 'e o áudio' },
      { kind: 'media', url: 'https://cdn.example.com/boas-vindas.ogg', mediaType: 'audio', caption: 'ouça' },
      { kind: 'text', body: '. Até!' },
    ]);
  });

  it("raises Dify's refusals with their status: a wrong key, a 429 with Retry-After, a 5xx", async () => {
    await expect(
      protocol.converse(chatbotTurn(chatbotSettings('dify', { urldify: dify.apiBase, apidify: 'app-errada' }), 'Oi'), fetch),
    ).rejects.toMatchObject({ status: 401, message: 'Dify answered 401: Access token is invalid' });
    dify.misbehave({ kind: 'rate-limit', retryAfter: '30' }, { kind: 'fail', status: 502 });
    const limited = await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ChatbotProtocolError);
    expect(limited).toMatchObject({ status: 429, retryAfter: 30 });
    await expect(protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).rejects.toMatchObject({ status: 502 });
  });

  it('raises a clear error on a body that is not a chat message', async () => {
    dify.misbehave(
      { kind: 'malformed' },
      { kind: 'malformed', body: '{"event":"message","answer":"oi"}', contentType: 'application/json' },
    );
    await expect(protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).rejects.toThrow(/^Dify answered with a malformed body: not JSON/);
    await expect(protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).rejects.toThrow(
      'Dify answered with a malformed body: no conversation_id in the chat message',
    );
  });

  it("treats the engine's signal as the blocking call's timeout", async () => {
    dify.misbehave({ kind: 'hang' });
    const timeout = AbortSignal.timeout(150);
    const error = await protocol.converse(chatbotTurn(settings(), 'Oi', null, timeout), fetch).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ChatbotProtocolError);
    expect(timeout.aborted).toBe(true);
    expect(dify.requests).toHaveLength(1);
  });

  it('refuses an integration without its URL or key before calling anything', async () => {
    await expect(protocol.converse(chatbotTurn(chatbotSettings('dify', { apidify: 'app-x' }), 'Oi'), fetch)).rejects.toThrow('no API URL');
    await expect(protocol.converse(chatbotTurn(chatbotSettings('dify', { urldify: dify.apiBase }), 'Oi'), fetch)).rejects.toThrow(
      'no API key',
    );
    expect(dify.requests).toEqual([]);
  });
});
