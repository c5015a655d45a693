import type { EventDefinition } from '@app/contracts';
import { type NewEvent, OutboxWriter, prepared } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** The message ids each connection has taken (`whatsapp.inbound_messages`) and their acks (`whatsapp.message_acks`). */
@Injectable()
export class InboundMessageRepository {
  constructor(
    @InjectDataSource('whatsapp') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async alreadySeen(connectionId: number, messageId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM whatsapp.inbound_messages WHERE connection_id = $1 AND wa_message_id = $2`,
      [connectionId, messageId],
    );
    return rows.length > 0;
  }

  /**
   * Takes the message ids of a connection, records their acks (an ack only when its id is taken now)
   * and writes the events of the messages taken, in one statement that needs no transaction: answers
   * the ids taken now, not before. Each event is written only when its `gate` (a message id) is taken now.
   */
  async takeAll(
    connectionId: number,
    messages: { id: string; fromMe: boolean; ack: number }[],
    newEvents: (NewEvent<EventDefinition> & { gate: string })[],
  ): Promise<Set<string>> {
    const events = this.outbox.statementPart(newEvents, 5, 'SELECT wa_message_id FROM taken');
    const taken: { wa_message_id: string }[] = await this.dataSource.query(
      prepared(`WITH taken AS (
         INSERT INTO whatsapp.inbound_messages (connection_id, wa_message_id, from_me)
         SELECT $1, id, from_me FROM unnest($2::text[], $3::boolean[]) AS m(id, from_me)
         ON CONFLICT ON CONSTRAINT inbound_messages_unique DO NOTHING RETURNING connection_id, wa_message_id
       ), acked AS (
         INSERT INTO whatsapp.message_acks (connection_id, wa_message_id, ack)
         SELECT taken.connection_id, taken.wa_message_id, m.ack FROM taken JOIN unnest($2::text[], $4::int[]) AS m(id, ack) ON m.id = taken.wa_message_id
         ON CONFLICT (connection_id, wa_message_id) DO UPDATE SET ack = GREATEST(whatsapp.message_acks.ack, EXCLUDED.ack)
       ), ${events.ctes}
       SELECT wa_message_id, ${events.notify} AS notified FROM taken`),
      [connectionId, messages.map((m) => m.id), messages.map((m) => m.fromMe), messages.map((m) => m.ack), ...events.params],
    );
    return new Set(taken.map((row) => row.wa_message_id));
  }

  /** Records the ack only when it moves the message's state forward; false when it does not. */
  async moveAck(manager: EntityManager, connectionId: number, messageId: string, ack: number): Promise<boolean> {
    const moved: unknown[] = await manager.query(
      `INSERT INTO whatsapp.message_acks AS a (connection_id, wa_message_id, ack) VALUES ($1, $2, $3)
       ON CONFLICT (connection_id, wa_message_id) DO UPDATE SET ack = EXCLUDED.ack WHERE a.ack < EXCLUDED.ack
       RETURNING 1`,
      [connectionId, messageId, ack],
    );
    return moved.length > 0;
  }
}
