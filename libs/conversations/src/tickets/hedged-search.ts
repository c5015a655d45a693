import { setTimeout as delay } from 'node:timers/promises';

/**
 * A search's page by whichever way answers first. The walk of the list (which answers a term many
 * tickets hold, and gives null for a rarer one) starts alone; when it has not answered within
 * `hedgeMs` the indexes (which always answer) are asked beside it, and the first complete answer is
 * taken: both give the same page. The loser's statement runs on to its end unread.
 */
export async function hedgedSearch(
  walk: () => Promise<number[] | null>,
  indexes: () => Promise<number[]>,
  hedgeMs: number,
): Promise<number[]> {
  const walking = walk();
  const early = await Promise.race([walking, delay(hedgeMs).then(() => 'late' as const)]);
  if (early !== 'late') return early ?? indexes();
  const indexed = indexes();
  // Whichever loses is not awaited: its failure must not surface as an unhandled rejection.
  walking.catch(() => undefined);
  indexed.catch(() => undefined);
  const first = await Promise.race([walking.then((ids) => ({ walked: ids })), indexed.then((ids) => ({ indexed: ids }))]);
  if ('indexed' in first) return first.indexed;
  return first.walked ?? indexed;
}
