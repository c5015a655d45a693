import { connectionDeleted, connectionTranscriptionUpdated, connectionUpdated, type EventEnvelope, TOPICS } from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { ConnectionRepository } from './connection.repository';

export const CONNECTION_EVENTS_CONSUMER = 'ai-connections';

/**
 * Keeps ai.connections from whatsapp's connection events: how long a customer's messages are grouped
 * before an answer, the connection's number, and how its audio is transcribed (whether it has a key:
 * the key itself stays with whatsapp, decision 0052).
 */
@Injectable()
export class ConnectionEventsConsumer implements EventConsumer {
  readonly subscription;

  constructor(
    @Inject(AI_OPTIONS) options: AiOptions,
    private readonly processed: ProcessedEventRepository,
    private readonly connections: ConnectionRepository,
  ) {
    this.subscription = {
      groupId: options.connectionsGroupId ?? CONNECTION_EVENTS_CONSUMER,
      topics: [TOPICS.whatsappEvents],
      eventTypes: [connectionUpdated.type, connectionDeleted.type, connectionTranscriptionUpdated.type],
    };
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const updated = readEvent(connectionUpdated, envelope)?.connection;
    const deleted = readEvent(connectionDeleted, envelope);
    const transcription = readEvent(connectionTranscriptionUpdated, envelope);
    if (!updated && !deleted && !transcription) return;
    if (transcription && transcription.companyId !== envelope.companyId) return;
    await this.processed.consumeOnce(this.subscription.groupId, envelope, async (manager) => {
      if (updated) {
        await this.connections.upsert(manager, {
          id: updated.id,
          companyId: updated.companyId,
          timeforagroup: updated.timeforagroup,
          number: updated.number,
        });
      }
      if (transcription) {
        await this.connections.setTranscription(manager, {
          id: transcription.connectionId,
          companyId: transcription.companyId,
          transcribe: transcription.transcribe,
          transcribeme: transcription.transcribeme,
          sendme: transcription.sendme,
          provider: transcription.transcribeprovider,
          hasKey: transcription.hasKey,
        });
      }
      if (deleted) await this.connections.delete(manager, deleted.companyId, deleted.connectionId);
    });
  }
}
