import type { EventEnvelope } from '@app/contracts';
import type { DataSource, EntityManager } from 'typeorm';

import { ProcessedEventRepository } from './processed-event.repository';

/**
 * Applies an event's effect at most once per consumer (see ProcessedEventRepository.consumeOnce,
 * which consumers inject instead; this form is for code that holds only a DataSource).
 * Returns false when the event had already been applied.
 */
export async function consumeOnce(
  dataSource: DataSource,
  schema: string,
  consumer: string,
  envelope: EventEnvelope,
  effect: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  return new ProcessedEventRepository(dataSource, schema).consumeOnce(consumer, envelope, effect);
}

/** consumeOnce for a batch of events, in one transaction (see ProcessedEventRepository.consumeBatchOnce). */
export function consumeBatchOnce(
  dataSource: DataSource,
  schema: string,
  consumer: string,
  envelopes: EventEnvelope[],
  effect: (manager: EntityManager, fresh: EventEnvelope[]) => Promise<void>,
  onceByThemselves?: (envelope: EventEnvelope) => boolean,
): Promise<number> {
  return new ProcessedEventRepository(dataSource, schema).consumeBatchOnce(consumer, envelopes, effect, onceByThemselves);
}
