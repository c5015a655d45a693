import { normaliseCloudMessage, type NormaliseContext } from './cloud-normalise';
import { cloudInboundMessageSchema } from './cloud-webhook.schema';
import { TokenBuckets } from './token-buckets';

const context = (overrides: Partial<NormaliseContext> = {}): NormaliseContext => ({
  pushNames: new Map([['5511987654321', 'Joana']]),
  ownIds: new Map([['wamid.nosso', '3EB0AAAA']]),
  loadMedia: async (id) => Buffer.from(`bytes of ${id}`),
  ...overrides,
});
const message = (fields: Record<string, unknown>) =>
  cloudInboundMessageSchema.parse({ from: '5511987654321', id: 'wamid.x', timestamp: '1764288000', ...fields });

describe('a Cloud API message in the shape every provider files', () => {
  it('a voice note is audio with ptt, its bytes fetched only when asked, named by its type', async () => {
    const asked: string[] = [];
    const normalised = normaliseCloudMessage(
      message({ type: 'audio', audio: { id: 'm1', mime_type: 'audio/ogg; codecs=opus', voice: true } }),
      context({
        loadMedia: async (id) => (asked.push(id), Buffer.from('ogg')),
      }),
    );
    expect(normalised).toMatchObject({ kind: 'audio', ptt: true, chat: { number: '5511987654321', pushName: 'Joana' } });
    expect(normalised.media).toMatchObject({ mimetype: 'audio/ogg', fileName: 'm1.ogg' });
    expect(asked).toEqual([]);
    expect((await normalised.media!.load()).toString()).toBe('ogg');
    expect(asked).toEqual(['m1']);
    expect(normalised.timestamp).toBe('2025-11-28T00:00:00.000Z');
  });

  it('a reaction on a message we sent names it by our id; a removed reaction is an empty emoji', () => {
    expect(
      normaliseCloudMessage(message({ type: 'reaction', reaction: { message_id: 'wamid.nosso', emoji: '❤️' } }), context()).reaction,
    ).toEqual({
      targetId: '3EB0AAAA',
      emoji: '❤️',
    });
    expect(normaliseCloudMessage(message({ type: 'reaction', reaction: { message_id: 'wamid.deles' } }), context())).toMatchObject({
      kind: 'reaction',
      body: '',
      reaction: { targetId: 'wamid.deles', emoji: '' },
      quotedId: null,
    });
  });

  it('a reply to our message quotes our id, and a forwarded one says so', () => {
    const reply = normaliseCloudMessage(
      message({ type: 'text', text: { body: 'sim' }, context: { from: '5511400010000', id: 'wamid.nosso', forwarded: true } }),
      context(),
    );
    expect(reply).toMatchObject({ quotedId: '3EB0AAAA', isForwarded: true, body: 'sim' });
  });

  it('a type the platform does not know is filed as unsupported, not dropped', () => {
    expect(normaliseCloudMessage(message({ type: 'order', order: { catalog_id: '1' } }), context())).toMatchObject({
      kind: 'unsupported',
      body: '',
    });
  });
});

describe('token buckets', () => {
  it('let a burst up to the capacity through, then the refill rate', () => {
    const buckets = new TokenBuckets(3, 2);
    const at = 1_000_000;
    expect([1, 2, 3, 4].map(() => buckets.take('a', at))).toEqual([true, true, true, false]);
    expect(buckets.take('b', at)).toBe(true);
    expect(buckets.take('a', at + 499)).toBe(false);
    expect(buckets.take('a', at + 500)).toBe(true);
  });
});
