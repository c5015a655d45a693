import { MEDIA_TYPE_BY_KIND, type MessageKind } from '@app/contracts';

import type { InboundMessage } from '../../whatsapp-provider';
import type { CloudInboundMessage } from './cloud-webhook.schema';

const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'sticker'] as const;
type MediaKind = (typeof MEDIA_KINDS)[number];

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'application/pdf': 'pdf',
};

export interface NormaliseContext {
  /** The profile name Meta gives each sender (the `contacts` of the change). */
  pushNames: Map<string, string>;
  /** Our ids of messages Meta names by wamid (replies to and reactions on what we sent). */
  ownIds: Map<string, string>;
  /** Fetches a received media's bytes through the Graph media endpoint. */
  loadMedia(mediaId: string): Promise<Buffer>;
}

/** A contact card Meta describes field by field, as the vCard the inbox reads. */
function vcardOf(contact: NonNullable<CloudInboundMessage['contacts']>[number]): { displayName: string; vcard: string } {
  const name = contact.name?.formatted_name ?? contact.name?.first_name ?? '';
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`];
  for (const phone of contact.phones ?? []) {
    if (!phone.phone && !phone.wa_id) continue;
    lines.push(phone.wa_id ? `TEL;type=${phone.type ?? 'CELL'};waid=${phone.wa_id}:${phone.phone ?? phone.wa_id}` : `TEL:${phone.phone}`);
  }
  lines.push('END:VCARD');
  return { displayName: name, vcard: lines.join('\n') };
}

/** One message of a Cloud API webhook in the shape every provider files. */
export function normaliseCloudMessage(message: CloudInboundMessage, context: NormaliseContext): InboundMessage {
  const sender = { number: message.from, lid: null, pushName: context.pushNames.get(message.from) ?? null };
  const mediaKind = MEDIA_KINDS.find((kind) => message.type === kind && message[kind]) as MediaKind | undefined;
  const media = mediaKind ? message[mediaKind]! : null;
  const vcards = message.type === 'contacts' ? (message.contacts ?? []).map(vcardOf) : [];
  const location = message.type === 'location' && message.location ? message.location : null;
  const reaction = message.type === 'reaction' && message.reaction ? message.reaction : null;
  const kind: MessageKind = mediaKind
    ? mediaKind
    : location
      ? 'location'
      : vcards.length
        ? 'vcard'
        : reaction
          ? 'reaction'
          : ['text', 'interactive', 'button'].includes(message.type)
            ? 'text'
            : 'unsupported';
  const own = (wamid: string | undefined) => (wamid ? (context.ownIds.get(wamid) ?? wamid) : null);
  const mimetype = media?.mime_type?.split(';')[0]?.trim() || 'application/octet-stream';
  return {
    id: message.id,
    fromMe: false,
    isGroup: false,
    chat: sender,
    sender,
    kind,
    mediaType: MEDIA_TYPE_BY_KIND[kind],
    body: bodyOf(message, { location, vcards, reaction, caption: media?.caption }),
    media: media
      ? {
          mimetype,
          fileName: media.filename ?? `${media.id}.${EXTENSIONS[mimetype] ?? 'bin'}`,
          load: () => context.loadMedia(media.id),
        }
      : null,
    ptt: mediaKind === 'audio' && media?.voice === true,
    location: location
      ? { latitude: location.latitude, longitude: location.longitude, name: location.name ?? null, address: location.address ?? null }
      : null,
    vcards,
    reaction: reaction ? { targetId: own(reaction.message_id)!, emoji: reaction.emoji ?? '' } : null,
    quotedId: message.type === 'reaction' ? null : own(message.context?.id),
    isForwarded: !!(message.context?.forwarded || message.context?.frequently_forwarded),
    ack: 2,
    timestamp: new Date(Number(message.timestamp) * 1000).toISOString(),
  };
}

function bodyOf(
  message: CloudInboundMessage,
  parts: {
    location: CloudInboundMessage['location'] | null;
    vcards: { vcard: string }[];
    reaction: CloudInboundMessage['reaction'] | null;
    caption: string | undefined;
  },
): string {
  if (parts.location) {
    const { latitude, longitude, name, address } = parts.location;
    return `|https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17|${[name, address].filter(Boolean).join(' ')}`;
  }
  if (parts.vcards.length) return parts.vcards[0]!.vcard;
  if (parts.reaction) return parts.reaction.emoji ?? '';
  if (message.text) return message.text.body;
  // A tap on a reply button or a list row answers with what the customer saw.
  if (message.interactive) return message.interactive.button_reply?.title ?? message.interactive.list_reply?.title ?? '';
  if (message.button) return message.button.text;
  return parts.caption ?? '';
}
