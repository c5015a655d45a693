/**
 * Calls `each` for every item, letting the event loop turn between slices: checking 100,000 sheet
 * rows then holds no other request up for more than a slice's worth (a millisecond or two).
 */
export async function forEachInSlices<T>(items: readonly T[], each: (item: T) => void, size = 1_000): Promise<void> {
  for (let at = 0; at < items.length; at += size) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    for (let i = at; i < Math.min(items.length, at + size); i++) each(items[i]!);
  }
}
