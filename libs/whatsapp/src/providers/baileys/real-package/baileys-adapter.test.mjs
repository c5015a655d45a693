// The Baileys adapter driven without network: synthetic events built with Baileys' own proto types.
// Run by baileys-adapter.spec.ts (jest) through `node --test`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { baileys, Boom, fakeSocketFactory, memoryAuth, recordingListener, require, waitUntil } from './fixtures.mjs';

const { proto } = baileys;
const { normaliseUpsert } = require('../baileys-normalise.ts');
const { BaileysSession, buildContent } = require('../baileys.provider.ts');

const noDownload = { phoneForLid: async () => null, download: async () => Buffer.from('bytes') };
const CHAT = '5511988887777@s.whatsapp.net';

/** A received WAMessage as Baileys hands it over, built with the package's own proto type. */
const received = (message, extra = {}) =>
  proto.WebMessageInfo.fromObject({
    key: { remoteJid: CHAT, fromMe: false, id: `ID${Math.random().toString(16).slice(2, 12).toUpperCase()}`, ...(extra.key ?? {}) },
    message,
    messageTimestamp: 1_763_700_000,
    pushName: 'Maria',
    ...extra,
    ...(extra.key ? { key: { remoteJid: CHAT, fromMe: false, id: 'IDX', ...extra.key } } : {}),
  });

async function normalised(message, extra) {
  const result = await normaliseUpsert(received(message, extra), noDownload);
  return result;
}

