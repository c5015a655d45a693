import { MEDIA_TYPE_BY_KIND, type MessageKind, parseVCard, type WaParty } from '@app/contracts';
import type { proto, WAMessage } from '@whiskeysockets/baileys';

import type { InboundMessage } from '../whatsapp-provider';
import { isBroadcastJid, isGroupJid, isLidJid, userOf } from './jids';

/** proto values used here (numbers, so this file needs Baileys' types only, not its runtime). */
const PROTOCOL_REVOKE = 0;
const PROTOCOL_MESSAGE_EDIT = 14;
const STUB_REVOKE = 1;
const STUB_CIPHERTEXT = 2;

export type NormalisedUpsert =
  | { type: 'message'; message: InboundMessage }
  | { type: 'edit'; messageId: string; body: string; fromMe: boolean }
  | { type: 'delete'; messageId: string; fromMe: boolean }
  | { type: 'skip'; reason: string };

export interface NormaliseDeps {
  /** The phone number (digits) behind a LID, when known. */
  phoneForLid(lid: string): Promise<string | null>;
  /** Downloads and decrypts a media message. */
  download(message: WAMessage): Promise<Buffer>;
}

/** Peels the wrappers WhatsApp puts around content (disappearing, view-once, document with caption). */
export function unwrap(message: proto.IMessage | null | undefined): proto.IMessage | null {
  let current = message ?? null;
  for (let depth = 0; current && depth < 5; depth++) {
    const inner =
      current.ephemeralMessage?.message ??
      current.viewOnceMessage?.message ??
      current.viewOnceMessageV2?.message ??
      current.viewOnceMessageV2Extension?.message ??
      current.documentWithCaptionMessage?.message ??
      null;
    if (!inner) break;
    current = inner;
  }
  return current;
}

async function party(jid: string, alt: string | null | undefined, pushName: string | null, deps: NormaliseDeps): Promise<WaParty> {
  if (isGroupJid(jid)) return { number: userOf(jid), lid: null, pushName: null };
  if (isLidJid(jid)) {
    const lid = userOf(jid);
    const number = alt && !isLidJid(alt) ? userOf(alt) : await deps.phoneForLid(lid);
    return { number, lid, pushName };
  }
  const lid = alt && isLidJid(alt) ? userOf(alt) : null;
  return { number: userOf(jid), lid, pushName };
}

const contextOf = (content: proto.IMessage): proto.IContextInfo | null | undefined =>
  content.extendedTextMessage?.contextInfo ??
  content.imageMessage?.contextInfo ??
  content.videoMessage?.contextInfo ??
  content.audioMessage?.contextInfo ??
  content.documentMessage?.contextInfo ??
  content.stickerMessage?.contextInfo ??
  content.locationMessage?.contextInfo ??
  content.contactMessage?.contextInfo ??
  content.contactsArrayMessage?.contextInfo;

const EXTENSION: Record<string, string> = { image: 'jpg', video: 'mp4', audio: 'ogg', sticker: 'webp', document: 'bin' };

/** One WAMessage of `messages.upsert` (notify or append) in the platform's one shape. */
export async function normaliseUpsert(raw: WAMessage, deps: NormaliseDeps): Promise<NormalisedUpsert> {
  const { key } = raw;
  const remoteJid = key.remoteJid ?? '';
  if (!key.id || !remoteJid) return { type: 'skip', reason: 'no id' };
  if (isBroadcastJid(remoteJid)) return { type: 'skip', reason: 'status or broadcast' };
  const fromMe = !!key.fromMe;
  if (raw.messageStubType === STUB_REVOKE) return { type: 'delete', messageId: key.id, fromMe };
  const content = unwrap(raw.message);
  if (!content) {
    // Decryption failed; the real content may come later under the same id, so nothing is recorded.
    if (raw.messageStubType === STUB_CIPHERTEXT) return { type: 'skip', reason: 'ciphertext' };
    return { type: 'skip', reason: 'no content' };
  }

  const protocol = content.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (protocol.type === PROTOCOL_REVOKE && target) return { type: 'delete', messageId: target, fromMe: !!protocol.key?.fromMe || fromMe };
    if (protocol.type === PROTOCOL_MESSAGE_EDIT && target) {
      const edited = unwrap(protocol.editedMessage);
      return { type: 'edit', messageId: target, body: textOf(edited), fromMe };
    }
    return { type: 'skip', reason: `protocol message ${protocol.type}` };
  }
  if (content.editedMessage?.message) {
    const edited = unwrap(content.editedMessage.message);
    const inner = edited?.protocolMessage;
    if (inner?.key?.id) return { type: 'edit', messageId: inner.key.id, body: textOf(unwrap(inner.editedMessage)), fromMe };
  }

  const isGroup = isGroupJid(remoteJid);
  const keyAlt = key as proto.IMessageKey & { remoteJidAlt?: string; participantAlt?: string };
  const pushName = raw.pushName ?? null;
  const chat = await party(remoteJid, keyAlt.remoteJidAlt, isGroup ? null : fromMe ? null : pushName, deps);
  const sender = isGroup
    ? await party(key.participant ?? remoteJid, keyAlt.participantAlt, pushName, deps)
    : fromMe
      ? { number: null, lid: null, pushName: null }
      : chat;

  const described = describe(content);
  if (!described) return { type: 'skip', reason: 'no supported content' };
  const context = contextOf(content);
  const media = described.media
    ? {
        mimetype: described.media.mimetype,
        fileName: described.media.fileName || `${key.id}.${EXTENSION[described.kind] ?? 'bin'}`,
        load: () => deps.download(raw),
      }
    : null;
  const timestampSeconds = Number(raw.messageTimestamp ?? 0);
  return {
    type: 'message',
    message: {
      id: key.id,
      fromMe,
      isGroup,
      chat,
      sender,
      kind: described.kind,
      mediaType: MEDIA_TYPE_BY_KIND[described.kind],
      body: described.body,
      media,
      ptt: described.ptt ?? false,
      location: described.location ?? null,
      vcards: described.vcards ?? [],
      reaction: described.reaction ?? null,
      quotedId: context?.stanzaId ?? null,
      isForwarded: !!context?.isForwarded,
      ack: Math.max(0, Math.min(5, raw.status ?? 0)),
      timestamp: new Date(timestampSeconds > 0 ? timestampSeconds * 1000 : Date.now()).toISOString(),
    },
  };
}

