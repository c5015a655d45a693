import { TOPIC_PARTITIONS, TOPICS } from '@app/contracts';
import { partitionOf } from '@app/platform';

/** The whatsapp.commands partition a connection's commands land on (same hash as our producer). */
export function commandPartitionOf(connectionId: number, partitions = TOPIC_PARTITIONS[TOPICS.whatsappCommands]): number {
  return partitionOf(TOPICS.whatsappCommands, String(connectionId), partitions);
}