describe('normalising every message kind (real proto objects)', () => {
  it('text, and extended text quoting a message and forwarded', async () => {
    const plain = await normalised({ conversation: 'Oi' });
    assert.equal(plain.type, 'message');
    assert.deepEqual(
      { kind: plain.message.kind, mediaType: plain.message.mediaType, body: plain.message.body, sender: plain.message.sender },
      { kind: 'text', mediaType: 'chat', body: 'Oi', sender: { number: '5511988887777', lid: null, pushName: 'Maria' } },
    );
    const reply = await normalised({ extendedTextMessage: { text: 'resposta', contextInfo: { stanzaId: 'QUOTED1', isForwarded: true } } });
    assert.equal(reply.message.quotedId, 'QUOTED1');
    assert.equal(reply.message.isForwarded, true);
  });

  it('image, video, voice note, document with caption and sticker carry their media lazily', async () => {
    const image = await normalised({ imageMessage: { mimetype: 'image/jpeg', caption: 'foto' } });
    assert.equal(image.message.kind, 'image');
    assert.equal(image.message.body, 'foto');
    assert.equal(image.message.media.mimetype, 'image/jpeg');
    assert.deepEqual(await image.message.media.load(), Buffer.from('bytes'));
    const video = await normalised({ videoMessage: { mimetype: 'video/mp4' } });
    assert.equal(video.message.mediaType, 'video');
    const ptt = await normalised({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } });
    assert.equal(ptt.message.kind, 'audio');
    assert.equal(ptt.message.ptt, true);
    const document = await normalised({
      documentWithCaptionMessage: {
        message: { documentMessage: { mimetype: 'application/pdf', fileName: 'nota fiscal.pdf', caption: 'segue' } },
      },
    });
    assert.equal(document.message.mediaType, 'application');
    assert.equal(document.message.media.fileName, 'nota fiscal.pdf');
    assert.equal(document.message.body, 'segue');
    const sticker = await normalised({ stickerMessage: { mimetype: 'image/webp' } });
    assert.equal(sticker.message.kind, 'sticker');
  });

  it("location becomes the spec's pipe-separated body; vcard keeps its card", async () => {
    const location = await normalised({
      locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Loja', address: 'Rua A' },
    });
    assert.equal(location.message.mediaType, 'locationMessage');
    assert.equal(location.message.body, '|https://maps.google.com/maps?q=-23.5%2C-46.6&z=17|Loja\nRua A');
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD';
    const card = await normalised({ contactMessage: { displayName: 'João', vcard } });
    assert.equal(card.message.mediaType, 'vcard');
    assert.deepEqual(card.message.vcards, [{ displayName: 'João', vcard }]);
  });

  it('a reaction names its target; edits and deletes become their own outcomes', async () => {
    const reaction = await normalised({ reactionMessage: { key: { remoteJid: CHAT, id: 'TARGET1', fromMe: true }, text: '👍' } });
    assert.deepEqual(reaction.message.reaction, { targetId: 'TARGET1', emoji: '👍' });
    assert.equal(reaction.message.mediaType, 'reactionMessage');
    const edit = await normalised({
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        key: { id: 'TARGET2' },
        editedMessage: { conversation: 'corrigido' },
      },
    });
    assert.deepEqual(edit, { type: 'edit', messageId: 'TARGET2', body: 'corrigido', fromMe: false });
    const revoke = await normalised({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'TARGET3' } } });
    assert.deepEqual(revoke, { type: 'delete', messageId: 'TARGET3', fromMe: false });
  });

  it('a decryption failure (CIPHERTEXT stub) is skipped, not recorded, so the real content can follow', async () => {
    const stub = proto.WebMessageInfo.fromObject({
      key: { remoteJid: CHAT, id: 'LATER1' },
      messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT,
    });
    assert.equal((await normaliseUpsert(stub, noDownload)).type, 'skip');
  });

  it('group messages are flagged, with the participant as sender; status broadcasts are ignored', async () => {
    const group = await normaliseUpsert(
      proto.WebMessageInfo.fromObject({
        key: { remoteJid: '120363000000@g.us', participant: '5511955554444@s.whatsapp.net', id: 'G1' },
        message: { conversation: 'oi grupo' },
        pushName: 'Ana',
      }),
      noDownload,
    );
    assert.equal(group.message.isGroup, true);
    assert.deepEqual(group.message.chat, { number: '120363000000', lid: null, pushName: null });
    assert.deepEqual(group.message.sender, { number: '5511955554444', lid: null, pushName: 'Ana' });
    const status = await normaliseUpsert(
      proto.WebMessageInfo.fromObject({ key: { remoteJid: 'status@broadcast', id: 'S1' }, message: { conversation: 'x' } }),
      noDownload,
    );
    assert.equal(status.type, 'skip');
  });

  it('a LID address is mapped to the phone number (from the key, or the stored mapping): one person, one contact', async () => {
    const withAlt = received({ conversation: 'oi' }, { key: { remoteJid: '99887766@lid', id: 'L1' } });
    // Baileys puts the phone-number form beside the LID on the decoded key (not a proto field).
    withAlt.key.remoteJidAlt = '5511933332222@s.whatsapp.net';
    const viaKey = await normaliseUpsert(withAlt, noDownload);
    assert.deepEqual(viaKey.message.chat, { number: '5511933332222', lid: '99887766', pushName: 'Maria' });
    const viaStore = await normaliseUpsert(received({ conversation: 'oi' }, { key: { remoteJid: '99887766@lid', id: 'L2' } }), {
      ...noDownload,
      phoneForLid: async (lid) => (lid === '99887766' ? '5511933332222' : null),
    });
    assert.equal(viaStore.message.chat.number, '5511933332222');
  });
});

function session(factory, auth = memoryAuth(), connectionId = 9) {
  const listener = recordingListener();
  const intents = { storedMessage: async () => null };
  const s = new BaileysSession(
    { connectionId, companyId: 1, proxyUrl: '', lease: { connectionId, owner: 'test', token: '1' }, auth, listener },
    {
      intents,
      auth,
      seen: async () => false,
      logger: { error() {}, warn() {}, log() {} },
      socketFactory: factory,
      loadLib: async () => baileys,
    },
  );
  return { session: s, listener, auth };
}

const close = (socket, statusCode) =>
  socket.ev.emit('connection.update', {
    connection: 'close',
    lastDisconnect: { error: new Boom('closed', { statusCode }), date: new Date() },
  });

