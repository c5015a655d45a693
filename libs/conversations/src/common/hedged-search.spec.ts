import { setTimeout as delay } from 'node:timers/promises';

import { hedgedSearch } from './hedged-search';

function answer<T>(value: T, afterMs: number, calls?: string[], name?: string): (signal: AbortSignal) => Promise<T> {
  return async () => {
    if (calls && name) calls.push(name);
    await delay(afterMs);
    return value;
  };
}

describe('hedgedSearch', () => {
  it('takes a quick walk without asking the indexes', async () => {
    const calls: string[] = [];
    await expect(hedgedSearch(answer([1, 2], 0, calls, 'walk'), answer([9], 0, calls, 'indexes'), 50)).resolves.toEqual([1, 2]);
    expect(calls).toEqual(['walk']);
  });

  it('asks the indexes after a quick walk that did not fill the page', async () => {
    await expect(hedgedSearch(answer(null, 0), answer([7], 0), 50)).resolves.toEqual([7]);
  });

  it('takes the indexes when they answer before a slow walk', async () => {
    const calls: string[] = [];
    await expect(hedgedSearch(answer([1], 300, calls, 'walk'), answer([7], 5, calls, 'indexes'), 10)).resolves.toEqual([7]);
    expect(calls).toEqual(['walk', 'indexes']);
  });

  it('takes a slow walk that fills the page before the indexes answer', async () => {
    await expect(hedgedSearch(answer([1], 30), answer([7], 300), 10)).resolves.toEqual([1]);
  });

  it('aborts the loser: the walk when the indexes win, the indexes when the walk wins', async () => {
    const signals: Record<string, AbortSignal> = {};
    const keep =
      <T>(name: string, value: T, afterMs: number) =>
      async (signal: AbortSignal) => {
        signals[name] = signal;
        await delay(afterMs);
        return value;
      };
    await hedgedSearch(keep('walk', [1], 300), keep('indexes', [7], 5), 10);
    expect([signals.walk!.aborted, signals.indexes!.aborted]).toEqual([true, false]);
    await hedgedSearch(keep('walk', [1], 30), keep('indexes', [7], 300), 10);
    expect([signals.walk!.aborted, signals.indexes!.aborted]).toEqual([false, true]);
    await hedgedSearch(keep('walk', null, 30), keep('indexes', [7], 60), 10);
    expect([signals.walk!.aborted, signals.indexes!.aborted]).toEqual([false, false]);
  });

  it('waits for the indexes when a slow walk ends without a page', async () => {
    await expect(hedgedSearch(answer(null, 30), answer([7], 100), 10)).resolves.toEqual([7]);
  });

  it("a failing loser is not an unhandled rejection, a failing winner is the search's failure", async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    // The marker: set in the check phase after the loser's rejection, by when Node has already
    // reported an unhandled one (rejections are checked as the microtask queue drains).
    let rejected!: () => void;
    const loserRejected = new Promise<void>((resolve) => (rejected = resolve));
    const failing = async (): Promise<number[]> => {
      await delay(100);
      setImmediate(rejected);
      throw new Error('cancelled');
    };
    try {
      await expect(hedgedSearch(failing, answer([7], 5), 10)).resolves.toEqual([7]);
      await loserRejected;
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
    await expect(hedgedSearch(answer(null, 0), async () => Promise.reject(new Error('down')), 10)).rejects.toThrow('down');
  });
});
