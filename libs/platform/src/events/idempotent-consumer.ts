import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';

/**
 * Applies an event's effect at most once per consumer: the event id is recorded in the same
 * transaction as the effect, so a redelivered event finds its record and changes nothing.
 * Returns false when the event had already been applied.
 */
export async function consumeOnce(
  dataSource: DataSource,
  schema: string,
  consumer: string,
  envelope: EventEnvelope,
  effect: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "${schema}".processed_events (consumer, event_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [consumer, envelope.id],
    );
    if (inserted.length === 0) return false;
    await effect(manager);
    return true;
  });
}
