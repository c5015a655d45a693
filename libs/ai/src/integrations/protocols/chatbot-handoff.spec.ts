import { handoffOf, withHandoff } from './chatbot-handoff';
import { ChatbotProtocolError } from './chatbot-protocol';
import { replyOfBody, webhookSignature } from './webhook.protocol';

describe("reading a chatbot's answers", () => {
  it('takes the Whaticket transfer order out of the replies, with or without a user, spaces allowed; anything else is text', () => {
    expect(handoffOf('#{"queueId":3}')).toEqual({ queueId: 3 });
    expect(handoffOf(' #{ "queueId": "4", "userId": 9 } ')).toEqual({ queueId: 4, userId: 9 });
    expect(handoffOf('#{"queueId":0}')).toBeNull();
    expect(handoffOf('#{não é json}')).toBeNull();
    expect(handoffOf('Fila #{"queueId":3}')).toBeNull();
    expect(
      withHandoff({
        messages: [
          { kind: 'text', body: 'Um momento' },
          { kind: 'text', body: '#{"queueId":3,"userId":2}' },
        ],
        session: null,
      }),
    ).toEqual({ messages: [{ kind: 'text', body: 'Um momento' }], session: null, handoff: { queueId: 3, userId: 2 } });
  });

  it('reads a webhook answer: nothing, plain text, a string, a list, reply/text/output, n8n items, options as numbered text, media', () => {
    expect(replyOfBody('', '')).toEqual({ messages: [], session: null });
    expect(replyOfBody('text/plain', 'Olá!')).toEqual({ messages: [{ kind: 'text', body: 'Olá!' }], session: null });
    expect(replyOfBody('application/json', '"Oi"').messages).toEqual([{ kind: 'text', body: 'Oi' }]);
    expect(replyOfBody('application/json', '{"text":"a"}').messages).toEqual([{ kind: 'text', body: 'a' }]);
    expect(replyOfBody('application/json', '[{"output":"do n8n"}]').messages).toEqual([{ kind: 'text', body: 'do n8n' }]);
    expect(
      replyOfBody(
        'application/json; charset=utf-8',
        JSON.stringify({
          messages: [
            { text: 'Escolha', options: ['A', 'B'] },
            { type: 'image', url: 'https://x/y.png', caption: 'foto' },
          ],
        }),
      ).messages,
    ).toEqual([
      { kind: 'text', body: 'Escolha\n1 - A\n2 - B' },
      { kind: 'media', url: 'https://x/y.png', mediaType: 'image', caption: 'foto' },
    ]);
    expect(replyOfBody('application/json', '{"reply":"ok","session":{"s":1},"finished":true}')).toEqual({
      messages: [{ kind: 'text', body: 'ok' }],
      session: { s: 1 },
      finished: true,
    });
  });

  it('refuses JSON that does not parse or is not a reply', () => {
    expect(() => replyOfBody('application/json', '{"reply":')).toThrow(ChatbotProtocolError);
    expect(() => replyOfBody('application/json', '42')).toThrow(ChatbotProtocolError);
    expect(() => replyOfBody('application/json', '[42]')).toThrow(ChatbotProtocolError);
  });

  it('signs "<timestamp>.<body>" with HMAC-SHA256, hex, prefixed sha256=', () => {
    // echo -n '1700000000.{"a":1}' | openssl dgst -sha256 -hmac segredo
    expect(webhookSignature('segredo', '1700000000', '{"a":1}')).toBe(
      'sha256=41634607aa61528682a37f94a43a64ca2d3a6a30bc8f2fb88f8f754286d90e85',
    );
    expect(webhookSignature('segredo', '1700000000', '{"a":1}')).not.toBe(webhookSignature('segredo', '1700000001', '{"a":1}'));
  });
});
