import type { EventEnvelope } from '@app/contracts';
import { consumeBatchOnce, consumeOnce } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** The events this service's consumers applied (`conversations.processed_events`): each one at most once per consumer. */
@Injectable()
export class ProcessedEventRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  /**
   * Applies the event's effect in one transaction with the record that this consumer applied it; a
   * redelivered event changes nothing. False when it had already been applied.
   */
  applyOnce(consumer: string, envelope: EventEnvelope, effect: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return consumeOnce(this.dataSource, 'conversations', consumer, envelope, effect);
  }

  /**
   * applyOnce for a batch in one transaction: the effect gets the events not applied before, in
   * order (and always those `onceByThemselves` names, see consumeBatchOnce).
   */
  applyBatchOnce(
    consumer: string,
    envelopes: EventEnvelope[],
    effect: (manager: EntityManager, fresh: EventEnvelope[]) => Promise<void>,
    onceByThemselves?: (envelope: EventEnvelope) => boolean,
  ): Promise<number> {
    return consumeBatchOnce(this.dataSource, 'conversations', consumer, envelopes, effect, onceByThemselves);
  }
}
