import { startWhenReachable } from './event-transport.provider';

describe('a broker that is not reachable at start is waited for, not a reason to exit', () => {
  it('retries with a growing pause, logging each failure, until the start succeeds', async () => {
    const warnings: string[] = [];
    let attempts = 0;
    const started = Date.now();
    await startWhenReachable(
      async () => {
        attempts += 1;
        if (attempts < 4) throw new Error('Connection error: connect ECONNREFUSED 127.0.0.1:9092');
      },
      { warn: (message: string) => warnings.push(message) },
      { firstMs: 10, maxMs: 20 },
    );
    expect(attempts).toBe(4);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toBe(
      'Kafka is not reachable (attempt 1: Connection error: connect ECONNREFUSED 127.0.0.1:9092); retrying in 0.01 s',
    );
    expect(warnings[2]).toContain('retrying in 0.02 s');
    expect(Date.now() - started).toBeGreaterThanOrEqual(10 + 20 + 20 - 5);
  });
});
