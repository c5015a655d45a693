import type { EventEnvelope } from '@app/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';

import { prepared } from '../database/prepared';
import { SERVICE_DATA_SOURCE, SERVICE_SCHEMA } from '../database/service-tokens';

/**
 * The events each consumer of a service has applied (`<schema>.processed_events`). Provided by the
 * service's ServiceDatabaseModule; a consumer injects it and applies each event's effect through
 * `consumeOnce`.
 */
@Injectable()
export class ProcessedEventRepository {
  constructor(
    @Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(SERVICE_SCHEMA) private readonly schema: string,
  ) {}

  /**
   * Applies an event's effect at most once per consumer: the event id is recorded in the same
   * transaction as the effect, so a redelivered event finds its record and changes nothing.
   * Returns false when the event had already been applied.
   */
  consumeOnce(consumer: string, envelope: EventEnvelope, effect: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "${this.schema}".processed_events (consumer, event_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [consumer, envelope.id],
      );
      if (inserted.length === 0) return false;
      await effect(manager);
      return true;
    });
  }

  /**
   * consumeOnce for a batch, in one transaction: the effect gets the events not applied before (in
   * their order) and runs only when there are any. Returns how many it applied. Events that
   * `onceByThemselves` names are not recorded and always given: their effect already does nothing
   * the second time (a message filed once by its WhatsApp id), so the record would be a statement
   * for nothing.
   */
  consumeBatchOnce(
    consumer: string,
    envelopes: EventEnvelope[],
    effect: (manager: EntityManager, fresh: EventEnvelope[]) => Promise<void>,
    onceByThemselves: (envelope: EventEnvelope) => boolean = () => false,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const recorded = envelopes.filter((envelope) => !onceByThemselves(envelope));
      const inserted: { event_id: string }[] =
        recorded.length === 0
          ? []
          : await manager.query(
              prepared(`INSERT INTO "${this.schema}".processed_events (consumer, event_id) SELECT $1, unnest($2::uuid[])
         ON CONFLICT DO NOTHING RETURNING event_id`),
              [consumer, recorded.map((envelope) => envelope.id)],
            );
      const taken = new Set(inserted.map((row) => row.event_id));
      const fresh = envelopes.filter((envelope) => onceByThemselves(envelope) || taken.delete(envelope.id));
      if (fresh.length > 0) await effect(manager, fresh);
      return fresh.length;
    });
  }
}
