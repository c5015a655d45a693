import { chatbotSettings, chatbotTurn, loopbackGuardedFetch } from '../../testing/chatbot-servers/chatbot-turns';
import { FakeDialogflowServer } from '../../testing/chatbot-servers/dialogflow-server';
import { ChatbotProtocolError } from './chatbot-protocol';
import { DialogflowProtocol, readServiceAccount, TEST_SESSION_QUERY } from './dialogflow.protocol';

/** Dialogflow ES detectIntent with a service account's token exchange, spoken to a local Google. */
describe('DialogflowProtocol', () => {
  let google: FakeDialogflowServer;
  let protocol: DialogflowProtocol;
  const fetch = loopbackGuardedFetch();

  beforeAll(async () => {
    google = await FakeDialogflowServer.start();
  });
  afterAll(() => google.close());
  beforeEach(() => {
    protocol = new DialogflowProtocol({ keysSecret: 'x'.repeat(32), dialogflowBaseUrl: google.apiBase });
    google.requests.length = 0;
    google.behave();
    google.tokenLifetime = 3599;
    google.answerWith((text) => ({ fulfillmentText: `Entendi: ${text}`, fulfillmentMessages: [{ text: { text: [`Entendi: ${text}`] } }] }));
  });

  const settings = (fields: Parameters<typeof chatbotSettings>[1] = {}) =>
    chatbotSettings('dialogflow', {
      jsonContent: google.serviceAccountJson(),
      projectName: google.projectId,
      language: 'pt-BR',
      ...fields,
    });

  it('trades a JWT signed by the key for a token, keeps it for the next turns, and keeps one session per ticket', async () => {
    const first = await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch);
    expect(first.messages).toEqual([{ kind: 'text', body: 'Entendi: Oi' }]);
    const sessionId = first.session?.sessionId as string;
    expect(sessionId.length).toBeLessThanOrEqual(36);
    const second = await protocol.converse(chatbotTurn(settings(), 'Quero agendar', first.session), fetch);
    expect(second.session).toEqual({ sessionId });
    expect(google.sessions.get(sessionId)).toEqual(['Oi', 'Quero agendar']);

    expect(google.tokenRequests).toHaveLength(1);
    expect(google.tokenRequests[0]!.body).toMatchObject({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer' });
    const [header, claims] = (google.tokenRequests[0]!.body as { assertion: string }).assertion
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: google.privateKeyId });
    expect(claims).toMatchObject({
      iss: google.clientEmail,
      aud: `${google.origin}/token`,
      scope: 'https://www.googleapis.com/auth/cloud-platform',
    });
    expect(claims.exp - claims.iat).toBe(3600);

    expect(google.detectIntentRequests.map((request) => request.path)).toEqual([
      `/v2/projects/${google.projectId}/agent/sessions/${sessionId}:detectIntent`,
      `/v2/projects/${google.projectId}/agent/sessions/${sessionId}:detectIntent`,
    ]);
    expect(google.detectIntentRequests[1]!.body).toEqual({ queryInput: { text: { text: 'Quero agendar', languageCode: 'pt-BR' } } });
    expect(google.detectIntentRequests[1]!.headers.authorization).toMatch(/^Bearer ya29\.local-/);
  });

  it('trades the key again for a token about to expire, and once more when Google refuses a token it forgot', async () => {
    google.tokenLifetime = 300; // inside the five minutes' margin: never reused
    await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch);
    await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch);
    expect(google.tokenRequests).toHaveLength(2);

    google.tokenLifetime = 3599;
    await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch);
    google.revokeTokens();
    const reply = await protocol.converse(chatbotTurn(settings(), 'Ainda aí?'), fetch);
    expect(reply.messages).toEqual([{ kind: 'text', body: 'Entendi: Ainda aí?' }]);
    expect(google.tokenRequests).toHaveLength(4);
    const [refused, retried] = google.detectIntentRequests.slice(-2).map((request) => request.headers.authorization!);
    expect(refused).not.toBe(retried);
    expect(google.tokens.has(retried!.slice('Bearer '.length))).toBe(true);
  });

  it('shares one token exchange between turns that arrive together', async () => {
    await Promise.all(['a', 'b', 'c'].map((text) => protocol.converse(chatbotTurn(settings(), text), fetch)));
    expect(google.tokenRequests).toHaveLength(1);
    expect(google.detectIntentRequests).toHaveLength(3);
  });

  it('uses a new session id when a kept one would pass the 36-character limit', async () => {
    const reply = await protocol.converse(chatbotTurn(settings(), 'Oi', { sessionId: 'x'.repeat(37) }), fetch);
    expect((reply.session?.sessionId as string).length).toBe(36);
    expect(google.detectIntentRequests).toHaveLength(1);
  });

  it('turns text, images, quick replies and cards into messages, platform messages aside, and ends on endInteraction', async () => {
    google.answerWith(() => ({
      fulfillmentText: 'Escolha uma opção',
      fulfillmentMessages: [
        { text: { text: ['Escolha uma opção'] } },
        { image: { imageUri: 'https://cdn.example.com/promo.jpg', accessibilityText: 'Promoção' } },
        { quickReplies: { title: 'Como posso ajudar?', quickReplies: ['Horários', 'Preços'] } },
        {
          card: {
            title: 'Plano Pro',
            subtitle: 'R$ 99/mês',
            imageUri: 'https://cdn.example.com/pro.png',
            buttons: [{ text: 'Assinar' }, { text: 'Detalhes' }],
          },
        },
        { text: { text: ['Só no Messenger'] }, platform: 'FACEBOOK' },
        { payload: { richContent: [] } },
      ],
      endInteraction: true,
    }));
    const reply = await protocol.converse(chatbotTurn(settings(), 'menu'), fetch);
    expect(reply.messages).toEqual([
      { kind: 'text', body: 'Escolha uma opção' },
      { kind: 'media', url: 'https://cdn.example.com/promo.jpg', mediaType: 'image', caption: 'Promoção' },
      { kind: 'text', body: 'Como posso ajudar?\n\n1 - Horários\n2 - Preços' },
      { kind: 'media', url: 'https://cdn.example.com/pro.png', mediaType: 'image', caption: 'Plano Pro' },
      { kind: 'text', body: 'R$ 99/mês\n\n1 - Assinar\n2 - Detalhes' },
    ]);
    expect(reply).toMatchObject({ finished: true, session: null });
  });

  it('falls back to fulfillmentText when there are no fulfillment messages', async () => {
    google.answerWith(() => ({ fulfillmentText: 'Só o texto' }));
    expect((await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).messages).toEqual([{ kind: 'text', body: 'Só o texto' }]);
  });

  it("raises Google's refusals: a key it does not know, a project the account cannot use, 429 and 5xx with their status", async () => {
    const foreign = await protocol
      .converse(chatbotTurn(settings({ jsonContent: google.serviceAccountJson({ foreignKey: true }) }), 'Oi'), fetch)
      .catch((error: unknown) => error);
    expect(foreign).toBeInstanceOf(ChatbotProtocolError);
    expect(foreign).toMatchObject({ status: 400 });
    expect((foreign as Error).message).toBe("Google's token endpoint answered 400: Invalid JWT Signature.");
    expect(google.detectIntentRequests).toEqual([]);

    await expect(protocol.converse(chatbotTurn(settings({ projectName: 'outro-projeto' }), 'Oi'), fetch)).rejects.toMatchObject({
      status: 403,
    });
    google.misbehave({ kind: 'rate-limit', retryAfter: '15' }, { kind: 'fail', status: 503 });
    await expect(protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).rejects.toMatchObject({ status: 429, retryAfter: 15 });
    await expect(protocol.converse(chatbotTurn(settings(), 'Oi'), fetch)).rejects.toMatchObject({ status: 503 });
  });

  it('raises a clear error on a service-account JSON that is not one, and on an answer without queryResult', async () => {
    expect(() => readServiceAccount('{"type":"authorized_user"}')).toThrow('this JSON is a authorized_user');
    expect(() => readServiceAccount('nada')).toThrow('is not JSON');
    expect(() => readServiceAccount(JSON.stringify({ type: 'service_account', client_email: 'a@b' }))).toThrow('no private_key');
    const broken = JSON.stringify({
      ...JSON.parse(google.serviceAccountJson()),
      private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n',
    });
    await expect(protocol.converse(chatbotTurn(settings({ jsonContent: broken }), 'Oi'), fetch)).rejects.toThrow('not a usable RSA key');
    expect(google.requests).toEqual([]);

    google.misbehave({ kind: 'malformed', body: '{"responseId":"x"}', contentType: 'application/json' });
    const error = await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChatbotProtocolError);
    expect(error).toMatchObject({ status: undefined });
    expect((error as Error).message).toBe('Dialogflow answered with a malformed body: no queryResult in the detectIntent answer');
  });

  it("stops at the engine's signal on a slow Dialogflow", async () => {
    await protocol.converse(chatbotTurn(settings(), 'Oi'), fetch);
    google.misbehave({ kind: 'slow', delayMs: 3_000 });
    const timeout = AbortSignal.timeout(150);
    const error = await protocol.converse(chatbotTurn(settings(), 'Oi', null, timeout), fetch).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ChatbotProtocolError);
    expect(timeout.aborted).toBe(true);
  });

  it('testSession asks the agent in a new session and says what it answered, or why it could not', async () => {
    const ok = await protocol.testSession(google.serviceAccountJson(), google.projectId, 'es', fetch);
    expect(ok).toEqual({ messages: [{ kind: 'text', body: `Entendi: ${TEST_SESSION_QUERY}` }], intent: 'Default Welcome Intent' });
    expect(google.detectIntentRequests[0]!.body).toEqual({ queryInput: { text: { text: TEST_SESSION_QUERY, languageCode: 'es' } } });
    await expect(protocol.testSession(google.serviceAccountJson({ foreignKey: true }), google.projectId, 'pt-BR', fetch)).rejects.toThrow(
      'Invalid JWT Signature.',
    );
    await expect(protocol.testSession('{}', google.projectId, 'pt-BR', fetch)).rejects.toThrow('no client_email');
  });
});