interface Described {
  kind: MessageKind;
  body: string;
  media?: { mimetype: string; fileName: string };
  ptt?: boolean;
  location?: InboundMessage['location'];
  vcards?: InboundMessage['vcards'];
  reaction?: InboundMessage['reaction'];
}

export function textOf(content: proto.IMessage | null | undefined): string {
  return (
    content?.conversation ??
    content?.extendedTextMessage?.text ??
    content?.imageMessage?.caption ??
    content?.videoMessage?.caption ??
    content?.documentMessage?.caption ??
    ''
  );
}

function describe(content: proto.IMessage): Described | null {
  if (content.conversation != null || content.extendedTextMessage) return { kind: 'text', body: textOf(content) };
  if (content.imageMessage) {
    return {
      kind: 'image',
      body: content.imageMessage.caption ?? '',
      media: { mimetype: content.imageMessage.mimetype ?? 'image/jpeg', fileName: '' },
    };
  }
  if (content.videoMessage) {
    return {
      kind: 'video',
      body: content.videoMessage.caption ?? '',
      media: { mimetype: content.videoMessage.mimetype ?? 'video/mp4', fileName: '' },
    };
  }
  if (content.audioMessage) {
    return {
      kind: 'audio',
      body: '',
      ptt: !!content.audioMessage.ptt,
      media: { mimetype: content.audioMessage.mimetype ?? 'audio/ogg', fileName: '' },
    };
  }
  if (content.documentMessage) {
    const document = content.documentMessage;
    return {
      kind: 'document',
      body: document.caption ?? document.fileName ?? '',
      media: { mimetype: document.mimetype ?? 'application/octet-stream', fileName: document.fileName ?? '' },
    };
  }
  if (content.stickerMessage)
    return { kind: 'sticker', body: '', media: { mimetype: content.stickerMessage.mimetype ?? 'image/webp', fileName: '' } };
  const location = content.locationMessage ?? content.liveLocationMessage;
  if (location) {
    const latitude = location.degreesLatitude ?? 0;
    const longitude = location.degreesLongitude ?? 0;
    const name = 'name' in location ? (location.name ?? null) : null;
    const address = 'address' in location ? (location.address ?? null) : null;
    const thumbnail = location.jpegThumbnail ? `data:image/jpeg;base64,${Buffer.from(location.jpegThumbnail).toString('base64')}` : '';
    const description = [name, address].filter(Boolean).join('\n');
    return {
      kind: 'location',
      body: `${thumbnail}|https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17|${description}`,
      location: { latitude, longitude, name, address },
    };
  }
  if (content.contactMessage) {
    const card = contactCard(content.contactMessage.displayName, content.contactMessage.vcard);
    return { kind: 'vcard', body: card.vcard, vcards: [card] };
  }
  if (content.contactsArrayMessage) {
    const cards = (content.contactsArrayMessage.contacts ?? []).map((c) => contactCard(c.displayName, c.vcard));
    return { kind: 'vcard', body: cards.map((c) => c.vcard).join('\n'), vcards: cards };
  }
  if (content.reactionMessage?.key?.id) {
    const text = content.reactionMessage.text ?? '';
    return { kind: 'reaction', body: text, reaction: { targetId: content.reactionMessage.key.id, emoji: text } };
  }
  // Key distribution alone (first message in a group) carries nothing to show.
  const keys = Object.keys(content).filter((k) => k !== 'messageContextInfo' && k !== 'senderKeyDistributionMessage');
  if (keys.length === 0) return null;
  return { kind: 'unsupported', body: '' };
}

/** A WhatsApp call offer as a call_log message (the spec shows missed calls in the chat). */
export async function normaliseCall(
  call: { id: string; from: string; chatId: string; isVideo?: boolean; isGroup?: boolean; date: Date; status: string },
  deps: NormaliseDeps,
): Promise<InboundMessage | null> {
  if (call.status !== 'offer') return null;
  const caller = await party(call.from, null, null, deps);
  return {
    id: `call-${call.id}`,
    fromMe: false,
    isGroup: !!call.isGroup,
    chat: caller,
    sender: caller,
    kind: 'call_log',
    mediaType: MEDIA_TYPE_BY_KIND.call_log,
    body: call.isVideo ? 'Chamada de vídeo recebida' : 'Chamada de voz recebida',
    media: null,
    ptt: false,
    location: null,
    vcards: [],
    reaction: null,
    quotedId: null,
    isForwarded: false,
    ack: 0,
    timestamp: new Date(call.date).toISOString(),
  };
}

/** A shared contact as WhatsApp sends it; the name from the card itself (FN, or N) when the message has none. */
function contactCard(displayName: string | null | undefined, vcard: string | null | undefined): { displayName: string; vcard: string } {
  const text = vcard ?? '';
  return { displayName: displayName || (text ? (parseVCard(text)?.name ?? '') : ''), vcard: text };
}
