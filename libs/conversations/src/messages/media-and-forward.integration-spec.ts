import { contactSchema, type EventEnvelope, messageSchema, messageSendRequested } from '@app/contracts';
import { FILE_STORAGE, type FileStorage } from '@app/platform';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';
import { z } from 'zod';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { InboxScenario } from '../testing/inbox-scenario';

const A = 1;
const B = 2;

describe('media sends and forwarding', () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin' });
  const api = () => request(t.http);
  type EnvelopeOfSend = EventEnvelope<{
    to: string;
    isForwarded: boolean;
    content: Record<string, unknown>;
    reference: { ticketId: number };
  }>;
  const commandsFor = (ticketId: number) =>
    t.events.filter(
      (e) => e.type === messageSendRequested.type && (e as EnvelopeOfSend).payload.reference?.ticketId === ticketId,
    ) as EnvelopeOfSend[];

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    await s.user({ id: 1, companyId: A, name: 'Admin', profile: 'admin' });
    await s.connection({ id: 10, companyId: A });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  /** A media as POST /whatsapp-media leaves it: in the shared storage under the company. */
  const stored = async (url: string, bytes: Buffer, type: string) => {
    await t.app.get<FileStorage>(FILE_STORAGE).put(url.replace('/api/whatsapp-media/', ''), bytes, type);
    return url;
  };
  const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
  const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
  const MP3 = Buffer.from([0xff, 0xfb, 0x90, 0xc4, 0, 0, 0, 0]);

  it("an uploaded media of the company goes out as a media command with its caption; another company's media is refused", async () => {
    await s.inbound(A, 10, anInboundText('5511933330001', 'Manda o catálogo'));
    const ticket = await s.ticketOf('5511933330001');
    const url = await stored(`/api/whatsapp-media/companies/${A}/whatsapp/uploads/abc-catalogo.pdf`, PDF, 'application/pdf');
    await stored(`/api/whatsapp-media/companies/${A}/x.jpg`, JPEG, 'image/jpeg');
    const sent = await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ body: 'Segue o catálogo', mediaUrl: url, mimetype: 'application/pdf', fileName: 'catalogo.pdf' })
      .expect(201);
    expectAnswer(messageSchema, sent);
    expect(sent.body).toMatchObject({ mediaType: 'application', mediaUrl: url, fileName: 'catalogo.pdf', body: 'Segue o catálogo' });
    const [command] = await waitFor(() => (commandsFor(ticket.id).length > 0 ? commandsFor(ticket.id) : undefined));
    expect(command!.payload.content).toMatchObject({ type: 'media', mediaType: 'document', mediaUrl: url, caption: 'Segue o catálogo' });

    const imageOnly = await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ mediaUrl: `/api/whatsapp-media/companies/${A}/x.jpg`, mimetype: 'image/jpeg' })
      .expect(201);
    expectAnswer(messageSchema, imageOnly);
    expect(imageOnly.body).toMatchObject({ mediaType: 'image', body: '' });
    const foreign = await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ mediaUrl: `/api/whatsapp-media/companies/${B}/x.jpg`, mimetype: 'image/jpeg' })
      .expect(400);
    expect(foreign.body.error).toBe('ERR_VALIDATION');
    const noType = await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ mediaUrl: `/api/whatsapp-media/companies/${A}/x.jpg` })
      .expect(400);
    expect(noType.body.fields).toEqual([{ path: 'mimetype', message: 'Required' }]);
  });

  it('multipart medias are stored under the company and each goes out as a media message, the text as the first caption', async () => {
    await s.inbound(A, 10, anInboundText('5511933330009', 'Manda foto'));
    const ticket = await s.ticketOf('5511933330009');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const sent = await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .field('body', 'Olha só')
      .field('fromMe', 'true')
      .attach('medias', png, { filename: 'minha foto.png', contentType: 'image/png' })
      .attach('medias', Buffer.from('%PDF-1.4'), { filename: 'doc.pdf', contentType: 'application/pdf' })
      .expect(201);
    expectAnswer(z.array(messageSchema), sent);
    expect(sent.body).toHaveLength(2);
    expect(sent.body[0]).toMatchObject({ mediaType: 'image', fileName: 'minha_foto.png', body: 'Olha só' });
    expect(sent.body[0].mediaUrl).toMatch(new RegExp(`^/api/whatsapp-media/companies/${A}/conversations/uploads/.+-minha_foto\\.png$`));
    expect(sent.body[1]).toMatchObject({ mediaType: 'application', fileName: 'doc.pdf', body: '' });
    const refused = await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .attach('medias', Buffer.from('MZ'), { filename: 'x.exe', contentType: 'application/x-msdownload' })
      .expect(400);
    expect(refused.body.error).toBe('ERR_VALIDATION');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const lying = await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .attach('medias', svg, { filename: 'foto.png', contentType: 'image/png' })
      .expect(400);
    expect(lying.body).toMatchObject({ error: 'ERR_VALIDATION', message: 'The file is declared image/png but its content is svg' });
    const accented = await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .attach('medias', png, { filename: 'ação.png', contentType: 'image/png' })
      .attach('medias', Buffer.from('%PDF-1.4'), { filename: 'relatório ação.pdf', contentType: 'application/pdf' })
      .attach('medias', png, { filename: 'фото.png', contentType: 'image/png' })
      .expect(201);
    expect(expectAnswer(z.array(messageSchema), accented).map((m) => m.fileName)).toEqual(['ação.png', 'relatório_ação.pdf', 'фото.png']);
    for (const message of expectAnswer(z.array(messageSchema), accented)) expect(message.mediaUrl).toMatch(/^[\x21-\x7e]+$/);
    await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${outsider()}`)
      .attach('medias', png, { filename: 'a.png', contentType: 'image/png' })
      .expect(404);
  });

  it('mediaUrl is a reference to a stored media of the company, never a path: traversal and missing files are refused', async () => {
    await s.inbound(A, 10, anInboundText('5511933330010', 'Oi'));
    const ticket = await s.ticketOf('5511933330010');
    await stored(`/api/whatsapp-media/companies/${B}/whatsapp/uploads/segredo.pdf`, PDF, 'application/pdf');
    for (const mediaUrl of [
      `/api/whatsapp-media/companies/${A}/../${B}/whatsapp/uploads/segredo.pdf`,
      `/api/whatsapp-media/companies/${A}/whatsapp/../../${B}/whatsapp/uploads/segredo.pdf`,
      `/api/whatsapp-media/companies/${A}/%2e%2e/${B}/whatsapp/uploads/segredo.pdf`,
      `/api/whatsapp-media/companies/${A}/whatsapp/uploads/does-not-exist.pdf`,
      `https://evil.example/api/whatsapp-media/companies/${A}/x.jpg`,
    ]) {
      const refused = await api()
        .post(`/api/messages/${ticket.id}`)
        .set('Authorization', `Bearer ${admin()}`)
        .send({ mediaUrl, mimetype: 'application/pdf' })
        .expect(400);
      expect(refused.body.fields).toEqual([{ path: 'mediaUrl', message: 'mídia inválida' }]);
    }
    expect(commandsFor(ticket.id)).toHaveLength(0);
  });

  it('a media sent by reference goes out under the type it was stored with, whatever the body claims', async () => {
    await s.inbound(A, 10, anInboundText('5511933330011', 'Oi'));
    const ticket = await s.ticketOf('5511933330011');
    const url = await stored(`/api/whatsapp-media/companies/${A}/whatsapp/uploads/u-nota.pdf`, PDF, 'application/pdf');
    const sent = await api()
      .post(`/api/messages/${ticket.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ mediaUrl: url, mimetype: 'image/png' })
      .expect(201);
    expectAnswer(messageSchema, sent);
    expect(sent.body).toMatchObject({ mediaType: 'application' });
    const [command] = await waitFor(() => (commandsFor(ticket.id).length > 0 ? commandsFor(ticket.id) : undefined));
    expect(command!.payload.content).toMatchObject({ type: 'media', mediaType: 'document', mimetype: 'application/pdf' });
  });

  it('a message forwarded to another contact opens a ticket for the caller and goes out signed and marked forwarded', async () => {
    await s.inbound(A, 10, anInboundText('5511933330002', 'Endereço: Rua A, 10'));
    const source = await s.ticketOf('5511933330002');
    const [message] = await t.dataSource.query(`SELECT id FROM conversations.messages WHERE ticket_id = $1`, [source.id]);
    const contact = await api()
      .post('/api/contacts')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ name: 'Entregador', number: '5511933330003' })
      .expect(201);
    expectAnswer(contactSchema, contact);

    const forwarded = await api()
      .post('/api/message/forward')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ messageId: message.id, contactId: contact.body.id })
      .expect(201);
    expectAnswer(messageSchema, forwarded);
    expect(forwarded.body).toMatchObject({ body: '*Admin:*\nEndereço: Rua A, 10', isForwarded: true, fromMe: true });
    const target = await s.ticketOf('5511933330003');
    expect(target).toMatchObject({ status: 'open', user_id: 1 });
    const [command] = await waitFor(() => (commandsFor(target.id).length > 0 ? commandsFor(target.id) : undefined));
    expect(command!.payload).toMatchObject({ to: '5511933330003', isForwarded: true });

    const unsigned = await api()
      .post('/api/message/forward')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ messageId: message.id, contactId: contact.body.id, signMessage: false })
      .expect(201);
    expect(expectAnswer(messageSchema, unsigned).body).toBe('Endereço: Rua A, 10');
    expect((await s.ticketOf('5511933330003')).id).toBe(target.id);

    await api()
      .post('/api/message/forward')
      .set('Authorization', `Bearer ${outsider()}`)
      .send({ messageId: message.id, contactId: contact.body.id })
      .expect(404);
  });

  it('a forwarded media goes out as the same media (signed caption, no signature on a media without caption); an MP3 voice note goes out as audio', async () => {
    const photoUrl = `/api/whatsapp-media/companies/${A}/whatsapp/inbound/foto-1.jpg`;
    const noteUrl = await stored(`/api/whatsapp-media/companies/${A}/conversations/uploads/abc-audio_1.mp3`, MP3, 'audio/mpeg');
    await s.inbound(
      A,
      10,
      anInboundText('5511933330004', 'Foto do produto', {
        kind: 'image',
        mediaType: 'image',
        media: { url: photoUrl, mimetype: 'image/jpeg', fileName: 'foto-1.jpg', size: 2048 },
      }),
    );
    const source = await s.ticketOf('5511933330004');
    const note = await api()
      .post(`/api/messages/${source.id}`)
      .set('Authorization', `Bearer ${admin()}`)
      .send({ mediaUrl: noteUrl, mimetype: 'audio/mpeg', fileName: 'audio_1.mp3' })
      .expect(201);
    expectAnswer(messageSchema, note);
    expect(note.body).toMatchObject({ mediaType: 'audio', mediaUrl: noteUrl, body: '' });
    const [photo] = await t.dataSource.query(`SELECT id FROM conversations.messages WHERE ticket_id = $1 AND media_type = 'image'`, [
      source.id,
    ]);
    const contact = await api()
      .post('/api/contacts')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ name: 'Fornecedor', number: '5511933330005' })
      .expect(201);
    expectAnswer(contactSchema, contact);

    const forwardedPhoto = await api()
      .post('/api/message/forward')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ messageId: photo.id, contactId: contact.body.id, signMessage: true })
      .expect(201);
    expectAnswer(messageSchema, forwardedPhoto);
    expect(forwardedPhoto.body).toMatchObject({
      mediaType: 'image',
      mediaUrl: photoUrl,
      body: '*Admin:*\nFoto do produto',
      isForwarded: true,
    });
    const forwardedNote = await api()
      .post('/api/message/forward')
      .set('Authorization', `Bearer ${admin()}`)
      .send({ messageId: note.body.id, contactId: contact.body.id, signMessage: true })
      .expect(201);
    expectAnswer(messageSchema, forwardedNote);
    expect(forwardedNote.body).toMatchObject({ mediaType: 'audio', mediaUrl: noteUrl, body: '', isForwarded: true });

    const target = await s.ticketOf('5511933330005');
    const commands = await waitFor(() => (commandsFor(target.id).length === 2 ? commandsFor(target.id) : undefined));
    expect(commands.map((command) => command.payload.content)).toEqual([
      expect.objectContaining({
        type: 'media',
        mediaType: 'image',
        mediaUrl: photoUrl,
        mimetype: 'image/jpeg',
        caption: '*Admin:*\nFoto do produto',
      }),
      expect.objectContaining({ type: 'media', mediaType: 'audio', mediaUrl: noteUrl, mimetype: 'audio/mpeg', caption: '' }),
    ]);
    expect(commands.every((command) => command.payload.isForwarded)).toBe(true);
  });
});
