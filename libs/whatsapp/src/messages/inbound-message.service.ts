import type { DataSource } from 'typeorm';
import {
  contactUpdated,
  messageAcked,
  messageDeleted,
  messageEdited,
  messageReceived,
  presenceUpdated,
  type NormalisedMessage,
  type StoredMedia,
  type WaParty,
} from '@app/contracts';
import type { OutboxWriter } from '@app/platform';
import type { MediaStore } from '../media/media-store';
import type { InboundMessage } from '../providers/whatsapp-provider';

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
export class InboundMessageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly media: MediaStore,
  ) {}

  async alreadySeen(connectionId: number, messageId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM whatsapp.inbound_messages WHERE connection_id = $1 AND wa_message_id = $2`,
      [connectionId, messageId],
    );
    return rows.length > 0;
  }

  /** Returns false when the message had been taken before (nothing is published again). */
  async receive(companyId: number, connectionId: number, inbound: InboundMessage): Promise<boolean> {
    // Media is fetched and stored before the transaction, so a known message is not downloaded again;
    // a duplicate that races us only leaves a file. Without media the insert below is check enough.
    let media: StoredMedia | null = null;
    if (inbound.media) {
      if (await this.alreadySeen(connectionId, inbound.id)) return false;
      const bytes = await inbound.media.load();
      media = await this.media.storeReceived(companyId, connectionId, inbound.id, bytes, inbound.media.mimetype, inbound.media.fileName);
    }
    const message: NormalisedMessage = { ...inbound, media };
    return this.dataSource.transaction(async (manager) => {
      // The message id is taken and its ack recorded in one statement (the ack only when taken).
      const taken: unknown[] = await manager.query(
        `WITH taken AS (
           INSERT INTO whatsapp.inbound_messages (connection_id, wa_message_id, from_me) VALUES ($1, $2, $3)
           ON CONFLICT ON CONSTRAINT inbound_messages_unique DO NOTHING RETURNING connection_id, wa_message_id
         ), acked AS (
           INSERT INTO whatsapp.message_acks (connection_id, wa_message_id, ack) SELECT connection_id, wa_message_id, $4 FROM taken
           ON CONFLICT (connection_id, wa_message_id) DO UPDATE SET ack = GREATEST(whatsapp.message_acks.ack, EXCLUDED.ack)
         ) SELECT 1 FROM taken`,
        [connectionId, inbound.id, inbound.fromMe, inbound.ack],
      );
      if (taken.length === 0) return false;
      await this.outbox.add(manager, { definition: messageReceived, companyId, key: chatKey(connectionId, message.chat), payload: { connectionId, message } });
      return true;
    });
  }

  /** Publishes the ack only when it moves the message's state forward. */
  async ack(companyId: number, connectionId: number, messageId: string, ack: number): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const moved: unknown[] = await manager.query(
        `INSERT INTO whatsapp.message_acks AS a (connection_id, wa_message_id, ack) VALUES ($1, $2, $3)
         ON CONFLICT (connection_id, wa_message_id) DO UPDATE SET ack = EXCLUDED.ack WHERE a.ack < EXCLUDED.ack
         RETURNING 1`,
        [connectionId, messageId, ack],
      );
      if (moved.length === 0) return false;
      await this.outbox.add(manager, { definition: messageAcked, companyId, key: connectionId, payload: { connectionId, messageId, ack } });
      return true;
    });
  }

  async edit(companyId: number, connectionId: number, messageId: string, body: string, fromMe: boolean): Promise<void> {
    await this.dataSource.transaction((manager) =>
      this.outbox.add(manager, { definition: messageEdited, companyId, key: connectionId, payload: { connectionId, messageId, body, fromMe } }),
    );
  }

  async delete(companyId: number, connectionId: number, messageId: string, fromMe: boolean): Promise<void> {
    await this.dataSource.transaction((manager) =>
      this.outbox.add(manager, { definition: messageDeleted, companyId, key: connectionId, payload: { connectionId, messageId, fromMe } }),
    );
  }

  async presence(companyId: number, connectionId: number, chat: WaParty, presence: 'available' | 'unavailable' | 'composing' | 'recording' | 'paused'): Promise<void> {
    await this.dataSource.transaction((manager) =>
      this.outbox.add(manager, { definition: presenceUpdated, companyId, key: chatKey(connectionId, chat), payload: { connectionId, chat, presence } }),
    );
  }

  async contact(
    companyId: number,
    connectionId: number,
    contact: { number: string | null; lid: string | null; name: string | null; pushName: string | null },
  ): Promise<void> {
    await this.dataSource.transaction((manager) =>
      this.outbox.add(manager, { definition: contactUpdated, companyId, key: connectionId, payload: { connectionId, ...contact } }),
    );
  }
}
