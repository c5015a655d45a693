import { commandPartitionOf } from './command-partitions';

describe('command partitions', () => {
  it("a connection's commands always land on the same partition, the one Kafka's default partitioner picks", () => {
    expect(commandPartitionOf(42)).toBe(commandPartitionOf(42));
    const partitions = Array.from({ length: 200 }, (_, i) => commandPartitionOf(i + 1));
    expect(new Set(partitions).size).toBe(12);
    expect(partitions.every((p) => p >= 0 && p < 12)).toBe(true);
  });
});