describe('the session over a fake socket', () => {
  it('QR, then open: qrcode then CONNECTED with the number; creds are persisted on creds.update', async () => {
    const { factory, sockets } = fakeSocketFactory();
    const { session: s, listener, auth } = session(factory);
    await s.start();
    const [socket] = sockets;
    assert.equal(socket.options.auth.creds.registered, false);
    socket.ev.emit('connection.update', { qr: '2@qr-content' });
    socket.ev.emit('creds.update', { me: { id: '5511912345678:3@s.whatsapp.net' } });
    socket.options.auth.creds.me = { id: '5511912345678:3@s.whatsapp.net' };
    socket.ev.emit('connection.update', { connection: 'open' });
    await s.idle();
    assert.deepEqual(
      listener.calls.state.map((c) => c.status),
      ['OPENING', 'qrcode', 'CONNECTED'],
    );
    assert.equal(listener.calls.state[1].qrcode, '2@qr-content');
    assert.equal(listener.calls.state[2].number, '5511912345678');
    assert.ok(auth.creds.get(9), 'creds stored');
    assert.equal(s.connected, true);
  });

  it('messages of an append (offline backlog) are processed like notify ones; acks come from updates and receipts', async () => {
    const { factory, sockets } = fakeSocketFactory();
    const { session: s, listener } = session(factory);
    await s.start();
    const [socket] = sockets;
    socket.ev.emit('messages.upsert', {
      type: 'append',
      messages: [received({ conversation: 'enquanto offline' }, { key: { id: 'OFF1' } })],
    });
    socket.ev.emit('messages.upsert', { type: 'notify', messages: [received({ conversation: 'agora' }, { key: { id: 'NOW1' } })] });
    socket.ev.emit('messages.update', [
      { key: { remoteJid: CHAT, id: 'SENT1', fromMe: true }, update: { status: proto.WebMessageInfo.Status.READ } },
    ]);
    socket.ev.emit('message-receipt.update', [
      { key: { remoteJid: '120363@g.us', id: 'SENT2', fromMe: true }, receipt: { userJid: CHAT, readTimestamp: 1 } },
    ]);
    socket.ev.emit('messages.update', [
      {
        key: { remoteJid: CHAT, id: 'OLD1', fromMe: false },
        update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE },
      },
    ]);
    socket.ev.emit('lid-mapping.update', { lid: '99887766@lid', pn: '5511933332222@s.whatsapp.net' });
    socket.ev.emit('presence.update', { id: CHAT, presences: { [CHAT]: { lastKnownPresence: 'composing' } } });
    await s.idle();
    assert.deepEqual(
      listener.calls.messages.map((m) => m.id),
      ['OFF1', 'NOW1'],
    );
    assert.deepEqual(listener.calls.acks, [
      ['SENT1', 4],
      ['SENT2', 4],
    ]);
    assert.deepEqual(listener.calls.deletes, [['OLD1', false]]);
    assert.deepEqual(listener.calls.contacts[0], { number: '5511933332222', lid: '99887766', name: null, pushName: null });
    assert.deepEqual(listener.calls.presence[0][1], 'composing');
    // A customer who writes is subscribed to once, so typing states come.
    assert.deepEqual(socket.presenceSubscriptions, [CHAT]);
  });

  it('515 after pairing reconnects at once with a new socket; 440 is never looped on', async () => {
    const { factory, sockets } = fakeSocketFactory();
    const { session: s, listener } = session(factory);
    await s.start();
    close(sockets[0], baileys.DisconnectReason.restartRequired);
    await waitUntil(() => sockets.length === 2);
    close(sockets[1], baileys.DisconnectReason.connectionReplaced);
    await s.idle();
    assert.deepEqual(listener.calls.fatal.length, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(sockets.length, 2);
  });

  it('logged out (401): the stored login is deleted and the connection goes DISCONNECTED, waiting for a new QR', async () => {
    const { factory, sockets } = fakeSocketFactory();
    const { session: s, listener, auth } = session(factory);
    await s.start();
    close(sockets[0], baileys.DisconnectReason.loggedOut);
    await s.idle();
    assert.equal(auth.cleared, 1);
    assert.equal(listener.calls.state.at(-1).status, 'DISCONNECTED');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(sockets.length, 1, 'no reconnect');
  });

  it('a timeout before pairing is an expired QR (TIMEOUT), not a reconnect loop', async () => {
    const { factory, sockets } = fakeSocketFactory();
    const { session: s, listener } = session(factory);
    await s.start();
    close(sockets[0], baileys.DisconnectReason.timedOut);
    await s.idle();
    assert.equal(listener.calls.state.at(-1).status, 'TIMEOUT');
    assert.equal(sockets.length, 1);
  });

  it('sends go out with the recorded message id; stop ends the socket', async () => {
    const { factory, sockets } = fakeSocketFactory();
    const { session: s } = session(factory);
    await s.start();
    sockets[0].ev.emit('connection.update', { connection: 'open' });
    await s.idle();
    await s.send({
      messageId: '3EB0ABC',
      to: '5511988887777',
      isGroup: false,
      content: { type: 'text', body: 'olá' },
      quotedId: 'Q1',
      isForwarded: false,
      loadMedia: async () => Buffer.alloc(0),
    });
    assert.equal(sockets[0].sent[0].jid, CHAT);
    assert.equal(sockets[0].sent[0].opts.messageId, '3EB0ABC');
    assert.equal(sockets[0].sent[0].opts.quoted.key.id, 'Q1');
    await s.stop();
    assert.equal(sockets[0].ended, true);
  });

  it('number checks ask onWhatsApp one number at a time and keep the jid WhatsApp answers with', async () => {
    const { factory, sockets } = fakeSocketFactory();
    const { session: s } = session(factory);
    await s.start();
    await assert.rejects(() => s.checkNumbers(['5511988887777']), /not connected/);
    sockets[0].ev.emit('connection.update', { connection: 'open' });
    await s.idle();
    sockets[0].known.set('5511988887777@s.whatsapp.net', '551188887777@s.whatsapp.net');
    const results = await s.checkNumbers(['5511988887777', '5511900000000', '12-34']);
    assert.deepEqual(results, [
      { number: '5511988887777', exists: true, jid: '551188887777@s.whatsapp.net' },
      { number: '5511900000000', exists: false, jid: null },
      { number: '12-34', exists: false, jid: null },
    ]);
    assert.deepEqual(sockets[0].asked, [['5511988887777@s.whatsapp.net'], ['5511900000000@s.whatsapp.net']]);
  });
});

