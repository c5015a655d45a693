import {
  type AiAuthor,
  aiGroupSummarised,
  aiMessageTranscribed,
  aiReplyRequested,
  messageListResponseSchema,
  messageSendRequested,
  messageUpdated,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { anInboundText } from '../testing/fixtures';
import { envelopeOf, InboxScenario } from '../testing/inbox-scenario';
import { AiRepliesConsumer } from './ai-replies.consumer';

const A = 1;
const B = 2;
const BIA: AiAuthor = { kind: 'agent', id: 9, name: 'Bia' };

/** What ai says of a ticket's audio, voice and group (issue 23), applied by conversations. */
describe("the AI's transcripts, voice notes and group summaries", () => {
  let t: ConversationsTestApp;
  let s: InboxScenario;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin' });
  const consumer = () => t.app.get(AiRepliesConsumer);
  const audioFrom = async (number: string) => {
    await s.inbound(
      A,
      10,
      anInboundText(number, '', {
        kind: 'audio',
        mediaType: 'audio',
        ptt: true,
        media: {
          url: `/api/whatsapp-media/companies/${A}/whatsapp/media/${number}.ogg`,
          mimetype: 'audio/ogg; codecs=opus',
          fileName: 'voz.ogg',
          size: 2048,
        },
      }),
    );
    const ticket = await s.ticketOf(number);
    const [message] = await t.dataSource.query(`SELECT id FROM conversations.messages WHERE ticket_id = $1 AND media_type = 'audio'`, [
      ticket.id,
    ]);
    return { ticket, messageId: message.id as number };
  };
  const chatOf = async (ticketId: number) =>
    expectAnswer(
      messageListResponseSchema,
      await request(t.http).get(`/api/messages/${ticketId}`).set('Authorization', `Bearer ${admin()}`).expect(200),
    ).messages;

  beforeAll(async () => {
    t = await startConversationsTestApp();
    s = new InboxScenario(t);
    const queueId = await s.queue(A, 'Padaria', '#ff0000');
    await s.connection({ id: 10, companyId: A, queueIds: [queueId] });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("an audio's transcript is shown under it in the chat and announced as the message's update, once", async () => {
    const { ticket, messageId } = await audioFrom('5511970000101');
    const transcribed = envelopeOf(aiMessageTranscribed, A, `ticket-${ticket.id}`, {
      messageId,
      ticketId: ticket.id,
      transcript: 'Quero dois pães de queijo',
    });
    await consumer().handle(transcribed);
    await consumer().handle(transcribed);
    await t.published();
    const updates = t.events.flatMap((envelope) => readEvent(messageUpdated, envelope)?.message ?? []).filter((m) => m.id === messageId);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ mediaType: 'audio', transcript: 'Quero dois pães de queijo' });
    expect((await chatOf(ticket.id)).find((m) => m.id === messageId)?.transcript).toBe('Quero dois pães de queijo');
  });

  it("another company's transcript, or one naming a text message, changes nothing", async () => {
    const { ticket, messageId } = await audioFrom('5511970000102');
    await consumer().handle(
      envelopeOf(aiMessageTranscribed, B, `ticket-${ticket.id}`, { messageId, ticketId: ticket.id, transcript: 'de B' }),
    );
    await s.inbound(A, 10, anInboundText('5511970000102', 'um texto'));
    const [text] = await t.dataSource.query(`SELECT id FROM conversations.messages WHERE ticket_id = $1 AND media_type = 'chat'`, [
      ticket.id,
    ]);
    await consumer().handle(
      envelopeOf(aiMessageTranscribed, A, `ticket-${ticket.id}`, { messageId: text.id, ticketId: ticket.id, transcript: 'não' }),
    );
    await t.published();
    const rows = await t.dataSource.query(`SELECT transcript FROM conversations.messages WHERE ticket_id = $1`, [ticket.id]);
    expect(rows.map((row: { transcript: string | null }) => row.transcript)).toEqual([null, null]);
  });

  it("an answer with a voice note is sent as the text, then the audio as a voice note, both the assistant's", async () => {
    const ticket = (await audioFrom('5511970000103')).ticket;
    const voiceNote = {
      mediaUrl: `/api/whatsapp-media/companies/${A}/ai/voice-notes/abc-resposta.ogg`,
      mimetype: 'audio/ogg; codecs=opus',
      fileName: 'resposta.ogg',
    };
    await consumer().handle(
      envelopeOf(aiReplyRequested, A, `ticket-${ticket.id}`, { ticketId: ticket.id, body: 'Temos sim!', author: BIA, voiceNote }),
    );
    await t.published();
    const sends = t.events.flatMap((envelope) => {
      const send = readEvent(messageSendRequested, envelope);
      return send?.reference?.ticketId === ticket.id ? [send.content] : [];
    });
    expect(sends).toEqual([
      { type: 'text', body: 'Temos sim!' },
      expect.objectContaining({ type: 'media', mediaType: 'audio', mediaUrl: voiceNote.mediaUrl, mimetype: voiceNote.mimetype, ptt: true }),
    ]);
    const chat = await chatOf(ticket.id);
    expect(chat.slice(-2).map((m) => [m.mediaType, m.body, m.aiAuthor])).toEqual([
      ['chat', 'Temos sim!', BIA],
      ['audio', '', BIA],
    ]);
  });

  it("a group's summary is posted to the group's ticket; not to a ticket that is not a group's", async () => {
    await s.inbound(
      A,
      10,
      anInboundText('120363000000000555', 'Bom dia, equipe', {
        isGroup: true,
        chat: { number: '120363000000000555', lid: null, pushName: 'Equipe' },
        sender: { number: '5511970000104', lid: null, pushName: 'Ana' },
      }),
    );
    const group = await s.ticketOf('120363000000000555');
    const single = (await audioFrom('5511970000105')).ticket;
    for (const ticket of [group, single]) {
      await consumer().handle(
        envelopeOf(aiGroupSummarised, A, `ticket-${ticket.id}`, {
          ticketId: ticket.id,
          contactId: 1,
          day: '2026-03-10',
          body: '📝 Resumo',
        }),
      );
    }
    await t.published();
    const sent = t.events.flatMap((envelope) => {
      const send = readEvent(messageSendRequested, envelope);
      return send && send.content.type === 'text' && send.content.body === '📝 Resumo' ? [send] : [];
    });
    expect(sent).toEqual([expect.objectContaining({ to: '120363000000000555', isGroup: true })]);
  });
});
