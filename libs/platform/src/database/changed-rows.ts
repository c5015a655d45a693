/**
 * Rows of an UPDATE or DELETE ... RETURNING, from what a repository's raw query answered. TypeORM's
 * postgres driver answers those with `[rows, affectedCount]` instead of the rows, unlike SELECT and
 * INSERT.
 */
export function changedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}
