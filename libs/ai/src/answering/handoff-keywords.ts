/** Lower case, without accents: 'Atendênte' and 'atendente' are the same word. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether the customer's text holds one of the keywords as a word of its own ('humano', not 'desumano'). */
export function asksForHuman(text: string, keywords: readonly string[]): boolean {
  const words = new Set(plain(text).split(/[^\p{L}\p{N}]+/u));
  return keywords.some((keyword) => {
    const wanted = plain(keyword).trim();
    if (!wanted) return false;
    if (!/[^\p{L}\p{N}]/u.test(wanted)) return words.has(wanted);
    // A keyword of several words matches as a phrase between word boundaries.
    const escaped = wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(plain(text));
  });
}