describe('send contents are valid for the real package', () => {
  const upload = async () => ({ mediaUrl: 'https://mmg.whatsapp.net/x', directPath: '/x' });
  const contents = [
    { type: 'text', body: 'oi' },
    {
      type: 'media',
      mediaType: 'image',
      mediaUrl: '/api/whatsapp-media/x',
      mimetype: 'image/png',
      fileName: 'a.png',
      caption: 'c',
      ptt: false,
    },
    {
      type: 'media',
      mediaType: 'audio',
      mediaUrl: '/api/whatsapp-media/x',
      mimetype: 'audio/ogg; codecs=opus',
      fileName: 'a.ogg',
      caption: '',
      ptt: true,
    },
    {
      type: 'media',
      mediaType: 'document',
      mediaUrl: '/api/whatsapp-media/x',
      mimetype: 'application/pdf',
      fileName: 'a.pdf',
      caption: '',
      ptt: false,
    },
    { type: 'location', latitude: -23.5, longitude: -46.6, name: 'Loja' },
    { type: 'vcard', displayName: 'João', vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:João\nEND:VCARD' },
    { type: 'reaction', targetId: 'T1', targetFromMe: false, emoji: '❤️' },
    { type: 'edit', targetId: 'T2', body: 'novo texto' },
    { type: 'delete', targetId: 'T3', targetFromMe: true },
  ];
  for (const content of contents) {
    it(`${content.type}${content.mediaType ? ` (${content.mediaType})` : ''} builds a message Baileys accepts`, async () => {
      const built = await buildContent(content, CHAT, async () => Buffer.from('%PDF-1.4 fake bytes'));
      const message = await baileys.generateWAMessageContent(built, { upload, logger: (await import('./fixtures.mjs')).silentLogger });
      assert.ok(Object.keys(proto.Message.toObject(proto.Message.fromObject(message))).length > 0);
    });
  }
});
