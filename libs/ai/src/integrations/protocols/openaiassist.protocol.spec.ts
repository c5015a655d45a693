import { OutboundUrlGuard, OutboundUrlRefusedError } from '@app/platform';

import { guardedFetch } from '../../common/guarded-fetch';
import { chatbotSettings, chatbotTurn, loopbackGuardedFetch } from '../../testing/chatbot-servers/chatbot-turns';
import { FakeOpenAiResponsesServer } from '../../testing/chatbot-servers/openai-responses-server';
import { ChatbotProtocolError } from './chatbot-protocol';
import { OpenAiAssistProtocol, openAiAssistTarget } from './openaiassist.protocol';

/** openaiid / openaikey through OpenAI's Conversations and Responses APIs, spoken to a local OpenAI. */
describe('OpenAiAssistProtocol', () => {
  let openai: FakeOpenAiResponsesServer;
  let protocol: OpenAiAssistProtocol;
  const fetch = loopbackGuardedFetch();

  beforeAll(async () => {
    openai = await FakeOpenAiResponsesServer.start();
    protocol = new OpenAiAssistProtocol({ keysSecret: 'x'.repeat(32), providerBaseUrls: { openai: openai.baseUrl } });
  });
  afterAll(() => openai.close());
  beforeEach(() => {
    openai.requests.length = 0;
    openai.behave();
    openai.answerWith((input) => ({ output: [{ type: 'reasoning' }, { type: 'message', text: `Resposta para: ${input}` }] }));
  });

  const settings = (openaiid = openai.promptId) => chatbotSettings('openaiassist', { openaiid, openaikey: openai.apiKey, companyId: 5 });

  it('creates one conversation for the ticket and answers each turn on it with the saved prompt', async () => {
    const first = await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch);
    expect(first.messages).toEqual([{ kind: 'text', body: 'Resposta para: Oi' }]);
    const conversationId = first.session?.conversationId as string;
    expect(conversationId).toMatch(/^conv_/);
    expect(openai.conversations.get(conversationId)!.metadata).toEqual({ zapdesk_company: '5', zapdesk_ticket: '42' });

    const second = await protocol.converse(chatbotTurn(settings(), 'Qual o horário?', first.session), fetch);
    expect(second.session).toEqual({ conversationId });
    expect(openai.conversations.size).toBe(1);
    expect(openai.conversations.get(conversationId)!.items).toEqual([
      { role: 'user', text: 'Oi' },
      { role: 'assistant', text: 'Resposta para: Oi' },
      { role: 'user', text: 'Qual o horário?' },
      { role: 'assistant', text: 'Resposta para: Qual o horário?' },
    ]);
    expect(openai.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/conversations',
      'POST /v1/responses',
      'POST /v1/responses',
    ]);
    expect(openai.requests[2]!.body).toEqual({
      prompt: { id: openai.promptId },
      conversation: conversationId,
      input: 'Qual o horário?',
      store: true,
    });
    expect(openai.requests[2]!.headers.authorization).toBe(`Bearer ${openai.apiKey}`);
  });

  it('reads openaiid as a prompt (with its version), a model, or a shut-down assistant refused with the way out', async () => {
    expect(openAiAssistTarget('pmpt_68ab12cd')).toEqual({ kind: 'prompt', id: 'pmpt_68ab12cd' });
    expect(openAiAssistTarget(' pmpt_68ab12cd@4 ')).toEqual({ kind: 'prompt', id: 'pmpt_68ab12cd', version: '4' });
    expect(openAiAssistTarget('gpt-4.1-mini')).toEqual({ kind: 'model', model: 'gpt-4.1-mini' });
    expect(() => openAiAssistTarget('asst_abc123')).toThrow(
      /Assistants API was shut down on 2026-08-26; asst_abc123 cannot answer\. Move its instructions into an AI agent/,
    );
    expect(() => openAiAssistTarget('')).toThrow('no prompt id');
    expect(() => openAiAssistTarget('pmpt_x@latest')).toThrow('is not a prompt id');

    await expect(protocol.converse(chatbotTurn(settings('asst_abc123'), 'Oi'), fetch)).rejects.toBeInstanceOf(ChatbotProtocolError);
    expect(openai.requests).toEqual([]);
    const byModel = await protocol.converse(chatbotTurn(settings('gpt-4.1-mini'), 'Oi'), fetch);
    expect(byModel.messages).toHaveLength(1);
    expect(openai.requests[1]!.body).toMatchObject({ model: 'gpt-4.1-mini', input: 'Oi' });
    await protocol.converse(chatbotTurn(settings(`${openai.promptId}@2`), 'Oi'), fetch);
    expect(openai.requests[3]!.body).toMatchObject({ prompt: { id: openai.promptId, version: '2' } });
  });

  it('starts a new conversation once when OpenAI no longer has the kept one', async () => {
    const reply = await protocol.converse(chatbotTurn(settings(), 'Oi', { conversationId: 'conv_apagada' }), fetch);
    expect(openai.requests.map((request) => request.path)).toEqual(['/v1/responses', '/v1/conversations', '/v1/responses']);
    expect(reply.session?.conversationId).not.toBe('conv_apagada');
    expect(reply.messages).toEqual([{ kind: 'text', body: 'Resposta para: Oi' }]);
  });

  it('turns markdown images into media, keeps refusals as text, and hands a transfer order to the engine', async () => {
    openai.answerWith(() => ({ output: [{ type: 'message', text: 'Nosso endereço:\n![Mapa](https://cdn.example.com/mapa.webp)' }] }));
    expect((await protocol.converse(chatbotTurn(settings(), 'onde?'), fetch)).messages).toEqual([
      { kind: 'text', body: 'Nosso endereço:' },
      { kind: 'media', url: 'https://cdn.example.com/mapa.webp', mediaType: 'image', caption: 'Mapa' },
    ]);
    openai.answerWith(() => ({ output: [{ type: 'message', refusal: 'Não posso ajudar com isso.' }] }));
    expect((await protocol.converse(chatbotTurn(settings(), '?'), fetch)).messages).toEqual([
      { kind: 'text', body: 'Não posso ajudar com isso.' },
    ]);
    openai.answerWith(() => ({ output: [{ type: 'message', text: '#{"queueId":2}' }] }));
    const handoff = await protocol.converse(chatbotTurn(settings(), 'humano'), fetch);
    expect(handoff).toMatchObject({ messages: [], handoff: { queueId: 2 } });
  });

  it('raises a clear error for answers with no text: a tool call it cannot run, a failed or cut-short response', async () => {
    openai.answerWith(() => ({ output: [{ type: 'function_call', name: 'buscar_pedido', arguments: '{}' }] }));
    await expect(protocol.converse(chatbotTurn(settings(), 'pedido 1'), fetch)).rejects.toThrow('called the function buscar_pedido');
    openai.answerWith(() => ({ output: [], status: 'failed' }));
    await expect(protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).rejects.toThrow(
      'OpenAI could not answer: The model failed to generate a response.',
    );
    openai.answerWith(() => ({ output: [{ type: 'reasoning' }], status: 'incomplete' }));
    await expect(protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).rejects.toThrow('cut short (max_output_tokens)');
  });

  it("raises OpenAI's refusals with status and Retry-After, without retrying them itself", async () => {
    const session = { conversationId: (await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).session!.conversationId };
    openai.requests.length = 0;
    openai.misbehave({ kind: 'rate-limit', retryAfter: '20' }, { kind: 'fail', status: 500 });
    const limited = await protocol.converse(chatbotTurn(settings(), 'Oi', session), fetch).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ChatbotProtocolError);
    expect(limited).toMatchObject({ status: 429, retryAfter: 20 });
    expect((limited as Error).message).toMatch(/^OpenAI answered 429: Rate limit reached/);
    await expect(protocol.converse(chatbotTurn(settings(), 'Oi', session), fetch)).rejects.toMatchObject({ status: 500 });
    expect(openai.requests).toHaveLength(2);
    const wrongKey = chatbotSettings('openaiassist', { openaiid: openai.promptId, openaikey: 'sk-errada' });
    await expect(protocol.converse(chatbotTurn(wrongKey, 'Oi', session), fetch)).rejects.toMatchObject({ status: 401 });
  });

  it('raises a clear error without a status on a body that is not a response', async () => {
    const session = { conversationId: (await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).session!.conversationId };
    openai.misbehave({ kind: 'malformed' }, { kind: 'malformed', body: '{"object":"response","output":', contentType: 'application/json' });
    const html = await protocol.converse(chatbotTurn(settings(), 'Oi', session), fetch).catch((error: unknown) => error);
    expect(html).toBeInstanceOf(ChatbotProtocolError);
    expect(html).toMatchObject({ status: undefined });
    expect((html as Error).message).toMatch(/^OpenAI answered with a malformed body: unreadable/);
    const cut = await protocol.converse(chatbotTurn(settings(), 'Oi', session), fetch).catch((error: unknown) => error);
    expect(cut).toBeInstanceOf(ChatbotProtocolError);
    expect((cut as Error).message).toMatch(/^OpenAI answered with a malformed body/);
  });

  it("stops at the engine's signal, and the URL guard's refusal reaches the engine as it is", async () => {
    openai.misbehave({ kind: 'hang' });
    const timeout = AbortSignal.timeout(150);
    const aborted = await protocol.converse(chatbotTurn(settings(), 'Oi', null, timeout), fetch).catch((error: unknown) => error);
    expect(aborted).not.toBeInstanceOf(ChatbotProtocolError);
    expect(timeout.aborted).toBe(true);
    openai.behave();
    const refused = await protocol
      .converse(chatbotTurn(settings(), 'Oi'), guardedFetch(new OutboundUrlGuard()))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OutboundUrlRefusedError);
  });
});
