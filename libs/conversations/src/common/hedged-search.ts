import { setTimeout as delay } from 'node:timers/promises';

/**
 * A search's page by whichever way answers first. The walk of the list (which answers a term many
 * tickets hold, and gives null for a rarer one) starts alone; when it has not answered within
 * `hedgeMs` the indexes (which always answer) are asked beside it, and the first complete answer is
 * taken: both give the same page. The loser is aborted through its signal (its statements cancelled:
 * the indexes' for a word in every message would read for minutes).
 */
export async function hedgedSearch(
  walk: (signal: AbortSignal) => Promise<number[] | null>,
  indexes: (signal: AbortSignal) => Promise<number[]>,
  hedgeMs: number,
): Promise<number[]> {
  const walkControl = new AbortController();
  const walking = walk(walkControl.signal);
  const early = await Promise.race([walking, delay(hedgeMs).then(() => 'late' as const)]);
  if (early !== 'late') return early ?? indexes(new AbortController().signal);
  const indexControl = new AbortController();
  const indexed = indexes(indexControl.signal);
  // Whichever loses is not awaited: its failure (its cancellation) must not surface as an unhandled rejection.
  walking.catch(() => undefined);
  indexed.catch(() => undefined);
  const first = await Promise.race([walking.then((ids) => ({ walked: ids })), indexed.then((ids) => ({ indexed: ids }))]);
  if ('indexed' in first) {
    walkControl.abort();
    return first.indexed;
  }
  if (first.walked) {
    indexControl.abort();
    return first.walked;
  }
  return indexed;
}
