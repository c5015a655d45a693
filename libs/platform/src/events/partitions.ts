import { Partitioners, type PartitionMetadata } from 'kafkajs';

const partitioner = Partitioners.DefaultPartitioner();

/**
 * The partition of `topic` that an event keyed `key` lands on when the topic has `partitions`
 * partitions: the hash the Kafka transport's producer uses (murmur2, like the Java client's), so a
 * consumer can tell which keys its assigned partitions hold.
 */
export function partitionOf(topic: string, key: string, partitions: number): number {
  const partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({ partitionId, leader: 0 }) as PartitionMetadata);
  return partitioner({ topic, partitionMetadata, message: { key, value: null } });
}
