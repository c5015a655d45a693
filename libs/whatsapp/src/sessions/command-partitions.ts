import { Partitioners, type PartitionMetadata } from 'kafkajs';
import { TOPIC_PARTITIONS } from '@app/contracts';

const partitioner = Partitioners.DefaultPartitioner();
const COMMANDS = 'whatsapp.commands';

/** The whatsapp.commands partition a connection's commands land on (same hash as our producer). */
export function commandPartitionOf(connectionId: number, partitions = TOPIC_PARTITIONS[COMMANDS]): number {
  const partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({ partitionId, leader: 0 }) as PartitionMetadata);
  return partitioner({ topic: COMMANDS, partitionMetadata, message: { key: String(connectionId), value: null } });
}
