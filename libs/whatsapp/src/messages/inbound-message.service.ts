import {
  contactUpdated,
  MEDIA_TYPE_BY_KIND,
  messageAcked,
  messageDeleted,
  messageEdited,
  type MessageKind,
  messageReceived,
  type NormalisedMessage,
  presenceUpdated,
  type StoredMedia,
  type WaParty,
} from '@app/contracts';
import { isInlineType, OutboxWriter } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { MediaStore } from '../media/media-store';
import type { InboundMessage } from '../providers/whatsapp-provider';
import { InboundMessageRepository } from './inbound-message.repository';

/**
 * The event key of a chat's messages: they keep their order per chat, and different chats are
 * handled side by side (a connection-wide key made one busy number's inbox serial).
 */
export function chatKey(connectionId: number, chat: WaParty): string {
  return `${connectionId}:${chat.number ?? chat.lid ?? ''}`;
}

/**
 * Turns what a session receives into whatsapp.* events. A message id is taken once per connection
 * (a database constraint), so replays after a reconnect and redeliveries yield one event; acks only
 * ever move forward.
 */
@Injectable()
export class InboundMessageService {
  constructor(
    private readonly messages: InboundMessageRepository,
    private readonly outbox: OutboxWriter,
    private readonly media: MediaStore,
  ) {}

  alreadySeen(connectionId: number, messageId: string): Promise<boolean> {
    return this.messages.alreadySeen(connectionId, messageId);
  }

  /** Returns false when the message had been taken before (nothing is published again). */
  async receive(companyId: number, connectionId: number, inbound: InboundMessage): Promise<boolean> {
    return (await this.receiveAll(companyId, connectionId, [inbound])) === 1;
  }

  /**
   * Several messages of a connection, in their order, in one statement whatever their number (a burst
   * of them costs what one does). Returns how many were new.
   */
  async receiveAll(companyId: number, connectionId: number, inbound: InboundMessage[]): Promise<number> {
    const messages: NormalisedMessage[] = [];
    const ids = new Set<string>();
    for (const item of inbound) {
      // An id repeated within the burst is the same message: its first copy is the one taken.
      if (ids.has(item.id)) continue;
      ids.add(item.id);
      // Media is fetched and stored before the transaction, so a known message is not downloaded again;
      // a duplicate that races us only leaves a file. Without media the insert below is check enough.
      let media: StoredMedia | null = null;
      if (item.media) {
        if (await this.alreadySeen(connectionId, item.id)) continue;
        const bytes = await item.media.load();
        media = await this.media.storeReceived(companyId, connectionId, item.id, bytes, item.media.mimetype, item.media.fileName);
      }
      messages.push({ ...item, ...kindOfStored(item.kind, media), media });
    }
    if (messages.length === 0) return 0;
    // One statement takes the ids, records the acks and writes the events of the messages it took.
    const taken = await this.messages.takeAll(
      connectionId,
      messages,
      messages.map((message) => ({
        definition: messageReceived,
        companyId,
        key: chatKey(connectionId, message.chat),
        payload: { connectionId, message },
        gate: message.id,
      })),
    );
    return taken.size;
  }

  /** Publishes the ack only when it moves the message's state forward. */
  async ack(companyId: number, connectionId: number, messageId: string, ack: number): Promise<boolean> {
    return this.messages.transaction(async (manager) => {
      if (!(await this.messages.moveAck(manager, connectionId, messageId, ack))) return false;
      await this.outbox.add(manager, { definition: messageAcked, companyId, key: connectionId, payload: { connectionId, messageId, ack } });
      return true;
    });
  }

  async edit(companyId: number, connectionId: number, messageId: string, body: string, fromMe: boolean): Promise<void> {
    await this.messages.transaction((manager) =>
      this.outbox.add(manager, {
        definition: messageEdited,
        companyId,
        key: connectionId,
        payload: { connectionId, messageId, body, fromMe },
      }),
    );
  }

  async delete(companyId: number, connectionId: number, messageId: string, fromMe: boolean): Promise<void> {
    await this.messages.transaction((manager) =>
      this.outbox.add(manager, { definition: messageDeleted, companyId, key: connectionId, payload: { connectionId, messageId, fromMe } }),
    );
  }

  async presence(
    companyId: number,
    connectionId: number,
    chat: WaParty,
    presence: 'available' | 'unavailable' | 'composing' | 'recording' | 'paused',
  ): Promise<void> {
    await this.messages.transaction((manager) =>
      this.outbox.add(manager, {
        definition: presenceUpdated,
        companyId,
        key: chatKey(connectionId, chat),
        payload: { connectionId, chat, presence },
      }),
    );
  }

  async contact(
    companyId: number,
    connectionId: number,
    contact: { number: string | null; lid: string | null; name: string | null; pushName: string | null },
  ): Promise<void> {
    await this.messages.transaction((manager) =>
      this.outbox.add(manager, { definition: contactUpdated, companyId, key: connectionId, payload: { connectionId, ...contact } }),
    );
  }
}

/**
 * An image, video or audio whose bytes are not of that kind (an "image" holding SVG or HTML) is
 * filed as a document: the chat offers it as a download instead of showing it.
 */
function kindOfStored(kind: MessageKind, media: StoredMedia | null): { kind?: MessageKind; mediaType?: string } {
  const families: Partial<Record<MessageKind, string>> = { image: 'image/', sticker: 'image/', video: 'video/', audio: 'audio/' };
  const family = families[kind];
  if (!media || !family || (isInlineType(media.mimetype) && media.mimetype.toLowerCase().startsWith(family))) return {};
  return { kind: 'document', mediaType: MEDIA_TYPE_BY_KIND.document };
}
