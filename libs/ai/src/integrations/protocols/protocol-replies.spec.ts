import { mediaTypeOf, numberedChoices, retryAfterSeconds, textWithMedia, withHandoff } from './protocol-replies';

/** How the HTTP protocols read refusals and turn a bot's text into WhatsApp messages. */
describe('protocol replies', () => {
  it('reads Retry-After as seconds or as an HTTP date, and nothing from an unreadable one', () => {
    expect(retryAfterSeconds('20')).toBe(20);
    expect(retryAfterSeconds('1.2')).toBe(2);
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(retryAfterSeconds(inAMinute)).toBeGreaterThanOrEqual(59);
    expect(retryAfterSeconds(inAMinute)).toBeLessThanOrEqual(60);
    expect(retryAfterSeconds(new Date(Date.now() - 60_000).toUTCString())).toBe(0);
    expect(retryAfterSeconds('logo')).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
  });

  it('tells media types by MIME type or file extension, and nothing for a page', () => {
    expect(mediaTypeOf('audio/ogg; codecs=opus')).toBe('audio');
    expect(mediaTypeOf('application/pdf')).toBe('document');
    expect(mediaTypeOf('https://cdn.example.com/v/clip.MP4?sig=1')).toBe('video');
    expect(mediaTypeOf('recibo.pdf')).toBe('document');
    expect(mediaTypeOf('https://example.com/sobre')).toBeUndefined();
  });

  it('keeps plain links to pages as text and ignores images that are not http(s)', () => {
    expect(textWithMedia('Veja [nosso site](https://example.com/sobre) e ![x](javascript:alert(1))')).toEqual([
      { kind: 'text', body: 'Veja [nosso site](https://example.com/sobre) e ![x](javascript:alert(1))' },
    ]);
    expect(textWithMedia('   \n\n ')).toEqual([]);
    expect(textWithMedia('![](https://cdn.example.com/a)')).toEqual([
      { kind: 'media', url: 'https://cdn.example.com/a', mediaType: 'image' },
    ]);
  });

  it('numbers choices under their title', () => {
    expect(numberedChoices('Escolha:', ['Sim', 'Não'])).toEqual({ kind: 'text', body: 'Escolha:\n\n1 - Sim\n2 - Não' });
    expect(numberedChoices(undefined, ['Sim'])).toEqual({ kind: 'text', body: '1 - Sim' });
  });

  it('takes only a whole-message Whaticket order with a positive queue id as a transfer; anything else is text', () => {
    const text = (body: string) => ({ kind: 'text' as const, body });
    expect(withHandoff([text('Transferindo'), text(' #{"queueId":4} ')], null)).toEqual({
      messages: [text('Transferindo')],
      session: null,
      handoff: { queueId: 4 },
    });
    for (const body of ['use #{"queueId":4} para', '#{"queueId":0}', '#{"queueId":"x"}', '#{queueId:4}']) {
      expect(withHandoff([text(body)], { a: 1 })).toEqual({ messages: [text(body)], session: { a: 1 } });
    }
    expect(withHandoff([text('#{"queueId":4,"userId":-1}')], null).handoff).toEqual({ queueId: 4 });
  });
});
